import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, groupedSecret, hotp, matchTotp, newTotpSecret, otpauthUri, totpAt, totpStep } from "~/features/two-step/totp";

const ascii = (text: string) => new TextEncoder().encode(text);
const SHA1_SEED = ascii("12345678901234567890");
const SHA256_SEED = ascii("12345678901234567890123456789012");
const SHA512_SEED = ascii("1234567890123456789012345678901234567890123456789012345678901234");

/** RFC 6238 Appendix B: time (Unix seconds) and the 8-digit code for each hash. */
const APPENDIX_B: Array<[number, string, string, string]> = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(APPENDIX_B)("at %i gives Appendix B's codes for SHA-1, SHA-256 and SHA-512", async (time, sha1, sha256, sha512) => {
    const step = totpStep(time);
    expect(await hotp(SHA1_SEED, step, 8)).toBe(sha1);
    expect(await hotp(SHA256_SEED, step, 8, "SHA-256")).toBe(sha256);
    expect(await hotp(SHA512_SEED, step, 8, "SHA-512")).toBe(sha512);
  });

  it("makes the 6-digit code an app shows: the last six digits of Appendix B's", async () => {
    const secret = base32Encode(SHA1_SEED);
    for (const [time, sha1] of APPENDIX_B) expect(await totpAt(secret, time)).toBe(sha1.slice(2));
  });

  it("accepts now's code and one step either side, and says which step matched", async () => {
    const secret = base32Encode(SHA1_SEED);
    const now = 1111111111;
    const step = totpStep(now);
    expect(await matchTotp(secret, await totpAt(secret, now), now, null)).toBe(step);
    expect(await matchTotp(secret, await totpAt(secret, now - 30), now, null)).toBe(step - 1);
    expect(await matchTotp(secret, await totpAt(secret, now + 30), now, null)).toBe(step + 1);
    expect(await matchTotp(secret, await totpAt(secret, now - 60), now, null)).toBeNull();
    expect(await matchTotp(secret, await totpAt(secret, now + 60), now, null)).toBeNull();
  });

  it("refuses a code of a step already used, or older (a replay within its 30 seconds)", async () => {
    const secret = base32Encode(SHA1_SEED);
    const now = 1234567890;
    const code = await totpAt(secret, now);
    const step = await matchTotp(secret, code, now, null);
    expect(step).toBe(totpStep(now));
    expect(await matchTotp(secret, code, now + 5, step)).toBeNull();
    expect(await matchTotp(secret, await totpAt(secret, now - 30), now, step)).toBeNull();
    // The next step's code is still good.
    expect(await matchTotp(secret, await totpAt(secret, now + 30), now + 30, step)).toBe(step! + 1);
  });

  it("reads a code typed with a space or a dash, and refuses what is not six digits", async () => {
    const secret = base32Encode(SHA1_SEED);
    const now = 2000000000;
    const code = await totpAt(secret, now);
    expect(await matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(totpStep(now));
    expect(await matchTotp(secret, `${code.slice(0, 3)}-${code.slice(3)}`, now, null)).toBe(totpStep(now));
    expect(await matchTotp(secret, code.slice(1), now, null)).toBeNull();
    expect(await matchTotp(secret, "abcdef", now, null)).toBeNull();
    expect(await matchTotp(secret, "", now, null)).toBeNull();
  });
});

describe("base32 (RFC 4648)", () => {
  it.each([
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ])("%j is %j (no padding), and back", (text, encoded) => {
    expect(base32Encode(ascii(text))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded)!)).toBe(text);
  });

  it("reads lower case, spaces and padding, and refuses other characters", () => {
    expect(new TextDecoder().decode(base32Decode("mzxw 6ytb oi======")!)).toBe("foobar");
    expect(base32Decode("MZXW1")).toBeNull();
  });

  it("new secrets are 160 bits (32 characters) and differ", () => {
    const secrets = new Set(Array.from({ length: 50 }, newTotpSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(base32Decode(secret)!.length).toBe(20);
    }
  });

  it("groups a secret in fours for typing", () => {
    expect(groupedSecret("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")).toBe("ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567");
  });
});

describe("otpauth URI", () => {
  it("names the issuer and the account, and carries the secret and the parameters apps read", () => {
    const uri = new URL(otpauthUri({ issuer: "MMA Community", account: "treasurer@example.org", secret: "JBSWY3DPEHPK3PXP" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/MMA Community:treasurer@example.org");
    expect(uri.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(uri.searchParams.get("issuer")).toBe("MMA Community");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
  });
});
