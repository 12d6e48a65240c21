import { Body, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { formatPence } from "~/kernel/values/money";
import { PAYMENT_DEADLINE_DAYS } from "~/features/payments/payment-link";
import { FEE_LABELS, type RegistrationFeeLines } from "~/features/payments/fees";
import { emailStyles as styles } from "~/kernel/email/email-styles";
import { LinkButton } from "~/kernel/email/LinkButton";

export interface PaymentLinkEmailProps {
  fullName: string;
  /** registrationFeeLines on the day it is sent: the lines /payment-reg-fee shows and the checkout charges. */
  fees: RegistrationFeeLines;
  link: string;
}

const local = {
  line: { fontSize: "15px", lineHeight: "22px", margin: "0 0 4px" },
  total: { fontSize: "15px", lineHeight: "22px", fontWeight: 700, margin: "0 0 16px" },
};

/**
 * docs/requirements.md §6.4: the application is approved; pay the registration fee
 * plus the first-year subscription within 14 days through the payment link, or the
 * application is cancelled. After freeSubscriptionAfterMonth the subscription is free,
 * so the e-mail asks for the registration fee only: it states what the checkout charges.
 * Each fee line is its own paragraph, "Label: amount", so the plain-text part reads as
 * well as the HTML (a table's cells run together there).
 */
export function PaymentLinkEmail({ fullName, fees, link }: PaymentLinkEmailProps) {
  const [registration, subscription] = fees.lines;
  const total = formatPence(fees.total);
  const ask = fees.subscriptionFree
    ? `To complete it, please pay the registration fee of ${formatPence(registration.pence)} within ${PAYMENT_DEADLINE_DAYS} days through the payment link below, or the application is cancelled. Your first-year subscription is free, as you join late in the year.`
    : `To complete it, please pay the registration fee of ${formatPence(registration.pence)} plus the first-year subscription of ${formatPence(subscription.pence)} (${total} in all) within ${PAYMENT_DEADLINE_DAYS} days through the payment link below, or the application is cancelled.`;
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`Your application is approved: please pay ${total} within ${PAYMENT_DEADLINE_DAYS} days.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Your application is approved
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "applicant"},`}</Text>
          <Text style={styles.text}>{`Your application for ${fees.membership} membership of the ${ASSOCIATION.name} is approved.`}</Text>
          <Text style={styles.text}>{ask}</Text>
          <Section className="fee-lines">
            {fees.lines.map((line) => (
              <Text key={line.label} className="fee-line" style={local.line}>{`${line.label}: ${formatPence(line.pence)}`}</Text>
            ))}
            <Text className="fee-total" style={local.total}>{`${FEE_LABELS.total}: ${total}`}</Text>
          </Section>
          <LinkButton href={link}>Pay the registration fee</LinkButton>
          <Text style={styles.small}>The link is for you only: it opens your payment without signing in. If you did not apply, ignore this e-mail.</Text>
        </Container>
      </Body>
    </Html>
  );
}
