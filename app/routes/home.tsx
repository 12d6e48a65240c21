export { loader, meta, default } from "./_index";
