import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { replyErrors } from "~/kernel/forms/reply";
import { signupSchema } from "~/features/membership/signup";
import { SIGNUP_FORM } from "~/features/membership/signup-form";
import { familySignup, SIGNUP_PASSWORD, singleSignup } from "../../../support/signup";

const YEAR = 2026;

/** As the Sign Up action (and the browser's check) parse a post: parseWithZod over the posted form. */
function parseSignup(raw: Record<string, unknown>, year: number) {
  const form = new FormData();
  for (const [name, value] of Object.entries(raw)) if (typeof value === "string") form.set(name, value);
  const submission = parseWithZod(form, { schema: signupSchema(Object.fromEntries(form), year), disableAutoCoercion: true });
  if (submission.status === "success") return { ok: true as const, data: submission.value };
  return { ok: false as const, errors: replyErrors(submission.reply()) };
}
const errorsOf = (raw: Record<string, unknown>) => {
  const result = parseSignup(raw, YEAR);
  return result.ok ? {} : result.errors;
};
const without = (raw: Record<string, string>, ...fields: string[]) => Object.fromEntries(Object.entries(raw).filter(([key]) => !fields.includes(key)));

describe("sign-up schema", () => {
  it("accepts a valid Single: e-mail lower-cased, password as typed, the four consents", () => {
    const result = parseSignup(singleSignup("  Ada@Example.COM "), YEAR);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.email).toBe("ada@example.com");
    expect(result.data.password).toBe(SIGNUP_PASSWORD);
    expect(result.data.consents).toEqual({ agreeTerms: true, giftAid: true, resident: true, payment: true });
    expect(result.data.details).toMatchObject({ membership: "Single", spouse: null, children: [], childPhotoConsent: false });
  });

  it("accepts a valid Family with two children", () => {
    const result = parseSignup(familySignup("grace@example.com"), YEAR);
    expect(result.ok && result.data.details).toMatchObject({
      membership: "Family",
      children: [
        { name: "Byron", birthYear: 2015 },
        { name: "Annabella", birthYear: 2019 },
      ],
      childPhotoConsent: true,
      childPhotoShareConsent: true,
    });
  });

  it("gives every message of an empty form at once", () => {
    expect(errorsOf({})).toEqual({
      title: "Please choose a title",
      fullName: "Please enter your full name",
      address: "Please enter your address",
      city: "Please enter your city",
      postcode: "Please enter your postcode",
      mobile: "Please enter your mobile number",
      membership: "Please choose a membership type",
      email: "Please enter your email",
      password: "Please enter a password",
      confirm_password: "Please confirm your password",
      agreeTerms: "Please agree to proceed.",
      giftAidConcent: "Please agree to proceed.",
      residentConcent: "Please agree to proceed.",
      paymentConcent: "Please agree to proceed.",
    });
  });

  it("checks the e-mail's format and length", () => {
    for (const email of ["ada", "ada@", "@example.com", "ada@example", "a da@example.com"])
      expect(errorsOf(singleSignup(email))).toEqual({ email: "Please enter a valid email" });
    expect(errorsOf(singleSignup(`${"a".repeat(250)}@example.com`))).toEqual({ email: "Must be at most 254 characters" });
  });

  it("wants a password of 8 to 128 characters, confirmed exactly", () => {
    const form = singleSignup("ada@example.com");
    expect(errorsOf({ ...form, password: "1234567", confirm_password: "1234567" })).toEqual({ password: "Password must be at least 8 characters" });
    expect(errorsOf({ ...form, password: "x".repeat(129), confirm_password: "x".repeat(129) })).toEqual({
      password: "Password must be at most 128 characters",
    });
    expect(errorsOf({ ...form, password: "12345678", confirm_password: "12345678" })).toEqual({});
    expect(errorsOf({ ...form, confirm_password: `${SIGNUP_PASSWORD} ` })).toEqual({ confirm_password: "Passwords do not match" });
    expect(errorsOf({ ...form, confirm_password: "" })).toEqual({ confirm_password: "Please confirm your password" });
  });

  it("wants each of the four consents, and for a Family the two photo consents", () => {
    for (const consent of ["agreeTerms", "giftAidConcent", "residentConcent", "paymentConcent"]) {
      expect(errorsOf(without(singleSignup("ada@example.com"), consent))).toEqual({ [consent]: "Please agree to proceed." });
      expect(errorsOf({ ...singleSignup("ada@example.com"), [consent]: "off" })).toEqual({ [consent]: "Please agree to proceed." });
    }
    expect(errorsOf(without(familySignup("grace@example.com"), "childPhotoConcent", "childPhotoShareConcent"))).toEqual({
      childPhotoConcent: "Please agree to proceed.",
      childPhotoShareConcent: "Please agree to proceed.",
    });
  });
});

describe("sign-up form (sent to the page as data)", () => {
  const fields = SIGNUP_FORM.sections.flatMap((section) => section.fields.map((field) => ({ ...field, family: field.family || section.family })));
  const names = fields.map((field) => field.name);

  it("names every field as the record does, once", () => {
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      [
        "title",
        "fullName",
        "email",
        "password",
        "confirm_password",
        "address",
        "city",
        "county",
        "postcode",
        "mobile",
        "membership",
        "spouseTitle",
        "spouseName",
        "spouseEmail",
        "spouseMobile",
        "childCount",
        ...[1, 2, 3, 4, 5].flatMap((i) => [`childName${i}`, `childYear${i}`]),
        "agreeTerms",
        "giftAidConcent",
        "residentConcent",
        "paymentConcent",
        "childPhotoConcent",
        "childPhotoShareConcent",
      ].sort(),
    );
  });

  it("shows spouse, children and photo consents only for a Family, and words the fees as required", () => {
    expect(fields.filter((field) => field.family).map((field) => field.name)).toEqual([
      "spouseTitle",
      "spouseName",
      "spouseEmail",
      "spouseMobile",
      "childCount",
      ...[1, 2, 3, 4, 5].flatMap((i) => [`childName${i}`, `childYear${i}`]),
      "childPhotoConcent",
      "childPhotoShareConcent",
    ]);
    const labels = fields.map((field) => field.label).join("\n");
    expect(labels).toContain("a one-off registration fee of £10 (£20 family)");
    expect(labels).toContain("an annual subscription of £10 (£20 family), due on acceptance");
    expect(labels).toContain("Greater Manchester area");
    expect(labels).toContain("Gift Aid declaration");
    expect(SIGNUP_FORM.invalidMessage).toBe("Empty field is not allowed!");
  });
});
