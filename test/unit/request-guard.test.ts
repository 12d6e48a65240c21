import { describe, expect, it } from "vitest";
import { applySecurityHeaders, isCrossSiteMutation } from "~/services/request-guard.server";

const post = (headers: Record<string, string>) => new Request("https://mma.example/contact", { method: "POST", headers });

describe("isCrossSiteMutation", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteMutation(new Request("https://mma.example/", { headers: { Origin: "https://evil.example" } }))).toBe(false);
  });
  it("accepts posts from our own pages", () => {
    expect(isCrossSiteMutation(post({ Origin: "https://mma.example", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });
  it("refuses posts from another origin or site", () => {
    expect(isCrossSiteMutation(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteMutation(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteMutation(post({ Origin: "https://sub.mma.example", "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossSiteMutation(post({ Origin: "null" }))).toBe(true);
  });
  it("leaves server-to-server posts (no browser headers, e.g. webhooks) to their own checks", () => {
    expect(isCrossSiteMutation(post({}))).toBe(false);
  });
});

describe("applySecurityHeaders", () => {
  it("sets the baseline headers", () => {
    const headers = new Headers();
    applySecurityHeaders(headers);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
