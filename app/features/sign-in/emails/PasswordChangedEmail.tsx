import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { contactTheAssociation } from "~/kernel/layout/association-contact";
import { emailStyles as styles } from "../../../kernel/email/email-styles";

/** docs/requirements.md §2.5, §9.2: the password-updated notice sent after a reset. */
export const PASSWORD_CHANGED_SUBJECT = `${ASSOCIATION.shortName}: your password has been updated`;
/** Sent when a member changes their own password on /account/password (the device they used stays signed in). */
export const OWN_PASSWORD_CHANGED_SUBJECT = `${ASSOCIATION.shortName}: your password has been changed`;

/** How the password was changed: by a reset link (every device signed out, sign in again) or on the member's own account page. */
export type PasswordChange = { by: "reset"; loginUrl: string } | { by: "account" };

/** The notice after a password change; the two ways differ in their words only. */
/** `contactEmail`: the settings' contact address now (ADR 67). */
export function PasswordChangedEmail({ fullName, change, contactEmail }: { fullName: string; change: PasswordChange; contactEmail: string }) {
  const reset = change.by === "reset";
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{reset ? "Your password has been updated." : "Your password has been changed."}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {reset ? "Password updated" : "Password changed"}
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          {change.by === "reset" ? (
            <Text style={styles.text}>
              {`The password of your ${ASSOCIATION.name} account has just been changed, and every device that was signed in has been signed out. Sign in with your new password at `}
              <a href={change.loginUrl} style={styles.link}>
                {change.loginUrl}
              </a>
              .
            </Text>
          ) : (
            <Text style={styles.text}>
              {`The password of your ${ASSOCIATION.name} account has just been changed from your account page. Every other device that was signed in has been signed out.`}
            </Text>
          )}
          <Text style={styles.small}>{`If you did not change it, ${contactTheAssociation(contactEmail)} straight away.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
