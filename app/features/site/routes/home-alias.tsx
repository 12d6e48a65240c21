export { loader, meta, default } from "./home";
