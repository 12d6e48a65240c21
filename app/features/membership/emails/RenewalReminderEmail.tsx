import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "../../../kernel/layout/association";
import { formatPence } from "../../../kernel/values/money";
import type { Membership } from "../../../kernel/store/records";
import { emailStyles as styles } from "../../../kernel/email/email-styles";
import { LinkButton } from "../../../kernel/email/LinkButton";

export interface RenewalReminderEmailProps {
  fullName: string;
  membership: Membership;
  year: number;
  /** This year's subscription for the membership, in pence (site settings). */
  fee: number;
  /** <origin>/mem-account, where the member renews. */
  accountUrl: string;
}

export function renewalReminderSubject(year: number): string {
  return `${ASSOCIATION.shortName}: your ${year} subscription is due`;
}

/** The reminder the accountant sends to every active member who has not paid this year's subscription (/mem-renewals). */
export function RenewalReminderEmail({ fullName, membership, year, fee, accountUrl }: RenewalReminderEmailProps) {
  const amount = formatPence(fee);
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`Your ${year} subscription of ${amount} is due before 30 September.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {`Your ${year} subscription is due`}
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>
            {`Thank you for being a member of the ${ASSOCIATION.name}. Our records show that the ${year} subscription for your ${membership} membership, ${amount}, is not paid yet. It is due before 30 September ${year}.`}
          </Text>
          <Text style={styles.text}>Please sign in to your account and choose Renew to pay it online.</Text>
          <LinkButton href={accountUrl}>Renew my membership</LinkButton>
          <Text style={styles.small}>If you have paid in the last few days, thank you, and please ignore this e-mail.</Text>
        </Container>
      </Body>
    </Html>
  );
}
