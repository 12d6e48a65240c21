import commonPasswordsText from "./common-passwords.txt?raw";
import { commonPasswordSet, newPasswordProblem, NEW_PASSWORD_MESSAGES, type PasswordOwner } from "./new-password";

/**
 * The 10,000 passwords most often found in breaches (SecLists' "10 million password list,
 * top 10,000", MIT; ADR 72), shipped with the worker: no network call. Server-only, so it
 * never reaches a browser. The set is built on first use and kept for the isolate's life
 * (about 2 ms of CPU and 0.6 MB once, measured in ADR 72).
 */
let common: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  common ??= commonPasswordSet(commonPasswordsText);
  return common;
}

/**
 * The message to show under a new password's field when it may not be used (too common, or
 * the member's own name or e-mail address), or null. Sign-up, reset and change of password
 * all ask this (docs/requirements.md §11.5).
 */
export function newPasswordMessage(password: string, owner: PasswordOwner): string | null {
  const problem = newPasswordProblem(password, owner, commonPasswords());
  return problem ? NEW_PASSWORD_MESSAGES[problem] : null;
}
