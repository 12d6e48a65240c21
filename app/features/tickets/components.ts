/**
 * The tickets feature's public entry for its components and e-mails: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { PartyBand } from "./components/PartyBand";
