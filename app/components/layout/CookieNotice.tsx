import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * 'We use cookies' until accepted. Accept is a form post to /cookie-consent, which
 * sets the agreeCookie cookie and comes back here, so it works without JavaScript;
 * with JavaScript it is sent in the background and also kept in localStorage (spec §9).
 */
export function CookieNotice({ accepted }: { accepted: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!accepted && window.localStorage.getItem("agreeCookie") === "true") {
      // Accepted in this browser before the cookie existed: tell the server quietly.
      setDismissed(true);
      fetcher.submit({ redirectTo: location.pathname }, { method: "post", action: "/cookie-consent" });
    }
    // Runs once per page load on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (accepted || dismissed || fetcher.state !== "idle" || fetcher.data) return null;

  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <h2 className="cookie-notice-title">We use cookies</h2>
      <p>We use cookies to give you the best experience on our website: to keep you signed in and to remember your choices.</p>
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        onSubmit={() => {
          window.localStorage.setItem("agreeCookie", "true");
          setDismissed(true);
        }}
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="button">
          Accept
        </button>
      </fetcher.Form>
    </section>
  );
}
