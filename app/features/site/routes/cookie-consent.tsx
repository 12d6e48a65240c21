import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { cookieConsentSchema } from "~/features/site/cookie-consent-form";
import { safeRedirect } from "~/kernel/http/safe-redirect";
import { COOKIE_CONSENT_NAME } from "~/kernel/layout/shell.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Accept on the cookie notice: remember it in a cookie. Anyone may accept (no guard). A
 * plain form post (no JavaScript) names the page to go back to; the background post does not.
 * It writes no record, so it needs no storeSafeAction (ADR 59).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: cookieConsentSchema, disableAutoCoercion: true });
  // A resource route (no page): the reply goes out as JSON itself, `data()` is for routes with a page.
  if (submission.status !== "success") return Response.json(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400 });
  const secure = context.env.isProduction ? "; Secure" : "";
  // Only the server reads it (the page cache key, the notice): no script needs it.
  const headers = { "Set-Cookie": `${COOKIE_CONSENT_NAME}=true; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax; HttpOnly${secure}` };
  const { redirectTo } = submission.value;
  if (redirectTo === undefined) return new Response(null, { status: 204, headers });
  return redirect(safeRedirect(redirectTo, "/"), { headers });
}

export function loader() {
  return redirect("/");
}
