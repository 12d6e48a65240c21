/**
 * The Gift Aid feature's public entry for its server code: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { eraseDeclarations, recordSignUpDeclaration } from "./declarations/declarations.server";
