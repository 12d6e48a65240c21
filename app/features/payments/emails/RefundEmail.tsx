import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { emailStyles as styles } from "../../../kernel/email/email-styles";
import { contactTheAssociation } from "../../../kernel/layout/association-contact";
import type { RefundNotice } from "../refund-notice";

/** A refund, told to the member (docs/requirements.md §4.10): what was refunded and how it reaches them, one paragraph each so the text part reads well. */
export function RefundEmail({ notice, fullName, contactEmail }: { notice: RefundNotice; fullName: string; contactEmail: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{notice.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {notice.heading}
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>{notice.preview}</Text>
          {notice.rows.map(([label, value]) => (
            <Text key={label} className="refund-row" style={{ ...styles.text, margin: "0 0 4px" }}>{`${label}: ${value}`}</Text>
          ))}
          <Text className="refund-how" style={{ ...styles.text, marginTop: "16px" }}>
            {notice.how}
          </Text>
          {notice.ticket ? <Text style={styles.text}>{notice.ticket}</Text> : null}
          <Text style={styles.small}>{`If you have a question, please ${contactTheAssociation(contactEmail)}.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
