import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHtml } from "../../support/html";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";

/**
 * Audit item 4: a form body over 64 kB is refused with 413 before any route reads it,
 * by its Content-Length or, when it declares none, once the limit is passed. That the
 * deployed Worker stops reading there is proved on real streams in
 * test/unit/form-body-guard.test.ts; outside production the Worker reads a refused body
 * to its end before answering, as `wrangler dev`'s proxy needs (see RefusedBody), so the
 * connection goes on working, which the second request below checks. So this file has
 * a `wrangler dev` server of its own (the other tests' servers have no such proxy).
 */
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({ wranglerDev: true });
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
