import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirect } from "~/domain/safe-redirect";
import { COOKIE_CONSENT_NAME } from "~/services/shell.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Accept on the cookie notice: remember it in a cookie. A plain form post (no
 * JavaScript) names the page to go back to; the background post does not.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const secure = context.env.isProduction ? "; Secure" : "";
  // Only the server reads it (the page cache key, the notice): no script needs it.
  const headers = { "Set-Cookie": `${COOKIE_CONSENT_NAME}=true; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax; HttpOnly${secure}` };
  const redirectTo = form.get("redirectTo");
  if (redirectTo === null) return new Response(null, { status: 204, headers });
  return redirect(safeRedirect(redirectTo, "/"), { headers });
}

export function loader() {
  return redirect("/");
}
