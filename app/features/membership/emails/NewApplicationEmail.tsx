import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { emailStyles as styles } from "~/kernel/email/email-styles";
import { LinkButton } from "~/kernel/email/LinkButton";

/** Sent to the accountants (or the address in the settings) when someone applies (ADR 0052). */
export const newApplicationSubject = (fullName: string) => `${ASSOCIATION.shortName}: new membership application from ${fullName}`;

export interface NewApplicationEmailProps {
  fullName: string;
  memberNumber: string;
  membership: string;
  /** The applicant's page in the back office, absolute. */
  link: string;
}

export function NewApplicationEmail({ fullName, memberNumber, membership, link }: NewApplicationEmailProps) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`${fullName} applied for ${membership} membership.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            New membership application
          </Heading>
          <Text style={styles.text}>{`${fullName} (${memberNumber}) applied for ${membership} membership.`}</Text>
          <Text style={styles.text}>Open their page to send the payment link, correct the record or reject the application.</Text>
          <LinkButton href={link}>Open the applicant&apos;s page</LinkButton>
        </Container>
      </Body>
    </Html>
  );
}
