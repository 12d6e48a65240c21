/**
 * The Gift Aid feature's public entry for its pure rules and types (ADR 58): what other features may use of it.
 */
// The model declaration's words, shown at sign-up, on My Account and on /donate (docs/requirements.md §14, ADR 74).
export { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, LEGACY_SIGN_UP_WORDING_VERSION, declarationWording } from "./declaration-wording";
