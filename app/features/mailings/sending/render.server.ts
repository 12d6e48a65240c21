import { render } from "@react-email/components";
import { createElement } from "react";
import type { Id, Mailing } from "~/kernel/store/records";
import { emailPlainText } from "~/kernel/email/plain-text";
import { sanitizeRichText } from "~/kernel/store/content/sanitize.server";
import { MAILING_PHOTO_WIDTH, MailingEmail } from "../emails/MailingEmail";
import { listUnsubscribeHeaders } from "../unsubscribe/unsubscribe";
import {
  absoluteLinks,
  absoluteUrl,
  FIRST_NAME_STAND_IN,
  mailingPhoto,
  personalise,
  UNSUBSCRIBE_STAND_IN,
  type MailingCopy,
  type RenderedTemplate,
} from "./copy";

/**
 * Renders a mailing's template once (docs/requirements.md §13, ADR 73) with the stand-ins of
 * copy.ts; each copy is then personalised from it. The body is sanitised again here, as news
 * is, so whatever was stored, only the allow-listed HTML is sent.
 */
export async function renderMailingTemplate(mailing: Mailing, siteUrl: string): Promise<RenderedTemplate> {
  const button = mailing.buttonLabel && mailing.buttonUrl ? { label: mailing.buttonLabel, url: absoluteUrl(mailing.buttonUrl, siteUrl) } : null;
  const html = await render(
    createElement(MailingEmail, {
      kind: mailing.kind,
      subject: mailing.subject,
      preview: mailing.preview,
      firstName: FIRST_NAME_STAND_IN,
      bodyHtml: absoluteLinks(sanitizeRichText(mailing.bodyHtml), siteUrl),
      photo: mailingPhoto(mailing.photo, siteUrl, MAILING_PHOTO_WIDTH),
      button,
      siteUrl,
      unsubscribeUrl: UNSUBSCRIBE_STAND_IN,
    }),
  );
  return { html, text: emailPlainText(html) };
}

/** The copy as it will be sent (the preview and the test use it): HTML, text, headers. */
export async function renderMailingCopy(
  mailing: Mailing,
  recipient: { memberId: Id; firstName: string },
  links: { siteUrl: string; unsubscribeUrl: string },
): Promise<MailingCopy> {
  const template = await renderMailingTemplate(mailing, links.siteUrl);
  return personalise(template, recipient.firstName, links.unsubscribeUrl, listUnsubscribeHeaders(links.unsubscribeUrl));
}
