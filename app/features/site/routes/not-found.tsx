export { loader, default } from "./not-found-splat";
