/**
 * The Gift Aid feature's public entry (ADR 58): its pure rules, the declaration's wording, and a
 * member's own declarations as the pages show them. Anything not exported from index.ts,
 * components.ts or index.server.ts is the feature's own; lint refuses a reach past them.
 */
export { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, LEGACY_SIGN_UP_WORDING_VERSION, declarationWording } from "./declaration-wording";
export { giftAidOn, scheduleAmount } from "./rules/amount";
export { earliestClaimableDay, lastClaimDay, taxYearEnd, withinClaimWindow } from "./rules/claim-window";
export { scheduleDate } from "./rules/date";
export { declarationInForce } from "./rules/declaration-in-force";
export { donorDetails, type DonorDetails } from "./rules/donor-details";
export { HOUSE_TOO_LONG, NO_HOUSE, houseFromAddress } from "./rules/house";
export { HOUSE_MAX, NAME_MAX, TITLE_MAX } from "./rules/limits";
export { scheduleTitle, splitName, withoutHyphens, type SplitName } from "./rules/name";
export { netAmount } from "./rules/net-amount";
export { BAD_POSTCODE, isUkPostcode, normalisePostcode } from "./rules/postcode";
export { SCHEDULE_HEADINGS, scheduleRows, type ScheduleCell, type ScheduleRowSource, type ScheduleSheet } from "./schedule/sheet";
export {
  DECLARATION_ORIGIN_LABELS,
  DECLARATION_ORIGIN_PHRASES,
  currentDeclaration,
  declarationStatusLabel,
  declarationView,
  type DeclarationView,
} from "./declarations/declarations";
export { declarationsKeptUntil, mayPseudonymiseDeclarations } from "./declarations/retention";
