import { parseForm } from "../../../support/submission";
import { describe, expect, it } from "vitest";
import { EMPTY_FIELD_MESSAGE } from "~/features/sign-in/login";
import {
  PASSWORDS_DIFFER_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  RESET_KEY_ALPHABET,
  RESET_KEY_LIFETIME_SECONDS,
  RESET_KEY_LENGTH,
  constantTimeEqual,
  generateResetKey,
  isResetKeyShape,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetKeyMatches,
  resetKeyToSend,
} from "~/features/sign-in/password-reset";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("reset keys", () => {
  it("are 10 alphanumeric characters, different every time", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateResetKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(key).toHaveLength(RESET_KEY_LENGTH);
      expect(isResetKeyShape(key)).toBe(true);
    }
    expect(RESET_KEY_ALPHABET).toHaveLength(62);
  });

  it("use every character of the alphabet, and draw again rather than favour the first ones", () => {
    const seen = new Set([...Array.from({ length: 400 }, () => generateResetKey()).join("")]);
    expect(seen.size).toBe(62);
    // Bytes 248..255 would make "A".."H" likelier: they are skipped.
    let calls = 0;
    const key = generateResetKey((bytes) => {
      calls += 1;
      bytes.fill(calls === 1 ? 255 : 1);
      return bytes;
    });
    expect(key).toBe("B".repeat(10));
    expect(calls).toBe(2);
  });

  it("refuse a link key of another shape", () => {
    for (const key of ["", "abc", "abcdefghij1", "abcde-ghij", "abcdéfghij", "abcdefghi "]) expect(isResetKeyShape(key)).toBe(false);
  });
});

describe("constantTimeEqual", () => {
  it("is true only for equal strings", () => {
    expect(constantTimeEqual("Abc123xyz0", "Abc123xyz0")).toBe(true);
    expect(constantTimeEqual("Abc123xyz0", "abc123xyz0")).toBe(false);
    expect(constantTimeEqual("Abc123xyz0", "Abc123xyz")).toBe(false);
    expect(constantTimeEqual("", "x")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
    expect(constantTimeEqual("é", "e\u0301")).toBe(false);
  });
});

describe("resetKeyMatches", () => {
  const now = 1_800_000_000;
  const member = { resetKey: "Abc123xyz0", resetKeyExpiresAt: now + 10, deleted: false };
  it("opens the link for the same key before it expires", () => {
    expect(resetKeyMatches(member, "Abc123xyz0", now)).toBe(true);
  });
  it("refuses another key, an expired or used key, a deleted member and nobody", () => {
    expect(resetKeyMatches(member, "Abc123xyz1", now)).toBe(false);
    expect(resetKeyMatches(member, "Abc123xyz0", now + 10)).toBe(false);
    expect(resetKeyMatches({ ...member, resetKey: null }, "Abc123xyz0", now)).toBe(false);
    expect(resetKeyMatches({ ...member, resetKeyExpiresAt: null }, "Abc123xyz0", now)).toBe(false);
    expect(resetKeyMatches({ ...member, deleted: true }, "Abc123xyz0", now)).toBe(false);
    expect(resetKeyMatches(null, "Abc123xyz0", now)).toBe(false);
  });
});

describe("the forgot-password form", () => {
  it("takes a valid e-mail, lower-cased", () => {
    expect(parseForgotPasswordForm(form({ email: " Single@Example.org " }))).toEqual({ ok: true, email: "single@example.org" });
  });
  it("refuses an empty or invalid e-mail with 'Empty field is not allowed!'", () => {
    expect(parseForgotPasswordForm(form({ email: "" }))).toEqual({ ok: false, error: EMPTY_FIELD_MESSAGE, email: "" });
    expect(parseForgotPasswordForm(form({ email: "nope" }))).toEqual({ ok: false, error: EMPTY_FIELD_MESSAGE, email: "nope" });
  });
});

describe("the reset-password form", () => {
  it("takes two equal passwords of 8 characters or more, as typed", () => {
    expect(parseResetPasswordForm(form({ password: " new pass ", confirmPassword: " new pass " }))).toEqual({ ok: true, password: " new pass " });
  });
  it("says which field is empty", () => {
    expect(parseResetPasswordForm(form({ password: "", confirmPassword: "" }))).toEqual({
      ok: false,
      errors: { password: EMPTY_FIELD_MESSAGE, confirmPassword: EMPTY_FIELD_MESSAGE },
    });
    expect(parseResetPasswordForm(form({ password: "long enough", confirmPassword: "" }))).toEqual({
      ok: false,
      errors: { confirmPassword: EMPTY_FIELD_MESSAGE },
    });
  });
  it("asks for 8 characters at least", () => {
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe("Your password must be at least 8 characters.");
    expect(parseResetPasswordForm(form({ password: "1234567", confirmPassword: "1234567" }))).toEqual({
      ok: false,
      errors: { password: PASSWORD_TOO_SHORT_MESSAGE },
    });
  });
  it("says when the two differ", () => {
    expect(parseResetPasswordForm(form({ password: "long enough", confirmPassword: "long enougH" }))).toEqual({
      ok: false,
      errors: { confirmPassword: PASSWORDS_DIFFER_MESSAGE },
    });
  });
});

describe("which key a forgot-password request sends", () => {
  const now = 1_800_000_000;
  const fresh = () => "FreshKey99";

  it("sends the member's unused key again while it has at least 15 minutes left", () => {
    expect(resetKeyToSend({ resetKey: "StillGood1", resetKeyExpiresAt: now + 15 * 60 }, now, fresh)).toEqual({
      key: "StillGood1",
      expiresAt: now + 15 * 60,
      fresh: false,
    });
  });

  it("makes a fresh key, valid for an hour, when there is none, it is used up, or nearly expired", () => {
    for (const member of [
      { resetKey: null, resetKeyExpiresAt: null },
      { resetKey: "StillGood1", resetKeyExpiresAt: now + 15 * 60 - 1 },
      { resetKey: "Expired123", resetKeyExpiresAt: now - 1 },
      { resetKey: "bad", resetKeyExpiresAt: now + 3000 },
    ]) {
      expect(resetKeyToSend(member, now, fresh)).toEqual({ key: "FreshKey99", expiresAt: now + RESET_KEY_LIFETIME_SECONDS, fresh: true });
    }
  });
});

/** As the actions parse the posts (parseWithZod), passwords never sent back. */
function parseForgotPasswordForm(data: FormData) {
  const result = parseForm(forgotPasswordSchema, data);
  return result.ok ? { ok: true, email: result.data.email } : { ok: false, error: result.errors.email, email: result.values.email ?? "" };
}
function parseResetPasswordForm(data: FormData) {
  const result = parseForm(resetPasswordSchema, data, ["password", "confirmPassword"]);
  if (result.ok) return { ok: true, password: result.data.password };
  expect(result.values).toEqual({});
  return { ok: false, errors: result.errors };
}
