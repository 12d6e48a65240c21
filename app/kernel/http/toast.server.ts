import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext, TypedResponse } from "@remix-run/cloudflare";
import type { Toast } from "./toast";
import { hasCookie } from "./request-cookies.server";
import { tolerant } from "../auth/session.server";

export const TOAST_COOKIE_NAME = "__toast";

/**
 * One-time messages shown after a redirect ("Details Updated." ...), kept in
 * their own short-lived cookie so that visitors' pages carry no session cookie.
 */
function toastStorage(context: AppLoadContext) {
  return tolerant(
    createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: TOAST_COOKIE_NAME,
        httpOnly: true,
        sameSite: "lax",
        secure: context.env.isProduction,
        path: "/",
        maxAge: 60,
        secrets: [context.env.SESSION_SECRET],
      },
    }),
  );
}

/** A redirect carries nothing for the page to read: typed as Remix's redirect, so `useActionData<typeof action>()` keeps the action's real answers. */
export async function redirectWithToast(context: AppLoadContext, url: string, toast: Toast, init: ResponseInit = {}): Promise<TypedResponse<never>> {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the pending toast; pass the headers on with the response. */
export async function readToast(request: Request, context: AppLoadContext): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  if (!hasCookie(request, TOAST_COOKIE_NAME)) return { toast: null, headers };
  const storage = toastStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  headers.append("Set-Cookie", await storage.destroySession(session));
  return { toast, headers };
}
