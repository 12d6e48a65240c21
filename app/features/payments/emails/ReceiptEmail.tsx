import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { receiptRows, type ReceiptView } from "../receipt";
import { emailStyles as styles } from "../../../kernel/email/email-styles";
import { LinkButton } from "../../../kernel/email/LinkButton";

/** The receipt of a settled payment (docs/requirements.md §4.11, ADR 0053): every row of the printable page, one paragraph each so the text part reads well. */
export const receiptSubject = (view: ReceiptView) => `${view.association.name}: receipt for ${view.item}`;

/** A donation's receipt says thank you for it and whether Gift Aid was declared (docs/requirements.md §14). */
export const GIFT_AID_DECLARED = "Gift Aid: declared. We will claim Gift Aid on this donation, adding 25p to every £1 you gave, at no cost to you.";
export const GIFT_AID_NOT_DECLARED = "Gift Aid: not declared for this donation.";

export function ReceiptEmail({
  view,
  fullName,
  link,
  donation,
}: {
  view: ReceiptView;
  fullName: string;
  link: string | null;
  /** A donation's receipt: whether it was given with Gift Aid. */
  donation?: { giftAid: boolean };
}) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`We received ${view.amount} for ${view.item}. Thank you.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {view.heading}
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>
            {donation
              ? `Thank you for your donation of ${view.amount}: it means a great deal to us.`
              : `Thank you: we received your payment of ${view.amount}.`}
          </Text>
          {donation ? (
            <Text className="receipt-gift-aid" style={styles.text}>
              {donation.giftAid ? GIFT_AID_DECLARED : GIFT_AID_NOT_DECLARED}
            </Text>
          ) : null}
          {receiptRows(view).map(([label, value]) => (
            <Text key={label} className="receipt-row" style={{ ...styles.text, margin: "0 0 4px" }}>{`${label}: ${value}`}</Text>
          ))}
          <Text style={{ ...styles.text, marginTop: "16px" }}>
            {[view.association.name, ...view.association.address, view.association.email, view.association.phone].filter(Boolean).join(", ")}
          </Text>
          {link ? <LinkButton href={link}>Open the printable receipt</LinkButton> : null}
        </Container>
      </Body>
    </Html>
  );
}
