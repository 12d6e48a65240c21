import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { formatMemberNumber } from "~/kernel/store/member-number";
import type { Member } from "~/kernel/store/records";
import { NewApplicationEmail, newApplicationSubject } from "~/features/membership/emails/NewApplicationEmail";
import { createEmailService } from "~/kernel/email/email.server";

/**
 * A new application e-mails the accountants (docs/requirements.md §3.3, ADR 0052): the address set in the
 * studio's settings ("Send new applications to"), or else every active accountant, each on
 * their own e-mail (one outbox entry each, no list of addresses shown to all). The link opens
 * the applicant's row in the members table: the members table searched by their e-mail.
 */

/** The applicant's row in the members table, absolute (`siteUrl`: the request's origin, or SITE_URL in a scheduled run). */
export const applicantRowLink = (siteUrl: string, member: Pick<Member, "email">) =>
  new URL(`/accounts?q=${encodeURIComponent(member.email)}`, siteUrl).toString();

/** Who hears of a new application. Every member is read to find the accountants: one query on D1, the scan Cockpit's lists already do. */
export async function newApplicationRecipients(context: AppLoadContext): Promise<string[]> {
  const { newApplicationsEmail } = await context.content.getSiteSettings();
  if (newApplicationsEmail) return [newApplicationsEmail];
  const { rows } = await context.store.members.list({ deleted: false, active: true });
  return rows.filter((member) => member.role === "accountant").map((member) => member.email);
}

/**
 * Sends the e-mails. A failure is logged and never fails the sign-up: the application is
 * registered, and it is in the members table either way.
 */
export async function notifyNewApplication(context: AppLoadContext, applicant: Member, siteUrl: string): Promise<void> {
  try {
    const recipients = await newApplicationRecipients(context);
    const email = createEmailService(context);
    const props = {
      fullName: applicant.fullName,
      memberNumber: formatMemberNumber(applicant.memberNumber) ?? "no member number",
      membership: applicant.membership,
      link: applicantRowLink(siteUrl, applicant),
    };
    for (const to of recipients) {
      await email.send({
        to: [to],
        subject: newApplicationSubject(applicant.fullName),
        react: createElement(NewApplicationEmail, props),
        purpose: "new-application",
        // Sent to the association, about the applicant: part of the applicant's data.
        memberId: applicant.id,
      });
    }
  } catch (error) {
    console.error(`The new-application e-mail for member ${applicant.id} could not be sent:`, error);
  }
}
