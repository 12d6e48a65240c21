import { describe, expect, it } from "vitest";
import { MAIN_MENU, accountLinks, viewerOf } from "~/domain/navigation";

describe("main menu", () => {
  it("lists the spec's eight pages in order", () => {
    expect(MAIN_MENU.map((l) => `${l.label} ${l.to}`)).toEqual([
      "Home /",
      "About Us /about",
      "School /school",
      "Office Bearers /office-bearers",
      "Event Calender /event",
      "Gallery /gallery",
      "News /blog",
      "Contact Us /contact",
    ]);
  });
});

describe("login-state links", () => {
  it("offers Login and Sign Up to visitors", () => {
    expect(accountLinks("visitor").map((l) => l.to)).toEqual(["/login", "/signup"]);
  });
  it("offers Documents, My Account and Logout to members", () => {
    expect(accountLinks("member").map((l) => l.label)).toEqual(["Documents", "My Account", "Logout"]);
  });
  it("adds Dashboard for accountants", () => {
    expect(accountLinks("accountant").map((l) => l.label)).toEqual(["Dashboard", "Documents", "My Account", "Logout"]);
    expect(accountLinks("accountant")[0]!.to).toBe("/accounts");
  });
});

describe("viewerOf", () => {
  it("treats nobody and inactive accounts as visitors", () => {
    expect(viewerOf(null)).toBe("visitor");
    expect(viewerOf({ active: false, role: "accountant" })).toBe("visitor");
  });
  it("tells members from accountants", () => {
    expect(viewerOf({ active: true, role: "member" })).toBe("member");
    expect(viewerOf({ active: true, role: "accountant" })).toBe("accountant");
  });
});
