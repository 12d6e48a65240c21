import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "../domain/association";
import { emailStyles as styles } from "./auth-email-styles";

/** Sent when a member changes their own password on /account/password (the device they used stays signed in). */
export const OWN_PASSWORD_CHANGED_SUBJECT = `${ASSOCIATION.shortName}: your password has been changed`;

export function OwnPasswordChangedEmail({ fullName }: { fullName: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>Your password has been changed.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Password changed
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>
            {`The password of your ${ASSOCIATION.name} account has just been changed from your account page. Every other device that was signed in has been signed out.`}
          </Text>
          <Text style={styles.small}>{`If you did not change it, contact the association at ${ASSOCIATION.contact.infoEmail} straight away.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
