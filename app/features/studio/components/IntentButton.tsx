import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A submit button that tells the action which of a form's buttons was pressed (Save, or
 * Publish), with SubmitButton's pending state. The studio's own, so the SubmitButton that
 * public forms download stays as it is.
 */
export function IntentButton({ children, intent, secondary }: { children: ReactNode; intent: string; secondary?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <button type="submit" className={secondary ? "button button-secondary" : "button"} name="intent" value={intent} disabled={busy}>
      {busy ? "Please wait..." : children}
    </button>
  );
}
