import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { ASSOCIATION } from "~/kernel/layout/association";
import { emailStyles as styles } from "~/kernel/email/email-styles";
import { LinkButton } from "~/kernel/email/LinkButton";

/** "E-mail me a sign-in code" (docs/decisions/0069): the code and its one-tap link. */
export const SIGN_IN_CODE_SUBJECT = `${ASSOCIATION.shortName}: your sign-in code`;

const codeStyle = { fontSize: "28px", fontWeight: 700, letterSpacing: "6px", margin: "0 0 16px" } as const;

/**
 * The code comes first, in its own line, so it reads the same in the plain-text part and a
 * phone can offer it for the code field. Both it and the link work only in the browser that
 * asked (its cookie), once, for 10 minutes: this e-mail alone signs nobody in.
 */
export function SignInCodeEmail({ fullName, code, link }: { fullName: string; code: string; link: string }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{`Your sign-in code is ${code}. It works once, for 10 minutes.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Your sign-in code
          </Heading>
          <Text style={styles.text}>{`Dear ${fullName || "member"},`}</Text>
          <Text style={styles.text}>{`Someone (we hope you) asked to sign in to your ${ASSOCIATION.name} account. Your sign-in code is:`}</Text>
          <Text style={codeStyle}>{code}</Text>
          <Text style={styles.text}>Type it on the sign-in page, or open this link in the same browser:</Text>
          <LinkButton href={link}>Sign me in</LinkButton>
          <Text style={styles.small}>
            The code and the link work once, for 10 minutes, and only in the browser where you asked for them. If you did not ask, ignore this e-mail: nobody
            can sign in with it from elsewhere.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
