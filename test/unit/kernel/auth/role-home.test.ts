import { describe, expect, it } from "vitest";
import { ROLE_HOMES, roleHome } from "~/kernel/auth/role-home";
import { ROLES, ROLE_LABELS, canAdmitAtDoor, canEditWebsite } from "~/kernel/store/records";

/** Each role's home after sign-in, and where a guard sends someone it turns away (ADR 65). */
describe("each role's home", () => {
  it("is the dashboard, the studio, the door or My Account", () => {
    expect(roleHome({ role: "accountant" })).toBe("/accounts");
    expect(roleHome({ role: "editor" })).toBe("/studio");
    expect(roleHome({ role: "steward" })).toBe("/scan-qr-code");
    expect(roleHome({ role: "member" })).toBe("/mem-account");
  });

  it("has one home per role, each one the role may open (no guard sends someone round in a loop)", () => {
    expect(Object.keys(ROLE_HOMES).sort()).toEqual([...ROLES].sort());
    expect(canAdmitAtDoor("steward") && !canEditWebsite("steward")).toBe(true);
    expect(canEditWebsite("editor") && !canAdmitAtDoor("editor")).toBe(true);
    expect(canAdmitAtDoor("accountant") && canEditWebsite("accountant")).toBe(true);
    expect(canAdmitAtDoor("member") || canEditWebsite("member")).toBe(false);
  });

  it("names the steward role for people", () => {
    expect(ROLE_LABELS.steward).toBe("Door steward");
  });
});
