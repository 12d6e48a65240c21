/**
 * The membership feature's public entry for its pure rules and types: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { accountStatusLabel, formatDateTime, registrationPaymentLabel } from "./account";
export { ACCOUNT_NOT_FOUND } from "./application-sheet";
export { emailField, memberDetailsFrom, memberDetailsSchema } from "./member-details";
export type { MemberDetails } from "./member-details";
export { INVALID_FORM_MESSAGE, MEMBER_DETAILS_LIMITS, MEMBER_DETAILS_MESSAGES, isTicked, shownChildCount } from "./member-details-form";
export { EMAIL_TAKEN_MESSAGE } from "./own-account";
export { canUpgradeToFamily, renewalPaid } from "./renewal";
export { formatStage, formatStages, parseStages, reminderStageLines, stageFromKey, ukDate } from "./renewal-reminder-stages";
