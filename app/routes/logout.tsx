import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { logoutCookie } from "~/services/auth.server";
import { ASSOCIATION } from "~/domain/association";

// "Page | Association name" written out: ASSOCIATION is already in the shell, a helper would be one more file for a public page.
export const meta: MetaFunction = () => [{ title: `Logging out | ${ASSOCIATION.name}` }];

async function signOut({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return data(null, {
    headers: { "Set-Cookie": await logoutCookie(request, context), "Cache-Control": "no-store" },
  });
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? "no-store",
});

/** GET signs out too: the spec sends members here when their record is gone. */
export const loader = signOut;
export const action = signOut;

export default function Logout() {
  useEffect(() => {
    // A full load, so every piece of the signed-in page is gone.
    const timer = window.setTimeout(() => window.location.replace("/"), 600);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <section className="status-page container" aria-live="polite">
      {/* Without JavaScript: home at once. A timed refresh (it was 1 s) is a time limit nobody
          can stop (WCAG 2.2.1, axe's meta-refresh); with JavaScript the effect above waits instead. */}
      <noscript>
        <meta httpEquiv="refresh" content="0;url=/" />
      </noscript>
      <h1>Logging out! Please wait...</h1>
      <p>
        If nothing happens, <a href="/">go to the home page</a>.
      </p>
    </section>
  );
}
