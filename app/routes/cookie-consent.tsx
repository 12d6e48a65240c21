import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirect } from "~/domain/safe-redirect";
import { COOKIE_CONSENT_NAME } from "~/services/shell.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Accept on the cookie notice: remember it in a cookie (so it works without JavaScript) and go back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const secure = context.env.isProduction ? "; Secure" : "";
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: {
      "Set-Cookie": `${COOKIE_CONSENT_NAME}=true; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`,
    },
  });
}

export function loader() {
  return redirect("/");
}
