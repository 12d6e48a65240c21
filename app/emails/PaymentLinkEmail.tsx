import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "../domain/association";
import { formatPence } from "../domain/money";
import { PAYMENT_DEADLINE_DAYS } from "../domain/payment-link";
import type { Membership } from "../domain/records";
import { emailStyles as styles } from "./auth-email-styles";
import { LinkButton } from "./LinkButton";

export interface PaymentLinkEmailProps {
  fullName: string;
  membership: Membership;
  /** In pence: the registration fee and the first year's subscription for this membership. */
  registrationFee: number;
  subscriptionFee: number;
  link: string;
}

/**
 * Spec §7 "E-mail send details": the application is approved; pay the registration fee
 * plus the first-year subscription within 14 days through the payment link, or the
 * application is cancelled.
 */
export function PaymentLinkEmail({ fullName, membership, registrationFee, subscriptionFee, link }: PaymentLinkEmailProps) {
  const total = formatPence(registrationFee + subscriptionFee);
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
          <Text style={styles.text}>{`Your application for ${membership} membership of the ${ASSOCIATION.name} is approved.`}</Text>
          <Text style={styles.text}>
            {`To complete it, please pay the registration fee of ${formatPence(registrationFee)} plus the first-year subscription of ${formatPence(subscriptionFee)} (${total} in all) within ${PAYMENT_DEADLINE_DAYS} days through the payment link below, or the application is cancelled.`}
          </Text>
          <LinkButton href={link}>Pay the registration fee</LinkButton>
          <Text style={styles.small}>The link is for you only: it opens your payment without signing in. If you did not apply, ignore this e-mail.</Text>
        </Container>
      </Body>
    </Html>
  );
}
