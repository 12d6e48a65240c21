import { CONFIRM_EMAIL_CHANGE_SUBJECT } from "~/features/membership/emails/ConfirmEmailChangeEmail";
import { outboxTo } from "./password-reset";

/** Helpers of the own-account tests (HTTP and browser). */

/** The confirmation link of the newest change-of-e-mail message to this address, as a path. */
export async function latestEmailConfirmLink(base: string, to: string): Promise<string | null> {
  const [newest] = await outboxTo(base, to, CONFIRM_EMAIL_CHANGE_SUBJECT);
  const match = newest && /https?:\/\/[^\s"<>]+(\/account\/email\/confirm\/[A-Za-z0-9_.-]+)/.exec(newest.text);
  return match?.[1] ?? null;
}
