import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { emailStyles as styles } from "~/kernel/email/email-styles";
import { LinkButton } from "~/kernel/email/LinkButton";

export interface TicketPaymentLinkEmailProps {
  fullName: string;
  /** The event's title and year, as My Tickets names it. */
  event: string;
  /** "£25.00" */
  total: string;
  people: string[];
  link: string;
}

/**
 * A ticket booked for the member at the desk (docs/requirements.md §5.9), to pay by card: the link
 * opens the same checkout as their own booking. The checkout closes after 24 hours, and
 * an unpaid ticket is not a ticket, so the e-mail says so.
 */
export function TicketPaymentLinkEmail({ fullName, event, total, people, link }: TicketPaymentLinkEmailProps) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`Please pay ${total} for your ${event} ticket.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Pay for your ticket
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text
            style={styles.text}
          >{`We have booked a ticket for ${event} for you: ${people.join(", ")}. To confirm it, please pay ${total} by card through the link below within 24 hours.`}</Text>
          <LinkButton href={link}>Pay by card</LinkButton>
          <Text style={styles.small}>
            Your ticket, with its QR code, comes by e-mail once it is paid. If the link has expired, please book again on the website or ask us for a new link.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
