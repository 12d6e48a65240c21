import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { contactTheAssociation } from "~/kernel/layout/association-contact";
import type { FieldChange } from "~/features/office/member-correction";
import { emailStyles as styles } from "~/kernel/email/email-styles";

/** Sent when an accountant changes a member's e-mail address or membership (ADR 0052): to the new and the old address for an e-mail change. */
export const MEMBER_CORRECTED_SUBJECT = `${ASSOCIATION.shortName}: your membership record was updated`;

/** `contactEmail`: the settings' contact address now (ADR 67). */
export function MemberCorrectedEmail({ fullName, changes, contactEmail }: { fullName: string; changes: FieldChange[]; contactEmail: string }) {
  const emailChange = changes.find((change) => change.label === "E-mail");
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>The association updated your membership record.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Your membership record was updated
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>{`The ${ASSOCIATION.name} made these changes to your record:`}</Text>
          {changes.map((change) => (
            <Text key={change.label} style={styles.text}>{`${change.label}: ${change.before} → ${change.after}`}</Text>
          ))}
          {emailChange ? <Text style={styles.text}>{`From now on, sign in with ${emailChange.after}.`}</Text> : null}
          <Text style={styles.small}>{`If this is not right, please ${contactTheAssociation(contactEmail)}.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
