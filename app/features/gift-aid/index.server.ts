// Gift Aid (docs/requirements.md §14, ADR 74): what other features use on the server.
export { backfillSignUpDeclarations } from "./sign-up-backfill.server";
