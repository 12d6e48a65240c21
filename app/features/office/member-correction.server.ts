import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAssociationContact } from "~/kernel/layout/association.server";
import { createElement } from "react";
import type { ActivityEvent } from "~/kernel/activity/activity";
import { changesForLog, correctionChanges, correctionPatch, noticeChanges, type Correction, type FieldChange } from "./member-correction";
import { EMAIL_TAKEN_MESSAGE } from "~/features/membership";
import type { Member } from "~/kernel/store/records";
import { MemberCorrectedEmail, MEMBER_CORRECTED_SUBJECT } from "~/features/office/emails/MemberCorrectedEmail";
import { createEmailService } from "~/kernel/email/email.server";
import { DuplicateEmailError } from "~/kernel/store/errors";

/**
 * An accountant's correction of a member's record (docs/requirements.md §6.5, ADR 0052): the e-mail must be
 * free (any case, deleted members too, as sign-up and the member's own change check), the
 * record is written in one update, and the member is told when their e-mail address or
 * membership changed: at the new and at the old address for an e-mail change.
 */

export type CorrectionResult =
  | { ok: true; member: Member; changes: FieldChange[]; activity: ActivityEvent | null }
  | { ok: false; status: 404 }
  | { ok: false; status: 400; field: "email"; message: string };

export async function correctMember(context: AppLoadContext, id: string, correction: Correction): Promise<CorrectionResult> {
  const member = await context.store.members.getById(id);
  if (!member || member.rejected) return { ok: false, status: 404 };
  const taken = correction.email === member.email ? null : await context.store.members.findByEmail(correction.email);
  if (taken && taken.id !== member.id) return { ok: false, status: 400, field: "email", message: EMAIL_TAKEN_MESSAGE };

  let updated: Member | null;
  try {
    updated = await context.store.members.update(member.id, correctionPatch(member, correction));
  } catch (error) {
    // Taken between the check and the write: the store's unique index decides.
    if (error instanceof DuplicateEmailError) return { ok: false, status: 400, field: "email", message: EMAIL_TAKEN_MESSAGE };
    throw error;
  }
  if (!updated) return { ok: false, status: 404 };

  const changes = correctionChanges(member, updated);
  const notice = noticeChanges(changes);
  if (notice.length > 0) {
    const email = createEmailService(context);
    const { email: contactEmail } = await readAssociationContact(context);
    const addresses = updated.email === member.email ? [updated.email] : [updated.email, member.email];
    // One e-mail per address. The old address is told too, so a change the member did not ask for is noticed.
    for (const to of addresses) {
      await email.send({
        to: [to],
        subject: MEMBER_CORRECTED_SUBJECT,
        react: createElement(MemberCorrectedEmail, { fullName: updated.fullName, changes: notice, contactEmail }),
        purpose: "member-corrected",
        memberId: updated.id,
      });
    }
  }
  const activity: ActivityEvent | null =
    changes.length === 0
      ? null
      : { kind: "member-corrected", member: { id: updated.id, fullName: updated.fullName, memberNumber: updated.memberNumber }, ...changesForLog(changes) };
  return { ok: true, member: updated, changes, activity };
}
