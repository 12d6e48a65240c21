import { describe, expect, it } from "vitest";
import { isCrossSiteMutation, isLocalRequest } from "~/kernel/http/request-guard.server";

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

describe("isLocalRequest", () => {
  it("knows this machine's addresses", () => {
    for (const url of ["http://localhost:8787/", "http://127.0.0.1:5173/x", "http://[::1]:8787/"]) expect(isLocalRequest(new Request(url)), url).toBe(true);
  });
  it("refuses any other host", () => {
    for (const url of ["https://mma-community-site-dev.example.workers.dev/", "http://192.168.1.20:8787/", "http://localhost.evil.example/"]) {
      expect(isLocalRequest(new Request(url)), url).toBe(false);
    }
  });
});
