import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAssociationContact } from "~/kernel/layout/association.server";
import { createElement } from "react";
import type { ActivityEvent } from "~/kernel/activity/activity";
import { rejectionPatch, rejectionRefusal } from "./member-rejection";
import type { Member } from "~/kernel/store/records";
import { ApplicationRejectedEmail, APPLICATION_REJECTED_SUBJECT } from "~/features/office/emails/ApplicationRejectedEmail";
import { createEmailService } from "~/kernel/email/email.server";
import { nowSeconds } from "~/kernel/store/ids";

/**
 * Rejecting an application (docs/requirements.md §6.6, ADR 0052): the record is kept, marked rejected (and
 * deleted, so it cannot sign in and its e-mail stays taken), and the applicant gets the
 * reason by e-mail. The route records the activity.
 */

export type RejectionResult = { ok: true; member: Member; activity: ActivityEvent } | { ok: false; status: 404 } | { ok: false; status: 409; message: string };

/** Who can be rejected: the applicant's record for the page, or why not. */
export async function loadApplicant(context: AppLoadContext, id: string): Promise<{ member: Member; refusal: string | null } | null> {
  const member = await context.store.members.getById(id);
  if (!member || member.rejected) return null;
  return { member, refusal: rejectionRefusal(member) };
}

export async function rejectApplicant(context: AppLoadContext, id: string, reason: string): Promise<RejectionResult> {
  const found = await loadApplicant(context, id);
  if (!found) return { ok: false, status: 404 };
  if (found.refusal) return { ok: false, status: 409, message: found.refusal };
  const updated = await context.store.members.update(id, rejectionPatch(reason, nowSeconds()));
  if (!updated) return { ok: false, status: 404 };
  await createEmailService(context).send({
    to: [updated.email],
    subject: APPLICATION_REJECTED_SUBJECT,
    react: createElement(ApplicationRejectedEmail, { fullName: updated.fullName, reason, contactEmail: (await readAssociationContact(context)).email }),
    purpose: "application-rejected",
    memberId: updated.id,
  });
  return {
    ok: true,
    member: updated,
    activity: { kind: "member-rejected", member: { id: updated.id, fullName: updated.fullName, memberNumber: updated.memberNumber } },
  };
}
