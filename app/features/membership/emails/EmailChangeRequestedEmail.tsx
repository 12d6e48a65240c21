import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { contactTheAssociation } from "~/kernel/layout/association-contact";
import { emailStyles as styles } from "~/kernel/email/email-styles";

/** Sent to the OLD address when a change is asked for, so a member whose account was taken over hears of it. */
export const EMAIL_CHANGE_REQUESTED_SUBJECT = `${ASSOCIATION.shortName}: a change of your e-mail address was requested`;

/** `contactEmail`: the settings' contact address now (ADR 67). */
export function EmailChangeRequestedEmail({ fullName, contactEmail }: { fullName: string; contactEmail: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>A change of your e-mail address was requested.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            E-mail address change requested
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>
            {`Someone signed in to your ${ASSOCIATION.name} account asked to use a new e-mail address. We have sent a confirmation link to the new address; nothing changes until it is opened.`}
          </Text>
          <Text style={styles.small}>{`If this was not you, change your password and ${contactTheAssociation(contactEmail)} straight away.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
