import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { replyErrors } from "~/kernel/forms/reply";
import {
  activeMemberDetailsFields,
  isTicked,
  memberDetailsFormSchema,
  normaliseMobile,
  photoConsentsRequired,
  readMembership,
  shownChildCount,
  type MemberDetailsOptions,
} from "~/features/membership/member-details";

/** As the forms' actions parse a post: parseWithZod over memberDetailsFormSchema. */
function parseMemberDetails(raw: Record<string, unknown>, options: MemberDetailsOptions) {
  const form = new FormData();
  for (const [name, value] of Object.entries(raw)) if (typeof value === "string") form.set(name, value);
  const submission = parseWithZod(form, { schema: memberDetailsFormSchema(Object.fromEntries(form), options), disableAutoCoercion: true });
  if (submission.status === "success") return { ok: true as const, data: submission.value };
  return { ok: false as const, errors: replyErrors(submission.reply()) };
}

const YEAR = 2026;
const SIGNUP: MemberDetailsOptions = { rule: "family", currentYear: YEAR };
const EDIT: MemberDetailsOptions = { rule: "family-with-children", currentYear: YEAR };

const single = {
  title: "Mr",
  fullName: "  Alan Turing ",
  address: "2 Bletchley Lane",
  city: "Manchester",
  county: "",
  postcode: "m13 9pl",
  mobile: "07700 900-123",
  membership: "Single",
};
const family = {
  ...single,
  membership: "Family",
  spouseTitle: "Dr",
  spouseName: "Joan Clarke",
  spouseEmail: "Joan@Example.COM",
  spouseMobile: "0161 4960000",
  childCount: "2",
  childName1: "Ada",
  childYear1: "2014",
  childName2: "Charles",
  childYear2: String(YEAR),
  childPhotoConcent: "on",
  childPhotoShareConcent: "on",
};

const errorsOf = (raw: Record<string, unknown>, options = SIGNUP) => {
  const result = parseMemberDetails(raw, options);
  return result.ok ? {} : result.errors;
};

describe("member details: a Single", () => {
  it("accepts a complete Single, trimmed, with the mobile as digits and the postcode upper-case, and no family data", () => {
    const result = parseMemberDetails({ ...single, spouseName: "ignored", childCount: "3", childName1: "ignored" }, SIGNUP);
    expect(result).toEqual({
      ok: true,
      data: {
        title: "Mr",
        fullName: "Alan Turing",
        address: "2 Bletchley Lane",
        city: "Manchester",
        county: "",
        postcode: "M13 9PL",
        mobile: "07700900123",
        membership: "Single",
        spouse: null,
        children: [],
        childPhotoConsent: false,
        childPhotoShareConsent: false,
      },
    });
  });

  it("requires title, full name, address, city, postcode, mobile and membership, each with its message; county is optional", () => {
    expect(errorsOf({})).toEqual({
      title: "Please choose a title",
      fullName: "Please enter your full name",
      address: "Please enter your address",
      city: "Please enter your city",
      postcode: "Please enter your postcode",
      mobile: "Please enter your mobile number",
      membership: "Please choose a membership type",
    });
    expect(errorsOf({ ...single, fullName: "   ", city: "\t" })).toEqual({ fullName: "Please enter your full name", city: "Please enter your city" });
  });

  it("accepts only the five titles and the two memberships", () => {
    for (const title of ["Mr", "Mrs", "Miss", "Dr", "Other"]) expect(errorsOf({ ...single, title })).toEqual({});
    expect(errorsOf({ ...single, title: "Lord" })).toEqual({ title: "Please choose a title" });
    expect(errorsOf({ ...single, membership: "family" })).toEqual({ membership: "Please choose a membership type" });
  });

  it("wants a mobile of 10 to 11 digits", () => {
    for (const mobile of ["0770090012", "07700900123", "(0161) 496 0000"]) expect(errorsOf({ ...single, mobile })).toEqual({});
    for (const mobile of ["077009001", "077009001234", "07700 9OO123", "+447700900123"]) {
      expect(errorsOf({ ...single, mobile })).toEqual({ mobile: "Mobile number must be 10 to 11 digits" });
    }
  });

  it("caps lengths with a clear message, and reads files or missing values as empty", () => {
    expect(errorsOf({ ...single, fullName: "x".repeat(101) })).toEqual({ fullName: "Must be at most 100 characters" });
    expect(errorsOf({ ...single, postcode: "M1 1AA M1 1AA" })).toEqual({ postcode: "Must be at most 10 characters" });
    expect(errorsOf({ ...single, address: new Blob(["x"]) })).toEqual({ address: "Please enter your address" });
  });
});

describe("member details: a Family", () => {
  it("accepts a complete Family: spouse (e-mail lower-case), children with years, photo consents", () => {
    const result = parseMemberDetails(family, SIGNUP);
    expect(result.ok && result.data).toMatchObject({
      membership: "Family",
      spouse: { title: "Dr", name: "Joan Clarke", email: "joan@example.com", mobile: "01614960000" },
      children: [
        { name: "Ada", birthYear: 2014 },
        { name: "Charles", birthYear: YEAR },
      ],
      childPhotoConsent: true,
      childPhotoShareConsent: true,
    });
  });

  it("requires the spouse's title, name, e-mail and mobile", () => {
    expect(errorsOf({ ...family, spouseTitle: "", spouseName: "", spouseEmail: "", spouseMobile: "" })).toEqual({
      spouseTitle: "Please choose your spouse's title",
      spouseName: "Please enter your spouse's name",
      spouseEmail: "Please enter your spouse's email",
      spouseMobile: "Please enter your spouse's mobile number",
    });
    expect(errorsOf({ ...family, spouseEmail: "joan@", spouseMobile: "123" })).toEqual({
      spouseEmail: "Please enter a valid email",
      spouseMobile: "Mobile number must be 10 to 11 digits",
    });
  });

  it("checks a name and year for each child shown, and only those", () => {
    expect(errorsOf({ ...family, childName2: "", childYear2: "" })).toEqual({
      childName2: "Please enter the child's name",
      childYear2: "Please enter the child's year of birth",
    });
    // Child 3 is not shown for 2 children: what it carries is ignored.
    const result = parseMemberDetails({ ...family, childName3: "", childYear3: "abc" }, SIGNUP);
    expect(result.ok && result.data.children).toHaveLength(2);
  });

  it("wants a year of birth that is numeric, at most 4 characters, from 1900 to this year", () => {
    const message = `Year of birth must be a year from 1900 to ${YEAR}`;
    for (const year of ["1900", "2000", String(YEAR)]) expect(errorsOf({ ...family, childYear1: year })).toEqual({});
    for (const year of ["1899", String(YEAR + 1), "20a4", "20145", "-200", "12.5"])
      expect(errorsOf({ ...family, childYear1: year })).toEqual({ childYear1: message });
  });

  it("allows 0 to 5 children", () => {
    expect(errorsOf({ ...family, childCount: "0" })).toEqual({});
    for (const childCount of ["6", "-1", "two", ""]) expect(errorsOf({ ...family, childCount })).toMatchObject({ childCount: "Please choose 0 to 5 children" });
  });

  it("sign-up: a Family must accept both photo consents, even without children", () => {
    const unticked = { ...family, childCount: "0", childPhotoConcent: "", childPhotoShareConcent: undefined };
    expect(errorsOf(unticked, SIGNUP)).toEqual({ childPhotoConcent: "Please agree to proceed.", childPhotoShareConcent: "Please agree to proceed." });
  });

  it("edit account: the photo consents are required only when a Family has at least 1 child", () => {
    const unticked = { ...family, childPhotoConcent: "", childPhotoShareConcent: "" };
    expect(errorsOf(unticked, EDIT)).toEqual({ childPhotoConcent: "Please agree to proceed.", childPhotoShareConcent: "Please agree to proceed." });
    const none = parseMemberDetails({ ...unticked, childCount: "0" }, EDIT);
    expect(none.ok && none.data).toMatchObject({ children: [], childPhotoConsent: false, childPhotoShareConsent: false });
    const kept = parseMemberDetails({ ...family, childCount: "0" }, EDIT);
    expect(kept.ok && kept.data).toMatchObject({ childPhotoConsent: true, childPhotoShareConsent: true });
  });
});

describe("member details: small helpers", () => {
  it("reads ticked boxes, memberships and the children shown", () => {
    expect(["on", "true", "YES", "1"].map(isTicked)).toEqual([true, true, true, true]);
    expect(["", "off", "no", undefined, 1].map(isTicked)).toEqual([false, false, false, false, false]);
    expect([readMembership("Family"), readMembership(" Single "), readMembership("Both"), readMembership(null)]).toEqual(["Family", "Single", null, null]);
    expect([
      shownChildCount("Family", "3"),
      shownChildCount("Family", "9"),
      shownChildCount("Family", "x"),
      shownChildCount("Single", "3"),
      shownChildCount(null, "2"),
    ]).toEqual([3, 5, 0, 0, 0]);
    expect(normaliseMobile("(0161) 496-0000")).toBe("01614960000");
  });

  it("says when the photo consents are required and which fields a form checks", () => {
    expect(photoConsentsRequired("family", "Family", 0)).toBe(true);
    expect(photoConsentsRequired("family-with-children", "Family", 0)).toBe(false);
    expect(photoConsentsRequired("family-with-children", "Family", 1)).toBe(true);
    expect(photoConsentsRequired("family", "Single", 3)).toBe(false);
    expect(activeMemberDetailsFields({ membership: "Single" }, "family")).toEqual([
      "title",
      "fullName",
      "address",
      "city",
      "county",
      "postcode",
      "mobile",
      "membership",
    ]);
    expect(activeMemberDetailsFields({ membership: "Family", childCount: "1" }, "family-with-children")).toEqual([
      "title",
      "fullName",
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
      "childName1",
      "childYear1",
      "childPhotoConcent",
      "childPhotoShareConcent",
    ]);
  });
});
