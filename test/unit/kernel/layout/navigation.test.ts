import { describe, expect, it } from "vitest";
import { MAIN_MENU, accountLinks, viewerOf } from "~/kernel/layout/navigation";
import { canEditWebsite, ROLE_LABELS } from "~/kernel/store/records";
import { EMPTY_SHELL } from "~/kernel/layout/shell-data";

describe("main menu", () => {
  it("lists the eight required pages in order, then Donate (docs/requirements.md §14)", () => {
    expect(MAIN_MENU.map((l) => `${l.label} ${l.to}`)).toEqual([
      "Home /",
      "About Us /about",
      "School /school",
      "Office Bearers /office-bearers",
      "Event Calender /event",
      "Gallery /gallery",
      "News /blog",
      "Contact Us /contact",
      "Donate /donate",
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
  it("adds Dashboard and Website (the studio) for accountants", () => {
    expect(accountLinks("accountant").map((l) => l.label)).toEqual(["Dashboard", "Website", "Documents", "My Account", "Logout"]);
    expect(accountLinks("accountant")[0]!.to).toBe("/accounts");
    expect(accountLinks("accountant")[1]!.to).toBe("/studio");
  });
  it("adds Website, and not Dashboard, for website editors", () => {
    expect(accountLinks("editor").map((l) => `${l.label} ${l.to}`)).toEqual([
      "Website /studio",
      "Documents /documents",
      "My Account /mem-account",
      "Logout /logout",
    ]);
  });
  it("adds Door (the scanner), and nothing else of the back office, for door stewards (ADR 65)", () => {
    expect(accountLinks("steward").map((l) => `${l.label} ${l.to}`)).toEqual([
      "Door /scan-qr-code",
      "Documents /documents",
      "My Account /mem-account",
      "Logout /logout",
    ]);
  });
  it("gives a page drawn without the root's data the visitor's links", () => {
    expect(EMPTY_SHELL.accountLinks).toEqual(accountLinks("visitor"));
  });
});

describe("viewerOf", () => {
  it("treats nobody and inactive accounts as visitors", () => {
    expect(viewerOf(null)).toBe("visitor");
    expect(viewerOf({ active: false, role: "accountant" })).toBe("visitor");
  });
  it("tells members, website editors and accountants apart", () => {
    expect(viewerOf({ active: true, role: "member" })).toBe("member");
    expect(viewerOf({ active: true, role: "editor" })).toBe("editor");
    expect(viewerOf({ active: true, role: "accountant" })).toBe("accountant");
    expect(viewerOf({ active: false, role: "editor" })).toBe("visitor");
  });
});

describe("roles", () => {
  it("names each role as the site shows it", () => {
    expect(ROLE_LABELS).toEqual({ member: "Member", editor: "Website editor", steward: "Door steward", accountant: "Admin" });
  });
  it("lets editors and accountants, and nobody else, use the website studio", () => {
    expect(canEditWebsite("editor")).toBe(true);
    expect(canEditWebsite("accountant")).toBe(true);
    expect(canEditWebsite("member")).toBe(false);
    expect(canEditWebsite("steward")).toBe(false);
  });
});
