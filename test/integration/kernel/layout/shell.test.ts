import { describe, expect, inject, it } from "vitest";
import { attributeOf, formMessage, parseHtml } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";

const base = () => inject("baseURL");

async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base()}${path}`, { redirect: "manual", ...init });
  return { response, html: await response.text() };
}

/** The login-state links of the top bar, in order. */
function accountLinks(html: string): string[] {
  const list = /<ul class="top-bar-account"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
  return [...list.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1]!);
}

describe("the worker serves the site shell (workerd, local D1)", () => {
  it("renders the home page with the shell and the demo settings", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(attributeOf(html, "html", "lang")).toBe("en-GB");
    expect(parseHtml(html).one('a[href="tel:+441614960000"]')).not.toBeNull();
    expect(html).toContain("info@example.org");
    expect(html).toContain(`Copyright © ${new Date().getFullYear()}`);
    expect(accountLinks(html)).toEqual(["Login", "Sign Up"]);
    expect((await page("/home")).response.status).toBe(200);
  });

  it("answers unknown URLs and /404 with the 404 page and status 404", async () => {
    for (const path of ["/no-such-page", "/blog-details/x/y/z", "/404"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(html).toContain("Page not found");
      expect(html).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
    }
  });

  it("shows members, editors and accountants their own links, and a tampered cookie nothing", async () => {
    const member = await sessionCookieFor(demoAccount("member").id);
    expect(accountLinks((await page("/", { headers: { Cookie: member } })).html)).toEqual(["Documents", "My Account", "Logout"]);
    const treasurer = await sessionCookieFor(demoAccount("treasurer").id);
    expect(accountLinks((await page("/", { headers: { Cookie: treasurer } })).html)).toEqual(["Dashboard", "Website", "Documents", "My Account", "Logout"]);
    const editor = await sessionCookieFor(demoAccount("editor").id);
    expect(accountLinks((await page("/", { headers: { Cookie: editor } })).html)).toEqual(["Website", "Documents", "My Account", "Logout"]);

    const [name, value] = [member.slice(0, member.indexOf("=")), member.slice(member.indexOf("=") + 1)];
    const forgedPayload = encodeURIComponent(btoa(JSON.stringify({ userId: demoAccount("treasurer").id })));
    for (const cookie of [`${name}=${forgedPayload}.${value.split(".")[1]}`, `${name}=${value}x`, `${name}=%%%`]) {
      const { response, html } = await page("/", { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(accountLinks(html)).toEqual(["Login", "Sign Up"]);
    }
  });

  it("shows an applicant who is not active yet the visitor's links", async () => {
    const applicant = await sessionCookieFor(demoAccount("applicant").id);
    expect(accountLinks((await page("/", { headers: { Cookie: applicant } })).html)).toEqual(["Login", "Sign Up"]);
  });

  it("logs out on /logout with its 'Logging out! Please wait...' message, expiring the session cookie", async () => {
    const member = await sessionCookieFor(demoAccount("member").id);
    const { response, html } = await page("/logout", { headers: { Cookie: member } });
    expect(response.status).toBe(200);
    expect(html).toContain("Logging out! Please wait...");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("records cookie consent with a plain form post and goes back to a local page only", async () => {
    const origin = new URL(base()).origin;
    const post = (redirectTo: string) =>
      fetch(`${base()}/cookie-consent`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ redirectTo }),
      });
    const accepted = await post("/about?x=1");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/about?x=1");
    expect(accepted.headers.get("Set-Cookie")).toMatch(/^agreeCookie=true; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect((await post("https://evil.example/")).headers.get("Location")).toBe("/");

    // The background post from the notice (JavaScript on) names no page: no redirect.
    const background = await fetch(`${base()}/cookie-consent`, { method: "POST", redirect: "manual", headers: { Origin: origin }, body: new FormData() });
    expect(background.status).toBe(204);
    expect(background.headers.get("Set-Cookie")).toMatch(/^agreeCookie=true;/);

    expect((await page("/")).html).toContain("We use cookies");
    expect((await page("/", { headers: { Cookie: "agreeCookie=true" } })).html).not.toContain("We use cookies");
  });

  it("signs out on any post, with or without fields besides the button (as a GET does)", async () => {
    const post = async (body: string) =>
      fetch(`${base()}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: new URL(base()).origin,
          Cookie: await sessionCookieFor(demoAccount("member").id),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
      });
    for (const body of ["", "junk=1"]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(200);
      expect(answer.headers.get("Set-Cookie")).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      const page = await answer.text();
      expect(page).toContain("Logging out! Please wait...");
      expect(formMessage(page)).toBeNull();
    }
  });

  it("answers a cookie-consent post it does not understand with 400 and the form's message, and sets no cookie", async () => {
    const origin = new URL(base()).origin;
    const junk = await fetch(`${base()}/cookie-consent`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=/about&redirectTo=/contact",
    });
    expect(junk.status).toBe(400);
    expect(junk.headers.get("Set-Cookie")).toBeNull();
    const reply = (await junk.json()) as { error?: Record<string, string[] | null> };
    expect(reply.error?.[""]).toEqual(["That action was not understood. Please try again."]);

    // An empty page name is still a plain post: home, as before.
    const empty = await fetch(`${base()}/cookie-consent`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=",
    });
    expect(empty.status).toBe(302);
    expect(empty.headers.get("Location")).toBe("/");
  });

  it("refuses form posts from another site", async () => {
    const response = await fetch(`${base()}/cookie-consent`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=/",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("sets the baseline security headers on pages", async () => {
    const { response } = await page("/");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("serves the web manifest, icons and demo images as static assets", async () => {
    const manifest = await fetch(`${base()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const json = (await manifest.json()) as { short_name: string; icons: Array<{ src: string }> };
    expect(json.short_name).toBe("MMA App");
    for (const icon of json.icons) {
      const response = await fetch(`${base()}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
    }
    expect((await fetch(`${base()}/demo/slides/slide-1.svg`)).headers.get("Content-Type")).toContain("image/svg+xml");
  });
});
