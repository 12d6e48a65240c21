import { describe, expect, it } from "vitest";
import { RESEND_MESSAGES, hoursUntil, memberPagePath, resendReturnPath } from "~/features/payments/resend-receipt";

/** Sending a receipt again (docs/requirements.md §4.11): the way back and the toasts. */
describe("sending a receipt again", () => {
  it("goes back to a path on this site, else to the member's page", () => {
    expect(resendReturnPath("/accounts?q=cara", "m-1")).toBe("/accounts?q=cara");
    expect(resendReturnPath(undefined, "m-1")).toBe("/accounts/members/m-1");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", ""]) expect(resendReturnPath(bad, "m-1")).toBe(memberPagePath("m-1"));
  });

  it("says how long to wait in whole hours, at least one", () => {
    expect(hoursUntil(1)).toBe(1);
    expect(hoursUntil(3600)).toBe(1);
    expect(hoursUntil(3601)).toBe(2);
    expect(RESEND_MESSAGES.limited(1)).toContain("Try again in 1 hour,");
    expect(RESEND_MESSAGES.limited(5)).toContain("Try again in 5 hours,");
    expect(RESEND_MESSAGES.sent("cara@example.com")).toBe("Receipt sent again to cara@example.com.");
  });
});
