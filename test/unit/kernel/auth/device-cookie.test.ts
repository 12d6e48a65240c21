import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE_MAX_MEMBERS, deviceCookieAfterSignIn, knowsMember, readDeviceNote } from "~/kernel/auth/device-cookie.server";

const contextWith = (secret: string) => ({ env: { SESSION_SECRET: secret, isProduction: false } }) as unknown as AppLoadContext;
const context = contextWith("a-test-secret-of-enough-length-0001");
const requestWith = (setCookie: string) => new Request("https://mosaic.example/login", { headers: { Cookie: setCookie.split(";")[0]! } });

describe("the device cookie (a browser that signed in to an account before)", () => {
  it("names the member after a sign-in, and keeps the browser's id when it signs in to another account", async () => {
    const first = await deviceCookieAfterSignIn(context, null, "member-a");
    expect(first).toMatch(/^__device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const note = await readDeviceNote(requestWith(first), context);
    expect(note?.deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(knowsMember(note, "member-a")).toBe(true);
    expect(knowsMember(note, "member-b")).toBe(false);

    const second = await readDeviceNote(requestWith(await deviceCookieAfterSignIn(context, note, "member-b")), context);
    expect(second).toEqual({ deviceId: note!.deviceId, memberIds: ["member-b", "member-a"] });
  });

  it(`remembers the ${DEVICE_COOKIE_MAX_MEMBERS} accounts signed in to most recently`, async () => {
    let note = null;
    for (const id of ["m1", "m2", "m3", "m4", "m5", "m6", "m2"])
      note = await readDeviceNote(requestWith(await deviceCookieAfterSignIn(context, note, id)), context);
    expect(note?.memberIds).toEqual(["m2", "m6", "m5", "m4", "m3"]);
  });

  it("reads a forged, altered or foreign cookie as none", async () => {
    const cookie = (await deviceCookieAfterSignIn(context, null, "member-a")).split(";")[0]!;
    const [name] = cookie.split("=");
    const unsigned = `${name}=${btoa(JSON.stringify({ d: "0".repeat(32), m: ["member-a"] }))}`;
    for (const header of [unsigned, `${cookie.slice(0, -2)}xx`, "__device=%%%", ""]) {
      expect(await readDeviceNote(new Request("https://mosaic.example/login", { headers: { Cookie: header } }), context)).toBeNull();
    }
    expect(await readDeviceNote(requestWith(cookie), contextWith("another-secret-entirely-0000000002"))).toBeNull();
  });
});
