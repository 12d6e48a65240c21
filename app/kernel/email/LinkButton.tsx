import { Button, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { emailStyles as styles } from "./email-styles";
import { HTML_ONLY } from "./plain-text";

/** An e-mail's main link: a button, and the address as text for clients that drop buttons. */
export function LinkButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      {/* The text part already shows the address after the button's words. */}
      <Text style={styles.text} {...HTML_ONLY}>
        If the button does not work, copy this link into your browser:
      </Text>
      <Text style={styles.text} {...HTML_ONLY}>
        <a href={href} style={styles.link}>
          {href}
        </a>
      </Text>
    </>
  );
}
