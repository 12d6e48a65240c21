import { z } from "zod";
import type { Member, MemberPatch, UnixSeconds } from "~/kernel/store/records";

/**
 * An accountant rejects an application with a reason (docs/requirements.md §6.6, ADR 0052). An applicant is a
 * member who signed up and has not paid the registration (docs/requirements.md §3.1: not active, registration
 * not paid). The record is kept, marked rejected and deleted: it leaves both members lists
 * and their exports, cannot sign in, and its e-mail address stays taken. Pure.
 */

export const REASON_MAX = 1000;

export const REJECTION_MESSAGES = {
  reason: "Please write the reason (it is sent to the applicant)",
  tooLong: `Must be at most ${REASON_MAX} characters`,
  notApplicant: (name: string) => `${name} has paid the registration, so is not an applicant.`,
  already: (name: string) => `${name}'s application was already rejected.`,
  deleted: (name: string) => `${name} is deleted.`,
  done: (name: string) => `${name}'s application was rejected. The reason was e-mailed to them.`,
} as const;

export const rejectionSchema = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" ? v : ""),
    z.string().trim().min(1, { error: REJECTION_MESSAGES.reason, abort: true }).max(REASON_MAX, { error: REJECTION_MESSAGES.tooLong }),
  ),
});

type Subject = Pick<Member, "fullName" | "registrationPaid" | "deleted" | "rejected">;

/** Why this member cannot be rejected, or null when they can. */
export function rejectionRefusal(member: Subject): string | null {
  if (member.rejected) return REJECTION_MESSAGES.already(member.fullName);
  if (member.deleted) return REJECTION_MESSAGES.deleted(member.fullName);
  if (member.registrationPaid) return REJECTION_MESSAGES.notApplicant(member.fullName);
  return null;
}

/** The one write a rejection makes. */
export function rejectionPatch(reason: string, at: UnixSeconds): MemberPatch {
  return { deleted: true, active: false, rejected: { reason, at } };
}
