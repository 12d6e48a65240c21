import { describe, expect, it } from "vitest";
import {
  RECOVERY_CODE_BITS,
  RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
} from "~/features/two-step/recovery-codes";

describe("recovery codes", () => {
  it("are ten, all different, readable (three groups of four, no I, L, O or U) and at least 50 bits each", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(new Set(codes).size).toBe(10);
    expect(RECOVERY_CODE_BITS).toBeGreaterThanOrEqual(50);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it("read the same typed in lower case, without dashes, with O for 0 and I or L for 1", async () => {
    expect(normaliseRecoveryCode("o1ab-cdef-ghjk")).toBe("01ABCDEFGHJK");
    expect(normaliseRecoveryCode(" OIL0 abcd efgh ")).toBe("0110ABCDEFGH");
    expect(await hashRecoveryCode("o1ab-cdef-ghjk")).toBe(await hashRecoveryCode("01ABCDEFGHJK"));
  });

  it("are kept as a SHA-256 hash (hex), never as typed", async () => {
    const hash = await hashRecoveryCode("7KQ2-M9XD-4HBT");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("7KQ2");
    expect(hash).not.toBe(await hashRecoveryCode("7KQ2-M9XD-4HBV"));
  });

  it("are told from an app's six digits by their shape", () => {
    expect(looksLikeRecoveryCode("123456")).toBe(false);
    expect(looksLikeRecoveryCode("7KQ2-M9XD-4HB")).toBe(false);
    expect(looksLikeRecoveryCode("7KQ2-M9XD-4HBU")).toBe(false);
  });
});
