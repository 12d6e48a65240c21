import { describe, expect, it } from "vitest";
import { isUnreadableForm, isUnsupportedMediaType } from "~/services/request-guard.server";

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

describe("isUnreadableForm", () => {
  it("reads a copy: a good body stays readable for the route", async () => {
    const good = request("POST", "/contact", "application/x-www-form-urlencoded", "name=Ada&email=ada%40example.org");
    expect(await isUnreadableForm(good)).toBe(false);
    expect((await good.formData()).get("email")).toBe("ada@example.org");
  });

  it("does not mind a urlencoded body with broken escapes (the form's own checks answer it)", async () => {
    expect(await isUnreadableForm(request("POST", "/contact", "application/x-www-form-urlencoded", "%%%&=&a=%E0%A4%A&%FF=\u0000"))).toBe(false);
  });

  it("finds a multipart body without its boundary, or cut short", async () => {
    expect(await isUnreadableForm(request("POST", "/contact", "multipart/form-data", "name=Ada"))).toBe(true);
    expect(await isUnreadableForm(request("POST", "/contact", "multipart/form-data; boundary=XYZ", "--XYZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1"))).toBe(true);
  });

  it("leaves reads and the webhook alone", async () => {
    expect(await isUnreadableForm(request("GET", "/contact", null))).toBe(false);
    expect(await isUnreadableForm(request("POST", "/webhooks/stripe", "multipart/form-data", "junk"))).toBe(false);
  });
});
