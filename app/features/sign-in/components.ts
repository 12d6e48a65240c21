/**
 * The sign-in feature's public entry for its components and e-mails: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { OWN_PASSWORD_CHANGED_SUBJECT, PasswordChangedEmail } from "./emails/PasswordChangedEmail";
export { SpentLink } from "./components/SpentLink";
