import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import { ASSOCIATION } from "../../../kernel/layout/association";
import type { MailingKind } from "../../../kernel/store/records";
import { emailStyles as styles } from "../../../kernel/email/email-styles";
import { LinkButton } from "../../../kernel/email/LinkButton";

/** The width a mailing's photo is shown at: the e-mail's own width (its container is 600 px). */
export const MAILING_PHOTO_WIDTH = 552;

export interface MailingEmailProps {
  kind: MailingKind;
  subject: string;
  preview: string;
  firstName: string;
  /** Sanitised rich text, its links already absolute. */
  bodyHtml: string;
  /** The photo's e-mail-width rendition (never the original), absolute. */
  photo: { src: string; alt: string; height?: number } | null;
  button: { label: string; url: string } | null;
  siteUrl: string;
  unsubscribeUrl: string;
}

/** The footer's links are words, not addresses: they wrap between words. */
const footerLink = { color: styles.link.color };

/** Why this member got this copy (docs/requirements.md §13): a notice by membership, a newsletter by their agreement. */
export function mailingReason(kind: MailingKind): string {
  return kind === "notice"
    ? `You are receiving this notice because you are a member of the ${ASSOCIATION.name}: notices about the association and your membership go to every member.`
    : `You are receiving this newsletter because you agreed to receive the ${ASSOCIATION.name}'s newsletters.`;
}

/** A member mailing, notice or newsletter (docs/requirements.md §13, ADR 73): the preview and the test are drawn by this same template. */
export function MailingEmail({ kind, subject, preview, firstName, bodyHtml, photo, button, siteUrl, unsubscribeUrl }: MailingEmailProps) {
  return (
    <Html lang="en-GB">
      <Head>
        <title>{subject}</title>
      </Head>
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={styles.body}>
        <Container style={styles.container}>
          {photo ? (
            <Img
              src={photo.src}
              alt={photo.alt}
              width={MAILING_PHOTO_WIDTH}
              {...(photo.height ? { height: photo.height } : {})}
              style={{ display: "block", width: "100%", maxWidth: `${MAILING_PHOTO_WIDTH}px`, height: "auto", borderRadius: "6px", margin: "0 0 16px" }}
            />
          ) : null}
          <Text style={styles.text}>{`Dear ${firstName || "member"},`}</Text>
          <Section style={{ fontSize: "15px", lineHeight: "22px" }}>
            <div dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          </Section>
          {button ? (
            <Section style={{ margin: "16px 0" }}>
              <LinkButton href={button.url}>{button.label}</LinkButton>
            </Section>
          ) : null}
          <Hr style={{ borderColor: "#d9e2d5", margin: "24px 0 0" }} />
          <Text style={styles.small}>{mailingReason(kind)}</Text>
          <Text style={styles.small}>
            <Link href={unsubscribeUrl} style={footerLink}>
              {kind === "notice" ? "Unsubscribe from these notices" : "Unsubscribe from newsletters"}
            </Link>
            {" · "}
            <Link href={siteUrl} style={footerLink}>
              {ASSOCIATION.name}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
