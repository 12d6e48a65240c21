import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { parseHtml, textOf, within } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { SIGN_OUT_OTHERS_QUESTION } from "~/features/account-security/sessions";

/**
 * The member's signed-in devices on /account/security (docs/decisions/0070-sessions-as-records.md):
 * each other device can be signed out, or all of them after a question; only the member's own.
 */
const PATH = "/account/security";
const http = () => client(inject("baseURL"));
const server = () => inject("baseURL");

/** A fresh session of the member, recorded as the site records one: its `Cookie` value. */
const device = (memberId: string) => sessionCookieFor(memberId, Date.now(), { server: server() });

async function page(cookie: string) {
  const response = await http().get(PATH, { cookie });
  expect(response.status).toBe(200);
  const html = await response.text();
  const parsed = parseHtml(html);
  const others = parsed.all("li.device:not(.device-current)").map((li) => ({
    id: within(li).one("input[name=sessionId]")?.attribs.value ?? "",
    name: within(li).text(".device-name"),
  }));
  return { html, parsed, others };
}

/** Whether the cookie still signs its member in: /login sends a signed-in member home. */
async function signedIn(cookie: string): Promise<boolean> {
  const response = await http().get("/login", { cookie });
  return response.status === 302 && response.headers.get("Location") !== null;
}

describe("signed-in devices", () => {
  it("shows this device first, named from its browser, with its place, and signs out one other device", async () => {
    const single = demoAccount("single");
    // A real sign-in through the form: the site records the browser and Cloudflare's country (the tests' stand-in: GB).
    const signIn = await http().post(
      "/login",
      { email: single.email, password: single.password, redirectTo: PATH },
      { headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36" } },
    );
    expect(signIn.status).toBe(302);
    const here = signIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__session="))!
      .split(";")[0]!;
    const other = await device(single.id);
    const { parsed, others } = await page(here);
    const current = within(parsed.one("li.device-current")!);
    expect(current.text(".device-name")).toBe("Chrome on Android (This device)");
    expect(textOf(current.all(".device-facts dd"))).toContain("United Kingdom");
    expect(others.length).toBeGreaterThanOrEqual(1);
    const otherId = others.find((row) => row.name === "Unknown browser")!.id;

    const response = await http().post(PATH, { intent: "sign-out", sessionId: otherId }, { cookie: here });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    expect((await page(here)).others.map((row) => row.id)).not.toContain(otherId);
  });

  it("asks first, then signs out every other device, and says so when this is the only one", async () => {
    const member = demoAccount("member");
    const here = await device(member.id);
    const others = [await device(member.id), await device(member.id)];
    const asked = await http().post(PATH, { intent: "sign-out-others" }, { cookie: here });
    expect(asked.status).toBe(200);
    const question = parseHtml(await asked.text());
    expect(question.text(".confirm-step p")).toBe(SIGN_OUT_OTHERS_QUESTION);
    expect(question.one(".confirm-step input[name=confirmed]")?.attribs.value).toBe("1");
    // Asking changed nothing.
    for (const cookie of others) expect(await signedIn(cookie)).toBe(true);

    const done = await http().post(PATH, { intent: "sign-out-others", confirmed: "1" }, { cookie: here });
    expect(done.status).toBe(302);
    for (const cookie of others) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    const after = await page(here);
    expect(after.others).toEqual([]);
    expect(after.parsed.text(".device-empty")).toBe("This is the only device signed in to your account.");
    expect(after.parsed.one(".device-sign-out-others")).toBeNull();
  });

  it("changes nothing when a member posts another member's session id", async () => {
    const editor = demoAccount("editor").id;
    const theirs = await device(editor);
    const theirOther = await device(editor);
    // The editor's session ids, as their own page shows them, posted by someone else.
    const ids = (await page(theirOther)).others.map((row) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    const intruder = await device(demoAccount("member").id);
    for (const sessionId of ids) {
      const response = await http().post(PATH, { intent: "sign-out", sessionId }, { cookie: intruder });
      expect(response.status).toBe(302);
    }
    expect(await signedIn(theirs)).toBe(true);
    expect((await page(theirOther)).others.map((row) => row.id)).toEqual(ids);
  });

  it("refuses a post it does not understand, and lets no signed-out or half-signed-in session in", async () => {
    const member = demoAccount("member");
    const here = await device(member.id);
    expect((await http().post(PATH, { intent: "sign-out", sessionId: "not-an-id" }, { cookie: here })).status).toBe(400);
    // A session owing its second step (ADR 71) is signed out, here and everywhere.
    const pending = await sessionCookieFor(member.id, Date.now(), { server: server(), secondStep: "pending" });
    const refused = await http().get(PATH, { cookie: pending });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    expect((await http().post(PATH, { intent: "sign-out-others", confirmed: "1" }, { cookie: pending })).status).toBe(302);
    expect(await signedIn(here)).toBe(true);
    // A revoked cookie (logout) is signed out.
    const gone = await device(member.id);
    await http().post("/logout", {}, { cookie: gone });
    expect((await http().get(PATH, { cookie: gone })).status).toBe(302);
  });
});
