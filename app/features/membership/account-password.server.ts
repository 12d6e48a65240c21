import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAssociationContact } from "~/kernel/layout/association.server";
import { createElement } from "react";
import type { ChangePasswordInput } from "./own-account";
import type { Member } from "~/kernel/store/records";
import { OWN_PASSWORD_CHANGED_SUBJECT, PasswordChangedEmail } from "~/features/sign-in/components";
import { checkCurrentPassword, type CurrentPasswordCheck } from "./account-current-password.server";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createEmailService } from "~/kernel/email/email.server";
import { hashPassword } from "~/kernel/auth/password.server";

export type ChangePasswordResult = { ok: true } | Extract<CurrentPasswordCheck, { ok: false }>;

/**
 * A member changes their own password: the current one first, then the new hash and the
 * change time, which signs out every session from before it (ADR 7, the same rule a reset
 * uses). The route then gives this browser a fresh session, so only the others end.
 */
export async function changeOwnPassword(context: AppLoadContext, member: Member, input: ChangePasswordInput): Promise<ChangePasswordResult> {
  const current = await checkCurrentPassword(context, member, input.currentPassword);
  if (!current.ok) return current;
  const passwordHash = await hashPassword(input.password);
  await context.store.members.update(member.id, { passwordHash, passwordChangedAt: Date.now() / 1000 });
  await recordActivity(context, member, { kind: "own-password-changed", member });
  try {
    await createEmailService(context).send({
      to: [member.email],
      subject: OWN_PASSWORD_CHANGED_SUBJECT,
      react: createElement(PasswordChangedEmail, {
        fullName: member.fullName,
        change: { by: "account" },
        contactEmail: (await readAssociationContact(context)).email,
      }),
      purpose: "own-password-changed",
      memberId: member.id,
    });
  } catch (error) {
    // The password has changed either way; only the notice is lost (a provider failure is handled inside send).
    console.error("The password-changed notice could not be prepared:", error);
  }
  return { ok: true };
}
