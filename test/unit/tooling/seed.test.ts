import { describe, expect, it } from "vitest";
import { ATTENDEE_BANDS } from "~/kernel/store/records";
import { siteSettingsSchema } from "~/kernel/store/site-settings";
import { verifyPassword } from "~/kernel/auth/password.server";
import { DEMO_ACCOUNTS } from "../../../seed/demo-accounts";
import { buildDemo } from "../../../seed/demo";
import { syntheticData } from "../../../seed/synthetic";

const date = new Date("2026-11-21T10:00:00Z");

describe("the demo seed", () => {
  it("is deterministic for a given day", async () => {
    expect(JSON.stringify(await buildDemo(date))).toBe(JSON.stringify(await buildDemo(new Date("2026-11-21T23:59:00Z"))));
  });

  it("has the full demo content", async () => {
    const demo = await buildDemo(date);
    expect(siteSettingsSchema.parse(demo.settings)).toEqual(demo.settings);
    expect(demo.slides).toHaveLength(3);
    expect(demo.officeBearers).toHaveLength(8);
    expect(demo.previousTeams).toHaveLength(3);
    expect(demo.events).toHaveLength(6);
    expect(demo.galleries).toHaveLength(4);
    for (const gallery of demo.galleries) {
      expect(gallery.images.length).toBeGreaterThan(0);
      for (const image of gallery.images) expect(image.width && image.height).toBeTruthy();
    }
    expect(demo.news.filter((n) => n.published)).toHaveLength(12);
    expect(demo.news.some((n) => !n.published)).toBe(true);
    expect(demo.documents).toHaveLength(3);
  });

  it("fills every membership and ticket setting", async () => {
    const { settings } = await buildDemo(date);
    for (const [key, value] of [...Object.entries(settings.membership), ...Object.entries(settings.tickets)]) {
      if (key === "registrationDisabled") continue;
      expect(value, key).not.toBe("");
      if (typeof value === "number" && key !== "freeSubscriptionAfterMonth") expect(value, key).toBeGreaterThan(0);
    }
  });

  it("has the five demo accounts in the states the README promises", async () => {
    const { members } = await buildDemo(date);
    const byEmail = new Map(members.map((m) => [m.email, m]));
    const treasurer = byEmail.get("treasurer@example.org")!;
    expect([treasurer.role, treasurer.active, treasurer.registrationPaid]).toEqual(["accountant", true, true]);

    const member = byEmail.get("member@example.org")!;
    expect([member.membership, member.active, member.registrationPaid, member.lastRenewedYear]).toEqual(["Family", true, true, 2026]);
    expect(member.spouse?.name).toBeTruthy();
    const ages = member.children.map((c) => 2026 - c.birthYear);
    expect(ages.filter((a) => a > 13)).toHaveLength(1);
    expect(ages.filter((a) => a > 5 && a <= 13)).toHaveLength(1);
    expect(ages.filter((a) => a <= 5)).toHaveLength(1);

    const single = byEmail.get("single@example.org")!;
    expect([single.membership, single.active, single.lastRenewedYear]).toEqual(["Single", true, 2025]);

    const applicant = byEmail.get("applicant@example.org")!;
    expect([applicant.active, applicant.registrationPaid]).toEqual([false, false]);

    const editor = byEmail.get("editor@example.org")!;
    expect([editor.role, editor.active, editor.registrationPaid, editor.lastRenewedYear]).toEqual(["editor", true, true, 2026]);
    const steward = byEmail.get("steward@example.org")!;
    expect([steward.role, steward.active, steward.registrationPaid]).toEqual(["steward", true, true]);
    expect(members.filter((m) => m.role !== "member").map((m) => m.email)).toEqual(["treasurer@example.org", "editor@example.org", "steward@example.org"]);

    for (const account of DEMO_ACCOUNTS) {
      expect(await verifyPassword(account.password, byEmail.get(account.email)!.passwordHash), account.email).toBe(true);
    }
  });
});

describe("synthetic data", () => {
  it("is deterministic, and its keys are unique", async () => {
    const { settings } = await buildDemo(date);
    const make = () =>
      syntheticData({
        members: 500,
        tickets: 1000,
        passwordHash: "x",
        settings,
        now: 1_790_000_000,
        year: 2026,
        events: [{ id: "e1", title: "Party", year: 2026 }],
      });
    const data = make();
    expect(JSON.stringify(make())).toBe(JSON.stringify(data));
    expect(data.members).toHaveLength(500);
    expect(data.tickets).toHaveLength(1000);
    expect(new Set(data.members.map((m) => m.email)).size).toBe(500);
    expect(new Set(data.members.map((m) => m.memberNumber)).size).toBe(500);
    expect(new Set(data.tickets.map((t) => t.code)).size).toBe(1000);
    for (const ticket of data.tickets) {
      expect(ticket.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
      for (const a of ticket.attendees) expect(ATTENDEE_BANDS).toContain(a.band);
    }
  });
});
