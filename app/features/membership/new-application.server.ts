import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { formatMemberNumber } from "~/kernel/store/member-number";
import type { Member } from "~/kernel/store/records";
import { NewApplicationEmail, newApplicationSubject } from "~/features/membership/emails/NewApplicationEmail";
import { createEmailService } from "~/kernel/email/email.server";
import { memberPagePath } from "~/features/office";

/**
 * A new application e-mails the accountants (docs/requirements.md §3.3, ADR 0052): the address set in the
 * studio's settings ("Send new applications to"), or else every active accountant, each on
 * their own e-mail (one outbox entry each, no list of addresses shown to all). The link opens
 * the applicant's own page by their id (docs/requirements.md §6.3.1): a search by their e-mail
 * could find others, and would find no one once the address is corrected.
 */

/** The applicant's page in the back office, absolute (`siteUrl`: the request's origin, or SITE_URL in a scheduled run). */
export const applicantPageLink = (siteUrl: string, member: Pick<Member, "id">) => new URL(memberPagePath(member.id), siteUrl).toString();

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
      link: applicantPageLink(siteUrl, applicant),
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
