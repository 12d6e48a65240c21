import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The form's submit button: while the post is on its way it says "Please wait..." and is
 * disabled, so a second click sends nothing twice. Pending is the page's own POST unless
 * `pending` says otherwise (a fetcher's form).
 */
export function SubmitButton({ children, pending }: { children: ReactNode; pending?: boolean }) {
  const navigation = useNavigation();
  const busy = pending ?? (navigation.state === "submitting" && navigation.formMethod === "POST");
  return (
    <button type="submit" className="button" disabled={busy}>
      {busy ? "Please wait..." : children}
    </button>
  );
}
