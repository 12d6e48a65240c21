import { describe, expect, it } from "vitest";
import {
  CODE_SHAPE_MESSAGE,
  SIGN_IN_CODE_LIFETIME_SECONDS,
  SIGN_IN_CODE_MAX_FAILURES,
  codeClosed,
  enterCodeSchema,
  generateSignInCode,
} from "~/features/sign-in/sign-in-code";
import { EMPTY_FIELD_MESSAGE } from "~/features/sign-in/login";
import { SIGN_IN_CODE_RATE_RULES } from "~/kernel/http/rate-limits";
import { parseForm } from "../../../support/submission";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("an e-mailed sign-in code (ADR 69)", () => {
  it("is six digits, leading zeros kept, and a draw past the last whole million is drawn again (every code equally likely)", () => {
    for (let n = 0; n < 200; n++) expect(generateSignInCode()).toMatch(/^[0-9]{6}$/);
    const draws = [[2 ** 32 - 1, 7], [42]];
    const fake = (values: Uint32Array<ArrayBuffer>) => {
      values.fill(0);
      values.set(draws.shift() ?? [0]);
      return values;
    };
    // 4294967295 is past 4294000000 (the last whole million): skipped; 7 reads "000007".
    expect(generateSignInCode(fake)).toBe("000007");
  });

  it("is open until used, ended by its 5th wrong try, or expired: used says so first, then ended, then expired", () => {
    const now = 1_000_000;
    const open = { expiresAt: now + SIGN_IN_CODE_LIFETIME_SECONDS, failures: 0, usedAt: null };
    expect(codeClosed(open, now)).toBeNull();
    expect(codeClosed({ ...open, failures: SIGN_IN_CODE_MAX_FAILURES - 1 }, now)).toBeNull();
    expect(codeClosed({ ...open, failures: SIGN_IN_CODE_MAX_FAILURES }, now)).toBe("ended");
    expect(codeClosed(open, now + SIGN_IN_CODE_LIFETIME_SECONDS)).toBe("expired");
    expect(codeClosed(open, now + SIGN_IN_CODE_LIFETIME_SECONDS - 1)).toBeNull();
    expect(codeClosed({ ...open, usedAt: now, failures: SIGN_IN_CODE_MAX_FAILURES }, now + SIGN_IN_CODE_LIFETIME_SECONDS)).toBe("used");
    expect(codeClosed({ ...open, failures: SIGN_IN_CODE_MAX_FAILURES }, now + SIGN_IN_CODE_LIFETIME_SECONDS)).toBe("ended");
  });

  it("reads six digits, forgiving spaces between them; anything else is refused before any look-up", () => {
    expect(parseForm(enterCodeSchema, form({ code: " 012 345 " }))).toEqual({ ok: true, data: { code: "012345" } });
    expect(parseForm(enterCodeSchema, form({ code: "" }))).toMatchObject({ ok: false, errors: { code: EMPTY_FIELD_MESSAGE } });
    for (const code of ["12345", "1234567", "12a456", "١٢٣٤٥٦"])
      expect(parseForm(enterCodeSchema, form({ code }))).toMatchObject({ ok: false, errors: { code: CODE_SHAPE_MESSAGE } });
  });

  it("makes a million guesses impossible within a code's life, and slow beyond it (the ADR's arithmetic)", () => {
    const { perEmail, perDevice } = SIGN_IN_CODE_RATE_RULES;
    // Fixed windows: at a window's edge two windows' worth fit in a short time.
    const codesInALife = (rule: { limit: number; windowSeconds: number }) =>
      2 * rule.limit * Math.max(1, Math.ceil(SIGN_IN_CODE_LIFETIME_SECONDS / rule.windowSeconds));
    const guessesInALife = Math.max(codesInALife(perEmail), codesInALife(perDevice)) * SIGN_IN_CODE_MAX_FAILURES;
    expect(guessesInALife).toBeLessThanOrEqual(100);
    expect(guessesInALife / 1_000_000).toBeLessThanOrEqual(1e-4);
    // From unknown browsers: 50 tries a day per e-mail, so a million takes over 50 years.
    const perDay = perEmail.limit * (86_400 / perEmail.windowSeconds) * SIGN_IN_CODE_MAX_FAILURES;
    expect(perDay).toBe(50);
    expect(1_000_000 / perDay / 365).toBeGreaterThan(50);
    // With a stolen device cookie: 10 codes an hour, 1,200 tries a day: over two years for a million.
    const perDayKnown = perDevice.limit * (86_400 / perDevice.windowSeconds) * SIGN_IN_CODE_MAX_FAILURES;
    expect(1_000_000 / perDayKnown / 365).toBeGreaterThan(2);
  });
});
