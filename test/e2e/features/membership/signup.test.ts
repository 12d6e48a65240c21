import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { SIGNUP_PASSWORD, uniqueSignupEmail } from "../../../support/signup";

const INVALID = "Empty field is not allowed!";
const CONSENT = "Please agree to proceed.";
const THANKS = "Thank you for registering. Your application is under review.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Each page posts from its own address, so the sign-up limit (5 an hour per address) never meets across tests.
let sequence = 0;
async function signupPage(options: { javaScriptEnabled: boolean; device?: typeof DESKTOP | typeof PHONE }) {
  sequence += 1;
  const context = await newContext(browser, {
    ...(options.device ?? DESKTOP),
    javaScriptEnabled: options.javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${150 + sequence}` },
  });
  const page = await context.newPage();
  await page.goto("/signup");
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page };
}

const field = (page: Page, name: string) => page.locator(`.signup-form [name="${name}"]`);
const messages = (page: Page) => page.locator(".signup-form .field-error").allInnerTexts();
const messageOf = (page: Page, name: string) => page.locator(`#signup-${name}-error`).innerText();
/** The browser's check (loaded on first use) is in use: its chunk and what it imports have run. */
const checkReady = (page: Page) => page.locator(".signup-form[data-check=ready]").waitFor({ state: "attached" });
const submit = (page: Page) => page.getByRole("button", { name: "Sign Up", exact: true }).click();

/** Chooses a value in a select; without JavaScript, presses the button beside it that re-renders the form. */
async function choose(page: Page, name: "membership" | "childCount", value: string, javaScriptEnabled: boolean) {
  await field(page, name).selectOption(value);
  if (!javaScriptEnabled) {
    await page.getByRole("button", { name: name === "membership" ? "Show fields for this membership" : "Show fields for this number" }).click();
    await page.waitForLoadState();
  }
}

async function fillFamily(page: Page, email: string) {
  await field(page, "title").selectOption("Mrs");
  await field(page, "fullName").fill("Grace Hopper");
  await field(page, "address").fill("1 Compiler Road");
  await field(page, "city").fill("Manchester");
  await field(page, "postcode").fill("M2 2BB");
  await field(page, "mobile").fill("07700 900123");
  await field(page, "email").fill(email);
  await field(page, "password").fill(SIGNUP_PASSWORD);
  await field(page, "confirm_password").fill(SIGNUP_PASSWORD);
  await field(page, "spouseTitle").selectOption("Mr");
  await field(page, "spouseName").fill("Vincent Hopper");
  await field(page, "spouseEmail").fill("vincent@example.com");
  await field(page, "spouseMobile").fill("07700900456");
  await field(page, "childName1").fill("Byron");
  await field(page, "childYear1").fill("2015");
  await field(page, "childName2").fill("Annabella");
  await field(page, "childYear2").fill("2019");
  for (const consent of ["agreeTerms", "giftAidConcent", "residentConcent", "paymentConcent", "childPhotoConcent", "childPhotoShareConcent"]) {
    await field(page, consent).check();
  }
}

for (const javaScriptEnabled of [true, false]) {
  describe(`Sign Up (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("signs up a Family with 2 children and lands on the confirmation page", async () => {
      const { context, page } = await signupPage({ javaScriptEnabled });
      expect(await field(page, "spouseName").count()).toBe(0);
      // Without JavaScript the form offers buttons to show the fields; with it they are not needed.
      expect(await page.getByRole("button", { name: "Show fields for this membership" }).count()).toBe(javaScriptEnabled ? 0 : 1);
      await choose(page, "membership", "Family", javaScriptEnabled);
      await field(page, "spouseName").waitFor();
      expect(await field(page, "childName1").count()).toBe(0);
      await choose(page, "childCount", "2", javaScriptEnabled);
      await field(page, "childName2").waitFor();
      expect(await field(page, "childName3").count()).toBe(0);
      await fillFamily(page, uniqueSignupEmail(`e2e-family-${javaScriptEnabled ? "js" : "nojs"}`));
      await submit(page);
      await page.waitForURL("**/confirmation");
      await page.getByText(THANKS).waitFor();
      expect(await page.locator("h1").innerText()).toBe("Application Under Review");
      const body = await page.locator("main").innerText();
      expect(body).toMatch(/received/i);
      expect(body).toMatch(/spam folder/i);
      expect(body).toMatch(/payment link/i);
      expect(await page.getByRole("link", { name: "Back To Home" }).getAttribute("href")).toBe("/home");
      await context.close();
    });

    it("shows every required message for an empty form, and the Family ones once Family is chosen", async () => {
      const { context, page } = await signupPage({ javaScriptEnabled });
      // Enter in a field signs up (without JavaScript too: it must not press "Show fields for this membership").
      await field(page, "fullName").press("Enter");
      await page.locator(".form-error").waitFor();
      expect(await page.locator(".form-error").innerText()).toBe(INVALID);
      expect(await messages(page)).toEqual([
        "Please choose a membership type",
        "Please choose a title",
        "Please enter your full name",
        "Please enter your address",
        "Please enter your city",
        "Please enter your postcode",
        "Please enter your mobile number",
        "Please enter your email",
        "Please enter a password",
        "Please confirm your password",
        CONSENT,
        CONSENT,
        CONSENT,
        CONSENT,
      ]);
      const fullName = field(page, "fullName");
      expect(await fullName.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await fullName.getAttribute("aria-describedby")}`).innerText()).toBe("Please enter your full name");

      await choose(page, "membership", "Family", javaScriptEnabled);
      await choose(page, "childCount", "1", javaScriptEnabled);
      await submit(page);
      await page.locator("#signup-spouseName-error").waitFor();
      expect(await messageOf(page, "spouseTitle")).toBe("Please choose your spouse's title");
      expect(await messageOf(page, "spouseName")).toBe("Please enter your spouse's name");
      expect(await messageOf(page, "spouseEmail")).toBe("Please enter your spouse's email");
      expect(await messageOf(page, "spouseMobile")).toBe("Please enter your spouse's mobile number");
      expect(await messageOf(page, "childName1")).toBe("Please enter the child's name");
      expect(await messageOf(page, "childYear1")).toBe("Please enter the child's year of birth");
      expect(await messageOf(page, "childPhotoConcent")).toBe(CONSENT);
      expect(await messageOf(page, "childPhotoShareConcent")).toBe(CONSENT);
      await context.close();
    });

    it("explains wrong formats: e-mails, mobiles, password length and match, year of birth", async () => {
      const { context, page } = await signupPage({ javaScriptEnabled });
      // With JavaScript the browser's check (loaded on first use) answers; be sure it is there.
      await choose(page, "membership", "Family", javaScriptEnabled);
      await choose(page, "childCount", "1", javaScriptEnabled);
      await field(page, "email").fill("not-an-email");
      await field(page, "mobile").fill("12345");
      await field(page, "password").fill("short");
      await field(page, "spouseEmail").fill("nope@");
      await field(page, "spouseMobile").fill("0770090045612");
      await field(page, "childYear1").fill("1850");
      if (javaScriptEnabled) await checkReady(page);
      await submit(page);
      await page.locator("#signup-email-error").waitFor();
      expect(await messageOf(page, "email")).toBe("Please enter a valid email");
      expect(await messageOf(page, "mobile")).toBe("Mobile number must be 10 to 11 digits");
      expect(await messageOf(page, "password")).toBe("Password must be at least 8 characters");
      expect(await messageOf(page, "spouseEmail")).toBe("Please enter a valid email");
      expect(await messageOf(page, "spouseMobile")).toBe("Mobile number must be 10 to 11 digits");
      expect(await messageOf(page, "childYear1")).toBe(`Year of birth must be a year from 1900 to ${new Date().getFullYear()}`);

      await field(page, "password").fill(SIGNUP_PASSWORD);
      await field(page, "confirm_password").fill("something else");
      await submit(page);
      await page.locator("#signup-confirm_password-error").waitFor();
      expect(await messageOf(page, "confirm_password")).toBe("Passwords do not match");
      await context.close();
    });

    it("refuses an e-mail that is already registered, whatever its case", async () => {
      const { context, page } = await signupPage({ javaScriptEnabled });
      await choose(page, "membership", "Family", javaScriptEnabled);
      await choose(page, "childCount", "2", javaScriptEnabled);
      await fillFamily(page, "Member@Example.org");
      await submit(page);
      await page.locator("#signup-email-error").waitFor();
      expect(await messageOf(page, "email")).toBe("Email id already exist!");
      expect(await page.locator(".form-error").innerText()).toBe("Email id already exist!");
      expect(new URL(page.url()).pathname).toBe("/signup");
      // What was typed is kept (never the passwords).
      expect(await field(page, "fullName").inputValue()).toBe("Grace Hopper");
      expect(await field(page, "childName2").inputValue()).toBe("Annabella");
      expect(await field(page, "password").inputValue()).toBe(javaScriptEnabled ? SIGNUP_PASSWORD : "");
      await context.close();
    });

    it("fits a 360 px phone without sideways scrolling, with every field and message shown", async () => {
      const { context, page } = await signupPage({ javaScriptEnabled, device: PHONE });
      await choose(page, "membership", "Family", javaScriptEnabled);
      await choose(page, "childCount", "5", javaScriptEnabled);
      await submit(page);
      await page.locator("#signup-childYear5-error").waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      await page.goto("/confirmation");
      expect(await overflow()).toBe(0);
      await context.close();
    });
  });
}

/** Holds the lazily loaded check's request until `release()`: the page must work while it is on its way. */
async function holdCheck(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route("**/signup-check-*.js", async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { asked, release };
}

async function jsSignupPage() {
  sequence += 1;
  const context = await newContext(browser, { ...DESKTOP, extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${150 + sequence}` } });
  const page = await context.newPage();
  return { context, page };
}

describe("Sign Up with JavaScript: the lazily loaded check racing the submit", () => {
  it("answers from the server when Sign Up is pressed while the check is still loading", async () => {
    const { context, page } = await jsSignupPage();
    const gate = await holdCheck(page);
    await page.goto("/signup");
    await hydrated(page);
    await field(page, "email").fill("not-an-email");
    await gate.asked;
    const post = page.waitForResponse((response) => response.request().method() === "POST");
    await submit(page);
    expect((await post).status()).toBe(400);
    await page.locator("#signup-email-error").waitFor();
    expect(await messageOf(page, "email")).toBe("Please enter a valid email");
    expect(await page.locator(".form-error").innerText()).toBe(INVALID);
    gate.release();
    await context.close();
  });

  it("does not lose a click on Sign Up when leaving a wrong field shows its message (the check just loaded)", async () => {
    const { context, page } = await jsSignupPage();
    const gate = await holdCheck(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/signup");
    await hydrated(page);
    await field(page, "email").fill("not-an-email");
    await gate.asked;
    gate.release();
    await checkReady(page);
    await field(page, "mobile").fill("123");
    await field(page, "fullName").focus();
    await page.locator("#signup-mobile-error").waitFor();
    // Focus is in a wrong field: pressing Sign Up leaves it, and its new message moves the button down.
    await field(page, "postcode").fill("");
    await field(page, "email").fill("still-not-an-email");
    await submit(page);
    await page.locator(".form-error").waitFor();
    expect(await page.locator(".form-error").innerText()).toBe(INVALID);
    expect(await messageOf(page, "email")).toBe("Please enter a valid email");
    expect(await messageOf(page, "fullName")).toBe("Please enter your full name");
    expect(posts).toEqual([]);
    await context.close();
  });
});

describe("Sign Up with JavaScript: instant checks, loaded on first use", () => {
  it("loads the check only when the form is first used, then checks a field when it is left and clears a message as it is edited", async () => {
    sequence += 1;
    const context = await newContext(browser, { ...DESKTOP, extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${150 + sequence}` } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/signup");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.some((path) => path.includes("signup-check"))).toBe(false);

    await field(page, "mobile").focus();
    await checkReady(page);
    expect(scripts.some((path) => path.includes("signup-check"))).toBe(true);
    await field(page, "mobile").fill("123");
    await field(page, "address").focus();
    expect(await messageOf(page, "mobile")).toBe("Mobile number must be 10 to 11 digits");
    // Leaving a field untouched says nothing.
    expect(await page.locator("#signup-address-error").count()).toBe(0);
    await field(page, "mobile").fill("07700900123");
    expect(await page.locator("#signup-mobile-error").count()).toBe(0);

    // A submit with mistakes is stopped in the browser: no request, every message at once.
    await submit(page);
    await page.locator(".form-error").waitFor();
    expect(await page.locator(".form-error").innerText()).toBe(INVALID);
    expect(await messageOf(page, "fullName")).toBe("Please enter your full name");
    expect(posts).toEqual([]);
    // The form's message has focus; editing a field clears its message at once.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("form-error");
    await field(page, "fullName").fill("A");
    expect(await page.locator("#signup-fullName-error").count()).toBe(0);
    expect(await messageOf(page, "address")).toBe("Please enter your address");
    await context.close();
  });

  it("has no axe violations, empty and with messages", async () => {
    sequence += 1;
    const context = await newContext(browser, { ...DESKTOP, extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${150 + sequence}` } });
    const page = await context.newPage();
    await page.goto("/signup");
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await field(page, "membership").selectOption("Family");
    await field(page, "childCount").selectOption("2");
    await submit(page);
    await page.locator(".form-error").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/confirmation");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
