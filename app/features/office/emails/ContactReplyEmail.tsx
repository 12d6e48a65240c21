import { Body, Container, Head, Hr, Html, Preview, Text } from "@react-email/components";
import { Fragment } from "react";
import { ASSOCIATION } from "~/kernel/layout/association";

const styles = {
  body: { backgroundColor: "#f5f7f2", fontFamily: "Arial, Helvetica, sans-serif", color: "#1f2933", margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", border: "1px solid #d9e2d5", borderRadius: "8px", padding: "24px", maxWidth: "600px" },
  text: { fontSize: "15px", lineHeight: "1.5", margin: "0 0 12px" },
  quote: { fontSize: "14px", color: "#52606d", borderLeft: "3px solid #d9e2d5", paddingLeft: "12px", margin: "0" },
};

/** Lines kept as typed (React escapes the text). */
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

/** An accountant's answer to a contact message (the inbox of docs/requirements.md §6.13), with the visitor's message quoted below it. */
export function ContactReplyEmail({ body, original }: { body: string; original: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{body.slice(0, 90)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.text}>
            <Lines text={body} />
          </Text>
          <Text style={styles.text}>{ASSOCIATION.name}</Text>
          <Hr />
          <Text style={styles.quote}>
            Your message:
            <br />
            <Lines text={original} />
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
