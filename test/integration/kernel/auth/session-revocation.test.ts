import { describe, expect, inject, it } from "vitest";
import { demoAccount, sessionCookieFor, sessionCookieWithoutRecord } from "../../../support/session";

const base = () => inject("baseURL");

/** Whether the worker takes this cookie for a signed-in member (/login then sends them on to their account). */
async function signedIn(cookie: string) {
  const response = await fetch(`${base()}/login`, { redirect: "manual", headers: { Cookie: cookie } });
  return response.status === 302 && response.headers.get("Location") === "/mem-account";
}

describe("sessions the worker accepts (ADR 7)", () => {
  it("accepts a fresh session of an active member, with or without milliseconds in its sign-in time", async () => {
    expect(await signedIn(await sessionCookieFor(demoAccount("member").id))).toBe(true);
    expect(await signedIn(await sessionCookieFor(demoAccount("member").id, Math.floor(Date.now() / 1000) * 1000))).toBe(true);
  });

  it("refuses a session older than 14 days, one dated in the future, and a tampered one", async () => {
    const id = demoAccount("member").id;
    expect(await signedIn(await sessionCookieFor(id, Date.now() - 15 * 24 * 3600 * 1000))).toBe(false);
    expect(await signedIn(await sessionCookieFor(id, Date.now() + 3600 * 1000))).toBe(false);
    const cookie = await sessionCookieFor(id);
    expect(await signedIn(`${cookie.slice(0, -3)}abc`)).toBe(false);
  });

  it("shows the applicant, who may not sign in, the Sign In page even with a session made for them", async () => {
    expect(await signedIn(await sessionCookieFor(demoAccount("applicant").id))).toBe(false);
  });

  it("refuses a validly signed session that has no record (one from before sessions were records, ADR 70)", async () => {
    expect(await signedIn(await sessionCookieWithoutRecord(demoAccount("member").id))).toBe(false);
  });
});
