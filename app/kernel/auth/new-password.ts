/**
 * The rule every new password meets beyond its length (docs/requirements.md §11.5, ADR 72):
 * it is not one of the passwords most often found in data breaches, and it does not
 * contain the member's own name or e-mail address. Pure: the list comes in as a set
 * (app/kernel/auth/new-password.server.ts builds it once per isolate from the file
 * shipped with the code), so the rule is tested without it.
 */

export const COMMON_PASSWORD_MESSAGE = "This password is one of the most common ones, so it is easy to guess. Please choose another.";
export const PERSONAL_PASSWORD_MESSAGE = "Your password must not contain your name or your e-mail address. Please choose another.";

export type NewPasswordProblem = "common" | "personal";

export const NEW_PASSWORD_MESSAGES: Record<NewPasswordProblem, string> = {
  common: COMMON_PASSWORD_MESSAGE,
  personal: PERSONAL_PASSWORD_MESSAGE,
};

/** Who the password is for: the name and address a guesser would try first. */
export interface PasswordOwner {
  fullName?: string | null;
  email?: string | null;
}

/** Shorter pieces of a name ("Jo", "Li") would refuse too many good passwords by chance. */
const SHORTEST_PERSONAL_PART = 3;

/** The list as a set: one password a line, compared without case ("Password" is "password"). */
export function commonPasswordSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const line of text.split("\n")) {
    const password = line.trim().toLowerCase();
    if (password) set.add(password);
  }
  return set;
}

/**
 * The parts of the owner a password must not contain, lower-cased: each word of the name
 * (letters only, at least 3), and the e-mail's local part (at least 3 characters).
 */
export function personalParts({ fullName, email }: PasswordOwner): string[] {
  const parts = new Set<string>();
  for (const word of (fullName ?? "").toLowerCase().split(/[^\p{L}]+/u)) {
    if ([...word].length >= SHORTEST_PERSONAL_PART) parts.add(word);
  }
  const at = (email ?? "").lastIndexOf("@");
  const local = (at > 0 ? (email ?? "").slice(0, at) : "").toLowerCase();
  if ([...local].length >= SHORTEST_PERSONAL_PART) parts.add(local);
  return [...parts];
}

/** Why this new password is refused, or null when it may be used. Case never matters. */
export function newPasswordProblem(password: string, owner: PasswordOwner, common: ReadonlySet<string>): NewPasswordProblem | null {
  const lowered = password.toLowerCase();
  // Spaces around it do not make a common password any harder to guess.
  if (common.has(lowered.trim())) return "common";
  if (personalParts(owner).some((part) => lowered.includes(part))) return "personal";
  return null;
}
