import type { AppLoadContext, TypedResponse } from "@remix-run/cloudflare";
import type { Member } from "~/kernel/store/records";
import { createUserSession } from "~/kernel/auth/auth.server";
import { deviceCookieAfterSignIn, readDeviceNote } from "~/kernel/auth/device-cookie.server";
import { LOGIN_SUCCESS_MESSAGE } from "./login";
import { createAuthenticator } from "./authenticator.server";
import { clearPendingCodeCookie, readPendingCode } from "./sign-in-code.server";
import { isSignInRefused, type SignInRefused } from "./sign-in-refused";
import { SECOND_STEP_PATH } from "~/features/two-step";
import { twoStepRequiredFor } from "~/features/two-step/index.server";

/**
 * Where every successful sign-in ends, whichever strategy let the member in (docs/decisions/0069):
 * a fresh session (createUserSession), the device cookie naming this member on this browser
 * (docs/decisions/0025: a code sign-in makes the browser known, as a password does), the strategy's
 * own cookies (`extraCookies`), and on to `redirectTo` or the member's home with the toast.
 * A member with two-step verification (docs/decisions/0071) gets a session that signs nobody in
 * until /login/two-step accepts a code, whichever first step they took.
 */
export async function finishSignIn(
  request: Request,
  context: AppLoadContext,
  member: Member,
  redirectTo: string,
  extraCookies: string[] = [],
): Promise<TypedResponse<never>> {
  const deviceCookie = await deviceCookieAfterSignIn(context, await readDeviceNote(request, context), member.id);
  if (await twoStepRequiredFor(context, member.id)) {
    const back = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
    return createUserSession(request, context, member, `${SECOND_STEP_PATH}${back}`, undefined, [deviceCookie, ...extraCookies], { secondStepPending: true });
  }
  return createUserSession(request, context, member, redirectTo, { kind: "success", message: LOGIN_SUCCESS_MESSAGE }, [deviceCookie, ...extraCookies]);
}

/**
 * A sign-in by e-mail code, the same for the code form and the one-tap link (docs/decisions/0069):
 * the authenticator's "email-code" strategy, then finishSignIn on to where the member was going
 * when they asked, the code's cookie cleared; or the strategy's refusal, for the route to answer.
 */
export async function signInByCode(request: Request, context: AppLoadContext): Promise<{ signedIn: TypedResponse<never> } | { refused: SignInRefused }> {
  const pending = await readPendingCode(request, context);
  try {
    const member = await createAuthenticator(context).authenticate("email-code", request);
    return { signedIn: await finishSignIn(request, context, member, pending?.redirectTo ?? "", [await clearPendingCodeCookie(context)]) };
  } catch (error) {
    if (!isSignInRefused(error)) throw error;
    return { refused: error };
  }
}
