/**
 * Stands in for prettier in the Worker bundle. @react-email/render imports it
 * statically for its `pretty` option, which we never use; the real thing would
 * add about a megabyte to every cold start. See vite.config.ts.
 */
export function format(): never {
  throw new Error("prettier is not bundled in the Worker: render e-mails without { pretty: true }");
}
export default {};
