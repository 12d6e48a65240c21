import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY_TEXTS } from "~/features/studio/gallery-edit";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { newMember } from "../../../support/fixtures";
import { parseHtml } from "../../../support/html";
import { formPost } from "../../../support/password-reset";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * docs/requirements.md §11.3: a form body over 64 kB is refused with 413 before any route reads it,
 * by its Content-Length or, when it declares none, once the limit is passed. That the
 * deployed Worker stops reading there is proved on real streams in
 * test/unit/kernel/http/form-body-guard.test.ts; outside production the Worker reads a refused body
 * to its end before answering, as `wrangler dev`'s proxy needs (see RefusedBody), so the
 * connection goes on working, which the second request below checks. So this file has
 * a `wrangler dev` server of its own (the other tests' servers have no such proxy).
 */
let server: SeededServer;
/** An editor of this server's own, whom the upload tests erase. */
let erasableEditor = "";
beforeAll(async () => {
  server = await startSeededServer({
    wranglerDev: true,
    prepare: async (db) => {
      erasableEditor = (await createD1Store(db).members.register(newMember({ role: "editor", active: true, registrationPaid: true }))).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
});
const base = () => server.url;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A form body of `bytes` bytes in 16 kB chunks, declaring no length (sent chunked). */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const size = Math.min(16 * 1024, left);
      left -= size;
      controller.enqueue(new TextEncoder().encode("a".repeat(size)));
    },
  });
}

/** A contact post with a bad e-mail: within the limit, the route answers it (400, the form again). */
async function smallContactPost() {
  const response = await fetch(`${base()}/contact`, {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ name: "Ada", email: "not-an-email", notes: "a".repeat(60 * 1024) }),
    redirect: "manual",
  });
  return { status: response.status, page: parseHtml(await response.text()) };
}

describe("request bodies over the limit", () => {
  it("a 2 MB form to /contact (Content-Length) is refused with 413, anonymously; the next post is answered", async () => {
    const response = await fetch(`${base()}/contact`, { method: "POST", headers: FORM, body: `notes=${"a".repeat(2 * 1024 * 1024)}` });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("Payload Too Large: this form sent more than the site accepts.");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const next = await smallContactPost();
    expect(next.status).toBe(400);
  });

  it("a chunked form without a length is refused once it passes 64 kB", async () => {
    const response = await fetch(`${base()}/login`, { method: "POST", headers: FORM, body: chunked(1024 * 1024), duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect((await smallContactPost()).status).toBe(400);
  });

  it("a form of just under 64 kB is still read and answered by the route", async () => {
    const { status, page } = await smallContactPost();
    // The contact form's own checks answer it (a bad e-mail), not the body guard.
    expect(status).toBe(400);
    expect(page.one("form textarea[name=notes]")).not.toBeNull();
  });
});

describe("the studio's upload allowance (40 MB) is an editor's or an accountant's live session's only", () => {
  const TOO_LARGE = "Payload Too Large: this form sent more than the site accepts.";
  /** A 1 MB multipart post to the studio's "New gallery" form, with the cookie given: past the 64 kB form limit. */
  const upload = (cookie: string) => {
    const form = new FormData();
    form.append("photos", new Blob([new Uint8Array(1024 * 1024)], { type: "image/jpeg" }), "p.jpg");
    return fetch(`${base()}/studio/galleries`, { method: "POST", redirect: "manual", body: form, headers: { Origin: base(), Cookie: cookie } });
  };

  it("an editor's live session gets past the body check: the route answers (its form wants a name)", async () => {
    const response = await upload(await sessionCookieFor(demoAccount("editor").id));
    expect(response.status).toBe(400);
    expect(parseHtml(await response.text()).text(".field-error")).toBe(GALLERY_TEXTS.titleRequired);
  });

  it("an editor's session that was signed out (revoked) gets 413", async () => {
    const cookie = await sessionCookieFor(demoAccount("editor").id);
    const signedOut = await fetch(`${base()}/logout`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(signedOut.status).toBe(200);
    const response = await upload(cookie);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(TOO_LARGE);
  });

  it("a member's (not an editor's) live session gets 413", async () => {
    const response = await upload(await sessionCookieFor(demoAccount("member").id));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(TOO_LARGE);
  });

  it("an erased editor's cookie gets 413", async () => {
    const cookie = await sessionCookieFor(erasableEditor);
    // Live before the erasure: the same post gets to the route.
    expect((await upload(cookie)).status).toBe(400);
    const erased = await formPost(base(), `/accounts/members/${erasableEditor}/erase`, {}, { cookie: await sessionCookieFor(demoAccount("treasurer").id) });
    expect(erased.status).toBe(302);
    const response = await upload(cookie);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(TOO_LARGE);
  });
});
