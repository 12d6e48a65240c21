import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

/** What a submit button says while its post is on its way, unless the page says otherwise. */
export const PENDING_TEXT = "Please wait...";

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /** Whether this button's post is on its way: the page's own POST unless given (a fetcher's form, one of several buttons). */
  pending?: boolean;
  /** Shown while pending instead of "Please wait...". */
  pendingText?: ReactNode;
}

/**
 * The form's submit button (docs/decisions/0028): while the post is on its way it says
 * "Please wait..." and is disabled, so a second click sends nothing twice. Every other
 * attribute (className, name, value, form, disabled, aria-*) passes through; the class is
 * "button" unless given.
 */
export function SubmitButton({ children, pending, pendingText = PENDING_TEXT, name, value, className = "button", disabled, ...button }: SubmitButtonProps) {
  const navigation = useNavigation();
  const busy = pending ?? (navigation.state === "submitting" && navigation.formMethod === "POST");
  return (
    // Attributes in the order the pages wrote them by hand (tests read the HTML).
    <button type="submit" name={name} value={value} className={className} disabled={busy || disabled} {...button}>
      {busy ? pendingText : children}
    </button>
  );
}
