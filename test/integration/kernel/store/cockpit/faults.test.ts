import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STORE_UNAVAILABLE_MESSAGE, STORE_UNAVAILABLE_SIGN_IN_MESSAGE } from "~/kernel/forms/store-errors";
import { buildCockpitDemo } from "../../../../../seed/cockpit-demo";
import { client } from "../../../../support/client";
import { fieldValue, pageText, parseHtml } from "../../../../support/html";
import { startFakeCockpit, type FakeCockpit } from "../../../../support/fake-cockpit";
import { startSeededServer, type SeededServer } from "../../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../../support/session";
import { singleSignup, SIGNUP_PASSWORD, uniqueSignupEmail } from "../../../../support/signup";

/**
 * The real worker on a private server whose store is Cockpit (the fake one, holding the
 * demo in Cockpit's shapes), while Cockpit is down, slow or answering errors: visitors get
 * the cached page (or a friendly 503), members a clear message with their form kept.
 */

let fake: FakeCockpit;
let server: SeededServer;

beforeAll(async () => {
  const demo = await buildCockpitDemo();
  fake = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
  server = await startSeededServer({ vars: { CMS_API_URL: fake.url, CMS_API_TOKEN: fake.token } });
});
afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});
afterEach(() => {
  fake.down(false);
  fake.setDelay(0);
});

let sequence = 0;
const nextIp = () => `198.51.100.${150 + ++sequence}`;

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return client(server, { ip: nextIp() }).post(path, fields, { headers });
}

/** The form's error paragraph (p.form-error, role="alert"). */
const formError = (html: string) => parseHtml(html).text('p.form-error[role="alert"]');

/** Cockpit requests the worker made since `from` (the fake logs every one, refused ones too). */
const requestsSince = (from: number) => fake.requests.slice(from).map((request) => request.path);

describe("Cockpit faults, as visitors and members see them", () => {
  it("serves home and the blog from the cache while Cockpit is down, after one view", async () => {
    // The newest published story (the top of /blog and of the home page's news) and a slide's title.
    const news = fake.data.collections.news!.filter((entry) => entry.published === true).sort((a, b) => (b._created ?? 0) - (a._created ?? 0))[0]!;
    const slide = "Together in Manchester";
    expect(JSON.stringify(fake.data.collections.homeBanner)).toContain(slide);
    for (const path of ["/home", "/blog"]) expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);

    fake.down(true);
    const before = fake.requests.length;
    const home = await fetch(`${server.url}/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(slide);
    const blog = await fetch(`${server.url}/blog`);
    expect(blog.status).toBe(200);
    expect(pageText(await blog.text())).toContain(String(news.title).replace(/\s+/g, " "));
    // A query string is never in the page cache: this one is rendered, from the content cache.
    const rendered = await fetch(`${server.url}/blog?from=faults`);
    expect(rendered.status).toBe(200);
    expect(pageText(await rendered.text())).toContain(String(news.title).replace(/\s+/g, " "));
    expect(requestsSince(before)).toEqual([]);
  });

  it("answers a page never viewed with the friendly 503 page while Cockpit is down, and the page once it is back", async () => {
    await fetch(`${server.url}/home`); // the site settings (header, footer) are cached
    fake.down(true);
    const response = await fetch(`${server.url}/office-bearers`);
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Please try again in a moment");
    expect(html).not.toMatch(/StoreUnavailableError|at [\w.]+ \(|Cockpit could not be reached/);

    fake.down(false);
    const after = await fetch(`${server.url}/office-bearers`);
    expect(after.status).toBe(200);
    expect(pageText(await after.text())).toContain(String(fake.data.collections.officeBearers![0]!.name ?? "").replace(/\s+/g, " "));
  });

  it("a member's page during an outage is the friendly 503 page, never a stack", async () => {
    const member = demoAccount("member");
    const cookie = await sessionCookieFor(member.id);
    fake.failNext(500, '{"error":"boom"}', 10);
    const response = await fetch(`${server.url}/mem-account`, { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(html).toContain("Please try again in a moment");
    expect(html).not.toContain("boom");
  });

  it("sign-up during an outage: 503, the message, what was typed (no passwords), nothing stored once Cockpit is back", async () => {
    expect((await fetch(`${server.url}/signup`)).status).toBe(200);
    const email = uniqueSignupEmail("cockpit-down");
    fake.down(true);
    const response = await post("/signup", { ...singleSignup(email), fullName: "Ada Outage" });
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(formError(html)).toBe(STORE_UNAVAILABLE_MESSAGE);
    expect(fieldValue(html, "fullName")).toBe("Ada Outage");
    expect(fieldValue(html, "email")).toBe(email);
    expect(fieldValue(html, "city")).toBe("Manchester");
    expect(html).not.toContain(SIGNUP_PASSWORD);

    fake.down(false);
    const stored = fake.data.collections.userlist!.filter((entry) => String(entry.email).toLowerCase() === email.toLowerCase());
    expect(stored).toEqual([]);
  });

  it("sign-up when Cockpit answers errors: the same message, not a 500", async () => {
    await fetch(`${server.url}/signup`);
    const email = uniqueSignupEmail("cockpit-500");
    fake.failNext(500, "", 10);
    const response = await post("/signup", singleSignup(email));
    expect(response.status).toBe(503);
    expect(formError(await response.text())).toBe(STORE_UNAVAILABLE_MESSAGE);
    fake.failNext(200, "", 0);
  });

  it("contact during an outage: 503, the message, the message kept, nothing stored", async () => {
    expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    const email = uniqueSignupEmail("contact-down");
    fake.down(true);
    const response = await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject: "Hall booking", notes: "Is the hall free?" });
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(formError(html)).toBe(STORE_UNAVAILABLE_MESSAGE);
    expect(fieldValue(html, "email")).toBe(email);
    expect(fieldValue(html, "subject")).toBe("Hall booking");
    expect(html).toMatch(/<textarea[^>]*name="notes"[^>]*>Is the hall free\?<\/textarea>/);
    fake.down(false);
    expect(fake.data.forms.contactus!.filter((entry) => JSON.stringify(entry).includes(email))).toEqual([]);
  });

  it("login during an outage says so (never 'wrong password') and keeps the e-mail", async () => {
    const member = demoAccount("member");
    fake.down(true);
    const response = await post("/login", { email: member.email, password: member.password });
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(formError(html)).toBe(STORE_UNAVAILABLE_SIGN_IN_MESSAGE);
    expect(fieldValue(html, "email")).toBe(member.email);
    expect(html).not.toContain(member.password);
    expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/__session=[^;]/);
  });

  it("a slow Cockpit gives up after the timeout: the same messages within about 5 s, not a hang", async () => {
    await fetch(`${server.url}/signup`);
    const member = demoAccount("member");
    fake.setDelay(6000);
    for (const [path, fields, message] of [
      ["/signup", singleSignup(uniqueSignupEmail("cockpit-slow")), STORE_UNAVAILABLE_MESSAGE],
      ["/login", { email: member.email, password: member.password }, STORE_UNAVAILABLE_SIGN_IN_MESSAGE],
    ] as const) {
      const started = Date.now();
      const response = await post(path, fields);
      const html = await response.text();
      const took = Date.now() - started;
      expect(response.status, path).toBe(503);
      expect(formError(html), path).toBe(message);
      expect(took, path).toBeLessThan(5500);
    }
  });
});
