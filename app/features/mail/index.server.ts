/**
 * The mail feature's public entry for its server code: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { refuseOutsideDevelopment } from "./dev-mail.server";
export { loadOutboxEmail, loadOutboxPage, outboxTime } from "./outbox-pages.server";
export { resendOutboxEmail } from "./outbox-resend.server";
