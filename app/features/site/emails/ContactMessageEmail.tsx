import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { Fragment } from "react";
import { ASSOCIATION } from "~/kernel/layout/association";
import type { ContactInput } from "~/features/site/contact";
import { TEXT_LABEL } from "~/kernel/email/plain-text";

/** The subject of the e-mail the Quick Contact Form sends (docs/requirements.md §9.2: the form's subject with a fixed prefix). */
export function contactEmailSubject(subject: string): string {
  return `${ASSOCIATION.shortName} Contact Form: ${subject}`;
}

const ROWS: Array<[label: string, field: keyof ContactInput]> = [
  ["First name", "name"],
  ["Last name", "lastname"],
  ["E-mail", "email"],
  ["Subject", "subject"],
];

const styles = {
  body: { backgroundColor: "#f5f7f2", fontFamily: "Arial, Helvetica, sans-serif", color: "#1f2933", margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", border: "1px solid #d9e2d5", borderRadius: "8px", padding: "24px", maxWidth: "600px" },
  heading: { color: "#14532d", fontSize: "20px", margin: "0 0 16px" },
  row: { fontSize: "15px", margin: "12px 0 0" },
  // On its own line above the value in HTML; "Label: value" in the text part (TEXT_LABEL).
  label: { display: "block", color: "#52606d", fontSize: "13px", fontWeight: 700, marginBottom: "2px", textTransform: "uppercase" as const },
};

function Label({ children }: { children: string }) {
  return (
    <span style={styles.label} {...TEXT_LABEL}>
      {children}
    </span>
  );
}

/** Lines of the visitor's message, kept as typed (React escapes the text). */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {line}
          {index < lines.length - 1 ? <br /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** What the association's info address receives when a visitor sends the Quick Contact Form. */
/** Shown as text: any checked message's fields (ContactInput) will do. */
export function ContactMessageEmail({ message }: { message: Readonly<Record<keyof ContactInput, string>> }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`${message.name} ${message.lastname}: ${message.subject}`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {`New message from the ${ASSOCIATION.name} website`}
          </Heading>
          <Section>
            {ROWS.map(([label, field]) => (
              <Text key={field} style={styles.row}>
                <Label>{label}</Label>
                {message[field]}
              </Text>
            ))}
            <Hr />
            <Text style={styles.row}>
              <Label>Message</Label>
              <Lines text={message.notes} />
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
