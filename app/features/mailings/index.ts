/**
 * The mailings feature's public entry for its pure rules and types: what other features and the
 * kernels may use of it (ADR 58). Anything not exported from index.ts, components.ts or
 * index.server.ts is the feature's own; lint refuses a reach past them.
 */
export { byMemberId, firstNameOf, memberInAudience, recipientOf, type MemberAudience } from "./audiences/audience-rule";
