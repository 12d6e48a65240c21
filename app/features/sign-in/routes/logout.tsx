import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { logoutCookie } from "~/kernel/auth/auth.server";
import { ASSOCIATION } from "~/kernel/layout/association";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { buttonPostSchema } from "~/kernel/forms/button-post-form";
import { noStoreHeaders } from "~/kernel/http/response-headers";

// "Page | Association name" written out: ASSOCIATION is already in the shell, a helper would be one more file for a public page.
export const meta: MetaFunction = () => [{ title: `Logging out | ${ASSOCIATION.name}` }];

/** Anyone may sign out (no guard): the session's cookie expires and its session ends. */
async function signOut(request: Request, context: LoaderFunctionArgs["context"]) {
  return data(null, { headers: { "Set-Cookie": await logoutCookie(request, context), ...noStoreHeaders() } });
}

/** Its loader and action answer no-store, and so does the page when either of them failed. */
export const headers: HeadersFunction = () => noStoreHeaders();

/** GET signs out too: the old site sent members here when their record was gone (docs/requirements.md §12.1). */
export const loader = ({ request, context }: LoaderFunctionArgs) => signOut(request, context);

/** Writes no record (the revocation is best effort, see logoutCookie), so no storeSafeAction (ADR 59). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: buttonPostSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: noStoreHeaders() });
  return signOut(request, context);
}

export default function Logout() {
  // A post it did not understand is answered 400 with the reply, but the page shows no message: its loader signs
  // out all the same (as a GET does) and the visitor is on the home page a moment later. Showing it would also
  // bring the form family's chunk to this public page.
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
