/**
 * The Gift Aid feature's public entry for its pure rules and types: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, declarationWording } from "./declaration-wording";
export {
  DECLARATION_ORIGIN_LABELS,
  DECLARATION_ORIGIN_PHRASES,
  declarationStatusLabel,
  declarationView,
  type DeclarationView,
} from "./declarations/declarations";
export { declarationsKeptUntil, mayPseudonymiseDeclarations } from "./declarations/retention";
