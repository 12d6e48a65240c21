import { Body, Button, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { emailStyles as styles } from "~/kernel/email/email-styles";
import { HTML_ONLY } from "~/kernel/email/plain-text";

/** docs/requirements.md §2.5, §9.2: the reset password e-mail carrying the reset link. */
export const RESET_PASSWORD_SUBJECT = `${ASSOCIATION.shortName}: reset password`;

/** The link to choose a new password; it works once, for an hour. */
export function ResetPasswordEmail({ fullName, link }: { fullName: string; link: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>Reset your password: the link works once, for one hour.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Reset password
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>
            {`Someone (we hope you) asked to reset the password of your ${ASSOCIATION.name} account. To choose a new password, open this link:`}
          </Text>
          <Button href={link} style={styles.button}>
            Choose a new password
          </Button>
          {/* The text part already shows the address after the button's words. */}
          <Text style={styles.text} {...HTML_ONLY}>
            <a href={link} style={styles.link}>
              {link}
            </a>
          </Text>
          <Text style={styles.small}>
            The link works once and expires in one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
