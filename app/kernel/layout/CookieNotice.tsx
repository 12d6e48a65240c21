import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * 'We use cookies' until accepted. Without JavaScript, Accept is a form post to
 * /cookie-consent, which sets the agreeCookie cookie and redirects back to this
 * page. With JavaScript the same post goes in the background (no redirect: the
 * notice just closes), and the choice is also kept in localStorage (docs/requirements.md §1.3).
 * A failed background post costs nothing: localStorage still remembers.
 */
function rememberOnServer() {
  fetch("/cookie-consent", { method: "POST", body: new FormData() }).catch(() => {});
}

export function CookieNotice({ accepted }: { accepted: boolean }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!accepted && window.localStorage.getItem("agreeCookie") === "true") {
      // Accepted in this browser before the cookie existed: tell the server quietly.
      setDismissed(true);
      rememberOnServer();
    }
    // Runs once per page load on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (accepted || dismissed) return null;

  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <h2 className="cookie-notice-title">We use cookies</h2>
      <p>We use cookies to give you the best experience on our website: to keep you signed in and to remember your choices.</p>
      <form
        method="post"
        action="/cookie-consent"
        onSubmit={(event) => {
          event.preventDefault();
          window.localStorage.setItem("agreeCookie", "true");
          setDismissed(true);
          rememberOnServer();
        }}
      >
        {hydrated ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
        <button type="submit" className="button">
          Accept
        </button>
      </form>
    </section>
  );
}
