import { emailField } from "~/features/sign-in";
import type { Member, NewMember } from "~/kernel/store/records";

/**
 * `npm run admin:create`: the first accountant of a fresh database (docs/requirements.md
 * §7.13, ADR 41). The rules, pure: what the command line may say, and what to do with the
 * member the e-mail already names. The person sets their own password through a one-time
 * reset link (/reset-account-password/{id}/{key}, app/features/sign-in/password-reset.ts),
 * so no password is ever typed on a command line or printed.
 */

export const FIRST_ACCOUNTANT_BAD_EMAIL = "Please give a valid e-mail address with --email, e.g. --email treasurer@example.org.";
export const FIRST_ACCOUNTANT_BAD_NAME = 'Please give the person\'s full name with --name, e.g. --name "Jane Smith" (at most 100 characters).';

/** The command line's --email and --name, checked; a message for each mistake. */
export function parseFirstAccountant(input: { email?: string; name?: string }): { ok: true; email: string; name?: string } | { ok: false; message: string } {
  const email = emailField.safeParse(input.email ?? "");
  if (!email.success) return { ok: false, message: FIRST_ACCOUNTANT_BAD_EMAIL };
  const name = input.name?.trim();
  if (input.name !== undefined && (!name || name.length > 100)) return { ok: false, message: FIRST_ACCOUNTANT_BAD_NAME };
  return { ok: true, email: email.data, ...(name ? { name } : {}) };
}

export type FirstAccountantPlan =
  /** No member has this e-mail: create one (needs a name). */
  | { kind: "create" }
  /** A member has it: make them an accountant (only when asked with --promote). */
  | { kind: "promote"; member: Pick<Member, "id" | "fullName"> }
  /** Already an active accountant: nothing changes but a fresh link to set the password. */
  | { kind: "already"; member: Pick<Member, "id" | "fullName"> }
  | { kind: "refuse"; message: string };

/**
 * What to do for this e-mail. Never changes another person's record unasked: a member
 * who is not an accountant is promoted only with `promote`, a deleted member's e-mail is
 * never reused (as everywhere in the site), and a name given for an existing member does
 * not replace theirs. Running it again for the same e-mail answers "already".
 */
export function planFirstAccountant(
  existing: Pick<Member, "id" | "fullName" | "role" | "active" | "deleted"> | null,
  options: { name?: string; promote: boolean },
): FirstAccountantPlan {
  if (!existing) {
    return options.name ? { kind: "create" } : { kind: "refuse", message: `No member has this e-mail yet. ${FIRST_ACCOUNTANT_BAD_NAME}` };
  }
  if (existing.deleted) return { kind: "refuse", message: "This e-mail belongs to a deleted member and cannot be used again. Please use another address." };
  if (existing.role === "accountant" && existing.active) return { kind: "already", member: existing };
  if (!options.promote) {
    return {
      kind: "refuse",
      message: `${existing.fullName} already has an account with this e-mail. Run the command again with --promote to make them an accountant; their details stay as they are.`,
    };
  }
  return { kind: "promote", member: existing };
}

/** The new accountant's record: active, no membership paid, no consents given, a password nobody knows until the link sets one. */
export function newAccountant(email: string, name: string, unusablePasswordHash: string): NewMember {
  return {
    email,
    passwordHash: unusablePasswordHash,
    title: "Other",
    fullName: name,
    address: "",
    city: "",
    county: "",
    postcode: "",
    mobile: "",
    membership: "Single",
    spouse: null,
    children: [],
    consents: { agreeTerms: false, giftAid: false, resident: false, payment: false, childPhoto: false, childPhotoShare: false },
    role: "accountant",
    active: true,
    registrationPaid: false,
    lastRenewedYear: null,
    deleted: false,
    resetKey: null,
    resetKeyExpiresAt: null,
  };
}
