import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/kernel/http/safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirect("/mem-account")).toBe("/mem-account");
    expect(safeRedirect("/accounts?page=2&q=smith")).toBe("/accounts?page=2&q=smith");
  });
  it.each([
    ["https://evil.example/"],
    ["//evil.example/"],
    ["/\\evil.example"],
    ["javascript:alert(1)"],
    ["mem-account"],
    ["/ok\nSet-Cookie: x=1"],
    [""],
    [null],
    [undefined],
    ["/" + "a".repeat(3000)],
  ])("falls back for %j", (input) => {
    expect(safeRedirect(input as string | null | undefined, "/home")).toBe("/home");
  });
});
