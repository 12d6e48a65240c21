import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "../domain/association";
import { emailStyles as styles } from "./auth-email-styles";

/** Spec §2, §7: the password-updated notice sent after a reset. */
export const PASSWORD_CHANGED_SUBJECT = `${ASSOCIATION.shortName}: your password has been updated`;

export function PasswordChangedEmail({ fullName, loginUrl }: { fullName: string; loginUrl: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>Your password has been updated.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Password updated
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>
            {`The password of your ${ASSOCIATION.name} account has just been changed, and every device that was signed in has been signed out. Sign in with your new password at `}
            <a href={loginUrl} style={styles.link}>
              {loginUrl}
            </a>
            .
          </Text>
          <Text style={styles.small}>{`If you did not change it, contact the association at ${ASSOCIATION.contact.infoEmail} straight away.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
