/**
 * The Gift Aid feature's public entry for server code (ADR 58): the claim and the schedule's files,
 * and a member's declarations (given at sign-up, and what erasure does to them).
 */
export { buildClaim, type ClaimRow, type ClaimView } from "./claim.server";
export { ODS_CONTENT_TYPE, odsBytes } from "./schedule/ods.server";
export { XLSX_SCHEDULE_CONTENT_TYPE, xlsxScheduleBytes } from "./schedule/xlsx.server";
export { scheduleRows, type ScheduleSheet } from "./schedule/sheet";
export { eraseDeclarations, recordSignUpDeclaration } from "./declarations/declarations.server";
export { backfillSignUpDeclarations } from "./sign-up-backfill.server";
