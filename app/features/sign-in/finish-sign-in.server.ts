import type { AppLoadContext, TypedResponse } from "@remix-run/cloudflare";
import type { Member } from "~/kernel/store/records";
import { createUserSession } from "~/kernel/auth/auth.server";
import { deviceCookieAfterSignIn, readDeviceNote } from "~/kernel/auth/device-cookie.server";
import { LOGIN_SUCCESS_MESSAGE } from "./login";
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
