import { describe, expect, it } from "vitest";
import { EMAIL_ADDRESS_MAX_LENGTH, normaliseEmail } from "~/kernel/values/email-address";
import { emailAddress, optionalEmailAddress } from "~/kernel/values/email-address-schema";

const messages = { required: "required", tooLong: "too long", invalid: "invalid" };
const schema = emailAddress(messages);
const optional = optionalEmailAddress({ tooLong: "too long", invalid: "invalid" });
const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message);

/** An address of exactly `length` characters. */
const addressOf = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

describe("an e-mail address", () => {
  it("is cleaned up the same way with or without a form: trimmed and lower-cased", () => {
    expect(normaliseEmail("  Jane.Doe@Example.COM \n")).toBe("jane.doe@example.com");
    expect(schema.parse("  Jane.Doe@Example.COM \n")).toBe(normaliseEmail("  Jane.Doe@Example.COM \n"));
    expect(normaliseEmail(normaliseEmail(" A@B.co "))).toBe("a@b.co");
  });

  it("may be 254 characters (RFC 5321), not one more", () => {
    expect(EMAIL_ADDRESS_MAX_LENGTH).toBe(254);
    expect(schema.parse(addressOf(254))).toBe(addressOf(254));
    expect(message(schema.safeParse(addressOf(255)))).toEqual(["too long"]);
    // Counted after trimming: spaces around an address do not make it too long.
    expect(schema.parse(`  ${addressOf(254)}  `)).toBe(addressOf(254));
  });

  it("is required: empty, blank or not text reads as the required message", () => {
    for (const value of ["", "   ", undefined, null, 42, new Blob(["x"])]) expect(message(schema.safeParse(value))).toEqual(["required"]);
  });

  it("refuses what is not an address", () => {
    for (const value of ["jane", "jane@", "@example.com", "jane@example", "ja ne@example.com", "jane@@example.com"]) {
      expect(message(schema.safeParse(value))).toEqual(["invalid"]);
    }
  });

  it("can be held to a shorter limit where it must fit, never a longer one", () => {
    const short = emailAddress(messages, { fitsIn: 20 });
    expect(short.parse(addressOf(20))).toBe(addressOf(20));
    expect(message(short.safeParse(addressOf(21)))).toEqual(["too long"]);
    expect(message(emailAddress(messages, { fitsIn: 1000 }).safeParse(addressOf(255)))).toEqual(["too long"]);
  });

  it("may be left empty where it is optional, and is otherwise checked the same way", () => {
    expect(optional.parse(undefined)).toBe("");
    expect(optional.parse("  ")).toBe("");
    expect(optional.parse(" Info@Example.ORG ")).toBe("info@example.org");
    expect(message(optional.safeParse("info@"))).toEqual(["invalid"]);
    expect(message(optional.safeParse(addressOf(255)))).toEqual(["too long"]);
  });
});
