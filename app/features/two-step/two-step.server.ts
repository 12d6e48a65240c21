import type { AppLoadContext } from "@remix-run/cloudflare";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { SECOND_STEP_FAILURE_RULES } from "~/kernel/http/rate-limits";
import { ASSOCIATION } from "~/kernel/layout/association";
import type { Member } from "~/kernel/store/records";
import { qrSvg } from "~/features/tickets/index.server";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from "./recovery-codes";
import { openSecret, sealSecret } from "./secret-box.server";
import { groupedSecret, matchTotp, newTotpSecret, otpauthUri } from "./totp";
import { TWO_STEP_MESSAGES, isStaff, resetRefusal } from "./two-step";

/**
 * Two-step verification's service (docs/requirements.md §2.10, docs/decisions/0071): set-up,
 * the second step of a sign-in, turning off, new recovery codes, an accountant's reset and
 * the staff setting. Records are the store's (`store.twoStep`, D1 on both stores); the pages
 * call these and answer.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

type Refused = { ok: false; status: 400 | 401 | 403 | 409 | 429; message: string; retryAfter?: number };

/** Whether signing in as this member takes a second step: they have a confirmed set-up. */
export async function twoStepRequiredFor(context: AppLoadContext, memberId: string): Promise<boolean> {
  const record = await context.store.twoStep.get(memberId);
  return record?.confirmedAt != null;
}

/** Where a member's set-up stands, for their security pages. */
export type TwoStepStatus = { state: "off" } | { state: "waiting" } | { state: "on"; confirmedAt: number; unusedCodes: number };

export async function twoStepStatus(context: AppLoadContext, memberId: string): Promise<TwoStepStatus> {
  const record = await context.store.twoStep.get(memberId);
  if (!record) return { state: "off" };
  if (record.confirmedAt === null) return { state: "waiting" };
  return { state: "on", confirmedAt: record.confirmedAt, unusedCodes: await context.store.twoStep.unusedRecoveryCodes(memberId) };
}

/** Starts (or starts again) a set-up with a new secret; refused when two-step is already on. */
export async function beginSetUp(context: AppLoadContext, member: Member): Promise<{ ok: true } | Refused> {
  const sealed = await sealSecret(context.env.SESSION_SECRET, member.id, newTotpSecret());
  const begun = await context.store.twoStep.begin(member.id, sealed, nowSeconds());
  return begun ? { ok: true } : { ok: false, status: 409, message: TWO_STEP_MESSAGES.alreadyOn };
}

/** What the set-up page shows while a set-up waits for its first code: the QR code and the secret as text. */
export interface SetUpView {
  qrSvg: string;
  secret: string;
}

export async function setUpView(context: AppLoadContext, member: Member): Promise<SetUpView | null> {
  const record = await context.store.twoStep.get(member.id);
  if (!record || record.confirmedAt !== null) return null;
  const secret = await openSecret(context.env.SESSION_SECRET, member.id, record.secretSealed);
  if (!secret) return null;
  const uri = otpauthUri({ issuer: ASSOCIATION.name, account: member.email, secret });
  return { qrSvg: await qrSvg(uri, "QR code to scan with your authenticator app"), secret: groupedSecret(secret) };
}

/** A code's check under the second step's failure counter: a right one is forgiven, a wrong one counts. */
async function underLimit<T extends { ok: boolean }>(context: AppLoadContext, memberId: string, check: () => Promise<T>): Promise<T | Refused> {
  const attempt = await createRateLimiter(context.store.rateLimits).attempt([{ rule: SECOND_STEP_FAILURE_RULES.member, subject: memberId }]);
  if (!attempt.allowed) return { ok: false, status: 429, message: TWO_STEP_MESSAGES.tooMany, retryAfter: attempt.retryAfter };
  const result = await check();
  if (result.ok) await attempt.forgive();
  return result;
}

/**
 * Confirms a waiting set-up with the app's first code: two-step is then on, this code's step is
 * used, and the ten recovery codes are returned to be shown once (only their hashes are kept).
 */
export async function confirmSetUp(context: AppLoadContext, member: Member, code: string): Promise<{ ok: true; recoveryCodes: string[] } | Refused> {
  const record = await context.store.twoStep.get(member.id);
  if (!record) return { ok: false, status: 409, message: TWO_STEP_MESSAGES.setupExpired };
  if (record.confirmedAt !== null) return { ok: false, status: 409, message: TWO_STEP_MESSAGES.alreadyOn };
  const secret = await openSecret(context.env.SESSION_SECRET, member.id, record.secretSealed);
  if (!secret) return { ok: false, status: 409, message: TWO_STEP_MESSAGES.setupExpired };
  return underLimit(context, member.id, async () => {
    const step = await matchTotp(secret, code, nowSeconds(), null);
    if (step === null) return { ok: false, status: 400, message: TWO_STEP_MESSAGES.codeWrong } as Refused;
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await context.store.twoStep.confirm(member.id, nowSeconds(), step, await Promise.all(recoveryCodes.map(hashRecoveryCode)));
    if (!confirmed) return { ok: false, status: 409, message: TWO_STEP_MESSAGES.alreadyOn } as Refused;
    await recordActivity(context, member, { kind: "own-two-step-on", member });
    return { ok: true as const, recoveryCodes };
  });
}

/**
 * Checks a code against a member's confirmed set-up, under the failure counter: the app's code
 * of now (± one step) not used before, or an unused recovery code, which is then used up.
 * `recoveryAllowed: false` takes the app's code only (new recovery codes need the app).
 */
export async function checkSecondStep(
  context: AppLoadContext,
  memberId: string,
  typed: string,
  { recoveryAllowed = true }: { recoveryAllowed?: boolean } = {},
): Promise<{ ok: true; by: "app" | "recovery" } | Refused> {
  const record = await context.store.twoStep.get(memberId);
  if (!record || record.confirmedAt === null) return { ok: false, status: 409, message: TWO_STEP_MESSAGES.notOn };
  const wrong: Refused = { ok: false, status: 401, message: recoveryAllowed ? TWO_STEP_MESSAGES.secondStepWrong : TWO_STEP_MESSAGES.codeWrong };
  return underLimit(context, memberId, async () => {
    if (recoveryAllowed && looksLikeRecoveryCode(typed)) {
      const used = await context.store.twoStep.useRecoveryCode(memberId, await hashRecoveryCode(typed), nowSeconds());
      return used ? { ok: true as const, by: "recovery" as const } : wrong;
    }
    const secret = await openSecret(context.env.SESSION_SECRET, memberId, record.secretSealed);
    if (!secret) return wrong;
    const step = await matchTotp(secret, typed, nowSeconds(), record.lastUsedStep);
    // The store takes the step only if it is newer than the last used: a replay racing this request loses.
    if (step === null || !(await context.store.twoStep.useStep(memberId, step))) return wrong;
    return { ok: true as const, by: "app" as const };
  });
}

/** Turns a member's own two-step off: a current code (app or recovery) first. */
export async function turnOff(context: AppLoadContext, member: Member, code: string): Promise<{ ok: true } | Refused> {
  const check = await checkSecondStep(context, member.id, code);
  if (!check.ok) return check;
  await context.store.twoStep.remove(member.id);
  await recordActivity(context, member, { kind: "own-two-step-off", member });
  return { ok: true };
}

/** Ten new recovery codes (the old ones stop working): the app's current code first. */
export async function renewRecoveryCodes(context: AppLoadContext, member: Member, code: string): Promise<{ ok: true; recoveryCodes: string[] } | Refused> {
  const check = await checkSecondStep(context, member.id, code, { recoveryAllowed: false });
  if (!check.ok) return check;
  const recoveryCodes = newRecoveryCodes();
  await context.store.twoStep.replaceRecoveryCodes(member.id, await Promise.all(recoveryCodes.map(hashRecoveryCode)));
  return { ok: true, recoveryCodes };
}

/**
 * A lost phone: an accountant resets a colleague's two-step (the set-up and its codes go), with a
 * reason kept in the activity log under the member's id. Nobody resets their own: that is what
 * recovery codes are for (and, for the last accountant, `npm run admin:create -- --promote`).
 */
export async function resetTwoStep(context: AppLoadContext, accountant: Member, member: Member, reason: string): Promise<{ ok: true } | Refused> {
  const refusal = resetRefusal(accountant.id, member.id);
  if (refusal) return { ok: false, status: 403, message: refusal };
  const removed = await context.store.twoStep.remove(member.id);
  if (!removed) return { ok: false, status: 409, message: TWO_STEP_MESSAGES.resetNone(member.fullName) };
  await recordActivity(context, accountant, { kind: "two-step-reset", member, reason });
  return { ok: true };
}

/** "Staff must use two-step verification", as it is now. */
export function staffTwoStepRequired(context: AppLoadContext): Promise<boolean> {
  return context.store.twoStep.staffRequired();
}

/** An accountant turns the staff setting on or off; recorded in the activity log. */
export async function setStaffTwoStep(context: AppLoadContext, accountant: Member, on: boolean): Promise<void> {
  const before = await context.store.twoStep.staffRequired();
  await context.store.twoStep.setStaffRequired(on, nowSeconds(), accountant.id);
  if (before !== on) await recordActivity(context, accountant, { kind: "setting-changed", key: "Staff must use two-step verification", before, after: on });
}

export { isStaff };
