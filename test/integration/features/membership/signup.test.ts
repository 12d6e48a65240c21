import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassword } from "~/kernel/auth/password.server";
import { client } from "../../../support/client";
import { parseHtml, textOf, within } from "../../../support/html";
import { openServerPlatform } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { sessionCookieFor, demoAccount } from "../../../support/session";
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from "~/kernel/auth/new-password";
import { familySignup, SIGNUP_PASSWORD, singleSignup, uniqueSignupEmail } from "../../../support/signup";

const INVALID = "Empty field is not allowed!";
const DUPLICATE = "Email id already exist!";
const CONSENT = "Please agree to proceed.";
const THANKS = "Thank you for registering. Your application is under review.";

// Every test posts from its own address (TEST-NET-3), so the sign-up limit (5 an hour per
// address) never meets across tests; the local workerd passes CF-Connecting-IP through.
let sequence = 0;
const nextIp = () => `203.0.113.${100 + ++sequence}`;

function post(base: string, fields: Record<string, string>, ip = nextIp(), headers: Record<string, string> = {}) {
  return client(base, { ip }).post("/signup", fields, { headers });
}

const base = () => inject("baseURL");
/** The message shown for a field: its error paragraph's text. */
const fieldError = (html: string, field: string) => {
  const error = parseHtml(html).one(`p.field-error#signup-${field}-error`);
  return error ? textOf(error) : undefined;
};
/** The fields that show an error, by the ids of their error paragraphs. */
const allFieldErrors = (html: string) =>
  parseHtml(html)
    .all('[id^="signup-"][id$="-error"]')
    .map((element) => element.attribs.id!.slice("signup-".length, -"-error".length));

describe("Sign Up (/signup)", () => {
  it("shows the form with the record's own field names, the fee wording, and the spouse and child fields only for a Family", async () => {
    const response = await fetch(`${base()}/signup`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/signup"[^>]*novalidate=""/i);
    for (const name of [
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
      "agreeTerms",
      "giftAidConcent",
      "residentConcent",
      "paymentConcent",
    ]) {
      expect(html).toContain(`name="${name}"`);
    }
    for (const name of ["spouseName", "childCount", "childName1", "childPhotoConcent"]) expect(html).not.toContain(`name="${name}"`);
    expect(html).toContain('name="intent" value="update-fields"');
    expect(html).toContain("a one-off registration fee of £10 (£20 family)");
    expect(html).toContain("an annual subscription of £10 (£20 family), due on acceptance");
    expect(html).toContain("Greater Manchester area");
    expect(html).toContain("Gift Aid declaration");
    // The check is loaded on first use, not with the page (docs/decisions/0012).
    expect(html).not.toMatch(/signup-check-[^"]*\.js/);
  });

  it("sends a signed-in member to My Account", async () => {
    const cookie = await sessionCookieFor(demoAccount("member").id);
    const response = await fetch(`${base()}/signup`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mem-account");
  });

  it("refuses an empty form with 400, the form's message and one message per required field", async () => {
    const response = await post(base(), {});
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(parseHtml(html).all('p.form-error[role="alert"][tabindex="-1"]').map(textOf)).toEqual([INVALID]);
    expect(fieldError(html, "title")).toBe("Please choose a title");
    expect(fieldError(html, "fullName")).toBe("Please enter your full name");
    expect(fieldError(html, "email")).toBe("Please enter your email");
    expect(fieldError(html, "password")).toBe("Please enter a password");
    expect(fieldError(html, "confirm_password")).toBe("Please confirm your password");
    expect(fieldError(html, "address")).toBe("Please enter your address");
    expect(fieldError(html, "city")).toBe("Please enter your city");
    expect(fieldError(html, "postcode")).toBe("Please enter your postcode");
    expect(fieldError(html, "mobile")).toBe("Please enter your mobile number");
    expect(fieldError(html, "membership")).toBe("Please choose a membership type");
    for (const consent of ["agreeTerms", "giftAidConcent", "residentConcent", "paymentConcent"]) expect(fieldError(html, consent)).toBe(CONSENT);
    expect(fieldError(html, "county")).toBeUndefined();
    expect(html).toMatch(/id="signup-mobile"[^>]*aria-invalid="true"[^>]*aria-describedby="signup-mobile-hint signup-mobile-error"/);
  });

  it("names only what is wrong, keeps what was typed, and never echoes the passwords", async () => {
    const form = { ...singleSignup("not-an-email"), mobile: "12345", confirm_password: "something else", fullName: "Ada <Lovelace>" };
    const response = await post(base(), form);
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(allFieldErrors(html).sort()).toEqual(["confirm_password", "email", "mobile"]);
    expect(fieldError(html, "email")).toBe("Please enter a valid email");
    expect(fieldError(html, "mobile")).toBe("Mobile number must be 10 to 11 digits");
    expect(fieldError(html, "confirm_password")).toBe("Passwords do not match");
    expect(html).toContain('value="Ada &lt;Lovelace&gt;"');
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain(SIGNUP_PASSWORD);
  });

  it("checks the spouse, each child shown and the photo consents of a Family", async () => {
    const form: Record<string, string> = {
      ...familySignup(uniqueSignupEmail("family-bad")),
      spouseEmail: "nope",
      spouseMobile: "0770090045612",
      childYear1: "2090",
      childName2: "",
    };
    delete form.childPhotoShareConcent;
    delete form.spouseTitle;
    const html = await (await post(base(), form)).text();
    expect(allFieldErrors(html).sort()).toEqual(["childName2", "childPhotoShareConcent", "childYear1", "spouseEmail", "spouseMobile", "spouseTitle"]);
    expect(fieldError(html, "spouseTitle")).toBe("Please choose your spouse's title");
    expect(fieldError(html, "spouseEmail")).toBe("Please enter a valid email");
    expect(fieldError(html, "spouseMobile")).toBe("Mobile number must be 10 to 11 digits");
    expect(fieldError(html, "childYear1")).toBe(`Year of birth must be a year from 1900 to ${new Date().getUTCFullYear()}`);
    expect(fieldError(html, "childName2")).toBe("Please enter the child's name");
    expect(fieldError(html, "childPhotoShareConcent")).toBe(CONSENT);
  });

  it("re-renders the form for a new membership or child count without saving or showing messages (no JavaScript)", async () => {
    const email = uniqueSignupEmail("update-fields");
    const response = await post(base(), {
      fullName: "Grace Hopper",
      email,
      membership: "Family",
      childCount: "3",
      password: "secret-secret",
      intent: "update-fields",
    });
    const html = await response.text();
    expect(response.status).toBe(200);
    for (const name of [
      "spouseTitle",
      "spouseName",
      "spouseEmail",
      "spouseMobile",
      "childName1",
      "childYear3",
      "childPhotoConcent",
      "childPhotoShareConcent",
    ]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).not.toContain('name="childName4"');
    expect(html).toContain('value="Grace Hopper"');
    expect(html).toMatch(/<option value="3" selected="">3<\/option>/);
    expect(parseHtml(html).all(".field-error, .form-error")).toEqual([]);
    expect(html).not.toContain("secret-secret");
    // Nothing was saved: the same e-mail signs up afterwards.
    expect((await post(base(), singleSignup(email))).status).toBe(302);
  });

  it("registers a valid applicant: redirect to /confirmation with the thanks, then a duplicate e-mail (any case) is refused", async () => {
    const email = uniqueSignupEmail("single");
    const response = await post(base(), singleSignup(email));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/confirmation");
    const toast = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = await (await fetch(`${base()}/confirmation`, { headers: { Cookie: toast } })).text();
    expect(page).toContain(THANKS);
    expect(parseHtml(page).all("h1").map(textOf)).toEqual(["Application Under Review"]);

    for (const again of [email, email.toUpperCase()]) {
      const duplicate = await post(base(), singleSignup(again));
      const html = await duplicate.text();
      expect(duplicate.status).toBe(400);
      expect(fieldError(html, "email")).toBe(DUPLICATE);
    }
    // A demo account's e-mail too.
    expect(fieldError(await (await post(base(), singleSignup("Member@Example.org"))).text(), "email")).toBe(DUPLICATE);
  });

  it("allows 5 sign-ups an hour from one address, then answers 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await post(base(), singleSignup(uniqueSignupEmail(`limit-${i}`)), ip)).status).toBe(302);
    const refused = await post(base(), singleSignup(uniqueSignupEmail("limit-6")), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many sign-ups from this address. Please try again later.");
    // Another address is not affected.
    expect((await post(base(), singleSignup(uniqueSignupEmail("limit-other")))).status).toBe(302);
  });

  it("refuses a common password, and one holding the applicant's name or e-mail, under the field; such posts are not counted", async () => {
    const ip = nextIp();
    const email = uniqueSignupEmail("weak");
    // More refusals than the 5 sign-ups an hour allowed from one address: they are mistakes, not sign-ups.
    const cases: Array<[string, string]> = [
      ["football", COMMON_PASSWORD_MESSAGE],
      ["Password", COMMON_PASSWORD_MESSAGE],
      ["iloveyou", COMMON_PASSWORD_MESSAGE],
      ["LoveLace-1815", PERSONAL_PASSWORD_MESSAGE],
      ["ada is clever", PERSONAL_PASSWORD_MESSAGE],
      [`${email.split("@")[0]}!`, PERSONAL_PASSWORD_MESSAGE],
    ];
    for (const [password, message] of cases) {
      const response = await post(base(), { ...singleSignup(email), password, confirm_password: password }, ip);
      const html = await response.text();
      expect(response.status, password).toBe(400);
      expect(allFieldErrors(html), password).toEqual(["password"]);
      expect(fieldError(html, "password"), password).toBe(message);
      expect(parseHtml(html).all('p.form-error[role="alert"]').map(textOf)).toEqual([message]);
      expect(
        parseHtml(html)
          .all('input[type="password"]')
          .map((input) => input.attribs.value ?? ""),
      ).toEqual(["", ""]);
    }
    // Nothing was saved and nothing counted: the same e-mail signs up from the same address.
    expect((await post(base(), singleSignup(email), ip)).status).toBe(302);
  });

  it("answers a tampered post with a clear 400, never a 500", async () => {
    const response = await post(base(), {
      ...singleSignup(uniqueSignupEmail("odd")),
      title: "King",
      membership: "Both",
      childCount: "99",
      mobile: "０７７００９００１２３",
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldError(html, "title")).toBe("Please choose a title");
    expect(fieldError(html, "membership")).toBe("Please choose a membership type");
    expect(fieldError(html, "mobile")).toBe("Mobile number must be 10 to 11 digits");
  });
});

describe("Sign-ups on a private server", () => {
  let server: SeededServer;
  beforeAll(async () => {
    server = await startSeededServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("stores a Single and a Family applicant with the right fields", async () => {
    const single = uniqueSignupEmail("Stored-Single");
    const family = uniqueSignupEmail("stored-family");
    expect((await post(server.url, singleSignup(single.toUpperCase()))).status).toBe(302);
    expect((await post(server.url, familySignup(family))).status).toBe(302);
    const { createD1Store } = await import("~/kernel/store/d1/index.server");
    const { db, dispose } = await openServerPlatform(server.persistTo);
    try {
      const store = createD1Store(db);
      const s = (await store.members.findByEmail(single))!;
      expect(s).toMatchObject({
        email: single.toLowerCase(),
        title: "Dr",
        fullName: "Ada Lovelace",
        address: "1 Analytical Street",
        city: "Manchester",
        county: "",
        postcode: "M1 1AA",
        mobile: "07700900123",
        membership: "Single",
        spouse: null,
        children: [],
        consents: { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false },
        role: "member",
        active: false,
        registrationPaid: false,
        lastRenewedYear: new Date().getUTCFullYear(),
        deleted: false,
        resetKey: null,
      });
      expect(s.memberNumber).toBeGreaterThan(0);
      expect(s.passwordHash).not.toContain(SIGNUP_PASSWORD);
      expect(await verifyPassword(SIGNUP_PASSWORD, s.passwordHash)).toBe(true);

      const f = (await store.members.findByEmail(family))!;
      expect(f).toMatchObject({
        membership: "Family",
        county: "Greater Manchester",
        spouse: { title: "Mr", name: "Vincent Hopper", email: "vincent.hopper@example.com", mobile: "07700900456" },
        children: [
          { name: "Byron", birthYear: 2015 },
          { name: "Annabella", birthYear: 2019 },
        ],
        consents: { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: true, childPhotoShare: true },
        role: "member",
        active: false,
        registrationPaid: false,
      });
      expect(f.memberNumber).toBe(s.memberNumber! + 1);
    } finally {
      await dispose();
    }
  });
});

describe("Sign-up when registration is disabled", () => {
  let server: SeededServer;
  beforeAll(async () => {
    server = await startSeededServer({
      async prepare(db) {
        await db
          .prepare(
            `UPDATE singletons SET data = json_set(data, '$.membership.registrationDisabled', json('true'),
               '$.membership.disabledMessageHtml', ?) WHERE name = 'general'`,
          )
          .bind("<p>Registration reopens in <strong>April</strong>.</p><script>alert(1)</script>")
          .run();
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the administrator's message (sanitized) and a link home instead of the form", async () => {
    const response = await fetch(`${server.url}/signup`);
    const html = await response.text();
    expect(response.status).toBe(200);
    const message = parseHtml(html)
      .all("p")
      .find((p) => textOf(p) === "Registration reopens in April.");
    expect(message && within(message).all("strong").map(textOf)).toEqual(["April"]);
    expect(html).not.toContain("alert(1)");
    expect(html).toMatch(/<a[^>]*href="\/home"[^>]*>Back To Home<\/a>/);
    expect(html).not.toContain('name="fullName"');
  });

  it("refuses a post", async () => {
    const response = await post(server.url, singleSignup(uniqueSignupEmail("closed")));
    expect(response.status).toBe(403);
  });
});
