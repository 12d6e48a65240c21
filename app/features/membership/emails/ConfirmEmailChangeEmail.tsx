import { Body, Button, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { emailStyles as styles } from "~/kernel/email/email-styles";
import { HTML_ONLY } from "~/kernel/email/plain-text";

/** Sent to the NEW address: nothing changes until this link is opened and confirmed. */
export const CONFIRM_EMAIL_CHANGE_SUBJECT = `${ASSOCIATION.shortName}: confirm your new e-mail address`;

export function ConfirmEmailChangeEmail({ fullName, link }: { fullName: string; link: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>Confirm your new e-mail address: the link works for 24 hours.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Confirm your new e-mail address
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>{`You asked to use this address for your ${ASSOCIATION.name} account. To confirm it, open this link:`}</Text>
          <Button href={link} style={styles.button}>
            Confirm my new e-mail address
          </Button>
          {/* The text part already shows the address after the button's words. */}
          <Text style={styles.text} {...HTML_ONLY}>
            <a href={link} style={styles.link}>
              {link}
            </a>
          </Text>
          <Text style={styles.small}>
            The link works once and expires in 24 hours. Until you confirm, you keep signing in with your old address. If you did not ask for this, ignore this
            e-mail.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
