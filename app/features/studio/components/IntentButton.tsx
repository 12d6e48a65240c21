import type { ReactNode } from "react";
import { SubmitButton } from "~/kernel/forms";

/** A submit button that tells the action which of a form's buttons was pressed (Save, or Publish). */
export function IntentButton({ children, intent, secondary }: { children: ReactNode; intent: string; secondary?: boolean }) {
  return (
    <SubmitButton className={secondary ? "button button-secondary" : "button"} name="intent" value={intent}>
      {children}
    </SubmitButton>
  );
}
