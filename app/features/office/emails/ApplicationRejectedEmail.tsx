import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { contactTheAssociation } from "~/kernel/layout/association-contact";
import { emailStyles as styles } from "~/kernel/email/email-styles";

/** Sent to an applicant whose application an accountant rejected, with the reason they wrote (ADR 0052). */
export const APPLICATION_REJECTED_SUBJECT = `${ASSOCIATION.shortName}: your membership application`;

/** `contactEmail`: the settings' contact address now (ADR 67). */
export function ApplicationRejectedEmail({ fullName, reason, contactEmail }: { fullName: string; reason: string; contactEmail: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>About your membership application.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Your membership application
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "applicant"},`}</Text>
          <Text style={styles.text}>{`Thank you for applying to join the ${ASSOCIATION.name}. We are sorry, but we cannot accept your application.`}</Text>
          <Text style={styles.text}>The reason:</Text>
          <Text style={{ ...styles.text, whiteSpace: "pre-wrap" }}>{reason}</Text>
          <Text style={styles.small}>{`If you have a question, please ${contactTheAssociation(contactEmail)}.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
