import { Body, Column, Container, Head, Heading, Hr, Html, Img, Preview, Row, Section, Text } from "@react-email/components";
import type { EventDetails } from "../event-details";
import { formatPence } from "../../../kernel/values/money";
import type { Attendee } from "../../../kernel/store/records";
import { formatTicketCode } from "../ticket-code";
import { BAND_NAMES, sortAttendees } from "../ticket-bands";
import { emailStyles as styles } from "../../../kernel/email/email-styles";
import { LinkButton } from "../../../kernel/email/LinkButton";
import { TEXT_LABEL } from "../../../kernel/email/plain-text";

/** The inline attachment's Content-ID the e-mail's <img src="cid:…"> names. */
export const TICKET_QR_CONTENT_ID = "ticket-qr";
/** The QR image's side in the e-mail, in CSS pixels (the PNG is drawn bigger, for sharp screens). */
export const TICKET_QR_SIZE = 240;

export const DOOR_INSTRUCTION = "Show this QR code (or tell the steward the code) at the door.";

export function ticketEmailSubject(title: string): string {
  return `Your tickets: ${title}`;
}

export interface TicketConfirmationEmailProps {
  title: string;
  fullName: string;
  /** The party, in any order: shown in the attendee order (by group, then place). */
  attendees: Array<Pick<Attendee, "band" | "position" | "name">>;
  /** In pence. */
  price: number;
  /** Stored form ("XMAS7K2P"); shown as "XMAS-7K2P". */
  code: string;
  /** <origin>/mem-account, where My Tickets shows the same QR. */
  accountUrl: string;
  /** When and where the event is (docs/requirements.md §5.1); left out when not known. */
  event?: EventDetails | null;
}

const local = {
  party: { margin: "0 0 12px" },
  cell: { fontSize: "15px", lineHeight: "22px", padding: "4px 8px 4px 0", verticalAlign: "top" as const },
  type: {
    color: "#52606d",
    fontSize: "13px",
    fontWeight: 700,
    lineHeight: "22px",
    padding: "4px 12px 4px 0",
    textTransform: "uppercase" as const,
    width: "140px",
  },
  qr: { display: "block", margin: "16px auto 8px", border: "0" },
  code: {
    fontFamily: "'Courier New', Courier, monospace",
    fontSize: "28px",
    lineHeight: "36px",
    fontWeight: 700,
    letterSpacing: "3px",
    margin: "0 0 16px",
    textAlign: "center" as const,
  },
};

/** The booking confirmation (docs/requirements.md §5.6, ADR 20): the party, the price, the QR (inline PNG, cid:) and the code under it. */
export function TicketConfirmationEmail({ title, fullName, attendees, price, code, accountUrl, event }: TicketConfirmationEmailProps) {
  const shownCode = formatTicketCode(code);
  // A free ticket (price 0) is confirmed, not "paid".
  const free = price === 0;
  const shownPrice = free ? "Free" : formatPence(price);
  const party = sortAttendees(attendees);
  return (
    <Html lang="en-GB">
      <Head>
        <title>{ticketEmailSubject(title)}</title>
      </Head>
      <Preview>{`Your tickets for ${title}: ticket ${shownCode}, ${free ? "free" : `${shownPrice} paid`}.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {`Your tickets: ${title}`}
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>{`Thank you: your booking for ${title} is ${free ? "confirmed" : "paid"}. Your ticket is for:`}</Text>
          <Section style={local.party}>
            {party.map((person) => (
              <Row key={`${person.band}-${person.position}`}>
                <Column style={local.type} {...TEXT_LABEL}>
                  {BAND_NAMES[person.band].person}
                </Column>
                <Column style={local.cell}>{person.name}</Column>
              </Row>
            ))}
          </Section>
          {event?.when ? <Text style={styles.text}>{`When: ${event.when}`}</Text> : null}
          {event?.venue ? <Text style={styles.text}>{`Where: ${event.venue}`}</Text> : null}
          <Text style={styles.text}>{`Price: ${shownPrice}`}</Text>
          <Hr />
          <Img
            src={`cid:${TICKET_QR_CONTENT_ID}`}
            alt={`QR code for ticket ${shownCode}, ${title}`}
            width={TICKET_QR_SIZE}
            height={TICKET_QR_SIZE}
            style={local.qr}
          />
          <Text style={local.code}>{shownCode}</Text>
          <Text style={styles.text}>{DOOR_INSTRUCTION}</Text>
          <LinkButton href={accountUrl}>See it in My Tickets</LinkButton>
        </Container>
      </Body>
    </Html>
  );
}
