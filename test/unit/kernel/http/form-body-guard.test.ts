import { describe, expect, it } from "vitest";
import { checkRequestBody, FORM_BODY_LIMIT_BYTES, isUnsupportedMediaType } from "~/kernel/http/request-guard.server";

const request = (method: string, path: string, contentType: string | null, body?: BodyInit) =>
  new Request(`https://mma.example${path}`, { method, headers: contentType ? { "Content-Type": contentType } : {}, body });

describe("isUnsupportedMediaType", () => {
  it("accepts the bodies forms send, whatever the parameters and case", () => {
    expect(isUnsupportedMediaType(request("POST", "/contact", "application/x-www-form-urlencoded", "a=1"))).toBe(false);
    expect(isUnsupportedMediaType(request("POST", "/contact", "application/x-www-form-urlencoded;charset=UTF-8", "a=1"))).toBe(false);
    expect(isUnsupportedMediaType(request("POST", "/contact", "Multipart/Form-Data; boundary=----x", "x"))).toBe(false);
    // A form with no fields (logout) still sends its Content-Type.
    expect(isUnsupportedMediaType(request("POST", "/logout", "application/x-www-form-urlencoded", ""))).toBe(false);
  });

  it("refuses any other body on a state-changing request, and none at all", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isUnsupportedMediaType(request(method, "/book-ticket", "application/json", "{}")), method).toBe(true);
      expect(isUnsupportedMediaType(request(method, "/book-ticket", "text/plain", "a=1")), method).toBe(true);
      expect(isUnsupportedMediaType(request(method, "/book-ticket", null)), method).toBe(true);
    }
    expect(isUnsupportedMediaType(request("POST", "/login", "application/x-www-form-urlencoded-evil", "a=1"))).toBe(true);
    expect(isUnsupportedMediaType(request("POST", "/login", "", "a=1"))).toBe(true);
  });

  it("lets reads through, and the Stripe webhook's JSON (it verifies its own signature)", () => {
    expect(isUnsupportedMediaType(request("GET", "/book-ticket", "application/json"))).toBe(false);
    expect(isUnsupportedMediaType(request("HEAD", "/book-ticket", null))).toBe(false);
    expect(isUnsupportedMediaType(request("OPTIONS", "/book-ticket", "text/plain"))).toBe(false);
    expect(isUnsupportedMediaType(request("POST", "/webhooks/stripe", "application/json; charset=utf-8", "{}"))).toBe(false);
    expect(isUnsupportedMediaType(request("POST", "/webhooks/stripe/", "application/json", "{}"))).toBe(false);
    // Only that path: not a look-alike.
    expect(isUnsupportedMediaType(request("POST", "/webhooks/stripe-x", "application/json", "{}"))).toBe(true);
    expect(isUnsupportedMediaType(request("POST", "/contact?x=/webhooks/stripe", "application/json", "{}"))).toBe(true);
  });
});

const unreadable = async (r: Request) => {
  const check = await checkRequestBody(r);
  return !check.ok && check.status === 400;
};

describe("checkRequestBody: forms that cannot be read", () => {
  it("hands on a copy over the same bytes: a good body stays readable for the route", async () => {
    const check = await checkRequestBody(request("POST", "/contact", "application/x-www-form-urlencoded", "name=Ada&email=ada%40example.org"));
    expect(check.ok).toBe(true);
    if (check.ok) expect((await check.request.formData()).get("email")).toBe("ada@example.org");
  });

  it("does not mind a urlencoded body with broken escapes (the form's own checks answer it)", async () => {
    expect(await unreadable(request("POST", "/contact", "application/x-www-form-urlencoded", "%%%&=&a=%E0%A4%A&%FF=\u0000"))).toBe(false);
  });

  it("finds a multipart body without its boundary, or cut short", async () => {
    expect(await unreadable(request("POST", "/contact", "multipart/form-data", "name=Ada"))).toBe(true);
    expect(
      await unreadable(request("POST", "/contact", "multipart/form-data; boundary=XYZ", '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1')),
    ).toBe(true);
  });

  it("leaves reads and the webhook's body alone", async () => {
    const get = request("GET", "/contact", null);
    expect(await checkRequestBody(get)).toEqual({ ok: true, request: get });
    const webhook = await checkRequestBody(request("POST", "/webhooks/stripe", "multipart/form-data", "junk"));
    expect(webhook.ok).toBe(true);
    if (webhook.ok) expect(await webhook.request.text()).toBe("junk");
  });
});

/** A body that arrives in chunks and declares no length, counting what was read of it. */
function chunkedBody(chunks: number, chunkBytes: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent += 1;
      controller.enqueue(new TextEncoder().encode("a".repeat(chunkBytes)));
    },
  });
  return { stream, sent: () => sent };
}

describe("checkRequestBody: size", () => {
  const form = (body: BodyInit, headers: Record<string, string> = {}, path = "/contact") =>
    new Request(`https://mma.example${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  it("takes a form of up to 64 kB", async () => {
    const body = `message=${"a".repeat(FORM_BODY_LIMIT_BYTES - "message=".length)}`;
    const check = await checkRequestBody(form(body));
    expect(check.ok).toBe(true);
    if (check.ok) expect(String((await check.request.formData()).get("message")).length).toBe(FORM_BODY_LIMIT_BYTES - 8);
  });

  it("refuses a declared length over 64 kB without reading the body", async () => {
    const body = chunkedBody(1000, 64 * 1024);
    expect(await checkRequestBody(form(body.stream, { "Content-Length": String(60 * 1024 * 1024) }))).toEqual({ ok: false, status: 413 });
    // At most what the stream had queued before it was cancelled: not the 60 MB.
    expect(body.sent()).toBeLessThanOrEqual(1);
  });

  it("reads a body without a length only up to the limit", async () => {
    const body = chunkedBody(1000, 16 * 1024);
    expect(await checkRequestBody(form(body.stream))).toEqual({ ok: false, status: 413 });
    expect(body.sent()).toBeLessThanOrEqual(6);
  });

  it("outside production (wrangler dev) reads a refused body to its end, keeping none of it", async () => {
    const declared = chunkedBody(20, 64 * 1024);
    expect(await checkRequestBody(form(declared.stream, { "Content-Length": String(20 * 64 * 1024) }), "discard")).toEqual({ ok: false, status: 413 });
    expect(declared.sent()).toBe(20);
    const open = chunkedBody(20, 16 * 1024);
    expect(await checkRequestBody(form(open.stream), "discard")).toEqual({ ok: false, status: 413 });
    expect(open.sent()).toBe(20);
  });

  it("gives the Stripe webhook a larger limit of its own (1 MB)", async () => {
    const event = JSON.stringify({ padding: "a".repeat(200 * 1024) });
    expect((await checkRequestBody(form(event, { "Content-Type": "application/json" }, "/webhooks/stripe"))).ok).toBe(true);
    const huge = chunkedBody(100, 64 * 1024);
    expect(await checkRequestBody(form(huge.stream, { "Content-Type": "application/json" }, "/webhooks/stripe"))).toEqual({ ok: false, status: 413 });
  });
});
