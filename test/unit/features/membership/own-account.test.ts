import { describe, expect, it } from "vitest";
import { activitySentence } from "~/kernel/activity/activity";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  NEW_EMAIL_MAX_LENGTH,
  changeEmailSchema,
  changePasswordSchema,
  emailChangeSubject,
  emailLinkState,
  readEmailChangeSubject,
} from "~/features/membership/own-account";
import { PASSWORDS_DIFFER_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "~/features/sign-in/password-reset";

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("own account: the forms' rules", () => {
  it("asks for the current password and a new one with the reset form's rules", () => {
    expect(changePasswordSchema.safeParse({ currentPassword: "x", password: "long-enough", confirmPassword: "long-enough" }).success).toBe(true);
    expect(issues(changePasswordSchema.safeParse({ currentPassword: "x", password: "short", confirmPassword: "short" }))).toEqual({
      password: PASSWORD_TOO_SHORT_MESSAGE,
    });
    expect(issues(changePasswordSchema.safeParse({ currentPassword: "x", password: "long-enough", confirmPassword: "long-enougH" }))).toEqual({
      confirmPassword: PASSWORDS_DIFFER_MESSAGE,
    });
    expect(Object.keys(issues(changePasswordSchema.safeParse({ password: "long-enough", confirmPassword: "long-enough" })))).toEqual(["currentPassword"]);
  });

  it("takes a new address trimmed and lower-cased, refuses a bad or over-long one", () => {
    expect(changeEmailSchema.parse({ email: "  Jane@Example.COM ", currentPassword: "x" }).email).toBe("jane@example.com");
    expect(issues(changeEmailSchema.safeParse({ email: "jane@", currentPassword: "x" }))).toEqual({ email: EMAIL_INVALID_MESSAGE });
    const long = `${"a".repeat(NEW_EMAIL_MAX_LENGTH)}@example.com`;
    expect(issues(changeEmailSchema.safeParse({ email: long, currentPassword: "x" }))).toEqual({ email: EMAIL_TOO_LONG_MESSAGE });
  });
});

describe("own account: the e-mail confirmation link", () => {
  const claim = { memberId: "abc123", fromDigest: "0011223344556677", nonce: "a1b2c3d4e5f6", to: "new@example.com" };

  it("carries its claim in a subject that reads back the same, and refuses any other shape", () => {
    expect(readEmailChangeSubject(emailChangeSubject(claim))).toEqual(claim);
    expect(readEmailChangeSubject("abc123 0011 new@example.com")).toBeNull();
    expect(readEmailChangeSubject("abc123  a1 new@example.com")).toBeNull();
  });

  it("is open while the account keeps the address it had; used once it has the new one; replaced after another change", () => {
    const member = { email: "old@example.com", deleted: false };
    expect(emailLinkState(claim, member, claim.fromDigest)).toBe("open");
    expect(emailLinkState(claim, { ...member, email: "new@example.com" }, "ffff")).toBe("used");
    expect(emailLinkState(claim, { ...member, email: "third@example.com" }, "ffff")).toBe("replaced");
    expect(emailLinkState(claim, { ...member, deleted: true }, claim.fromDigest)).toBe("invalid");
    expect(emailLinkState(claim, null, "")).toBe("invalid");
  });

  it("is logged without the addresses", () => {
    const member = { id: "abc123", fullName: "Jane Smith", memberNumber: 1042 };
    expect(activitySentence("Jane Smith", { kind: "own-password-changed", member })).toBe("Jane Smith changed their own password.");
    expect(activitySentence("Jane Smith", { kind: "own-email-changed", member })).toBe("Jane Smith changed their own e-mail address.");
  });
});
