import { describe, expect, it } from "vitest";
import {
  FIRST_ACCOUNTANT_BAD_EMAIL,
  FIRST_ACCOUNTANT_BAD_NAME,
  newAccountant,
  parseFirstAccountant,
  planFirstAccountant,
} from "~/features/office/first-accountant";
import { siteSettingsSchema } from "~/kernel/store/site-settings";
import { CLOSED_BOOKING_DATE, defaultSiteSettings, REGISTRATION_NOT_OPEN_HTML } from "~/kernel/store/site-settings-defaults";
import { bookingOpen } from "~/features/tickets/ticket-rules";

describe("the site settings of a fresh database", () => {
  const settings = defaultSiteSettings();

  it("are valid settings", () => {
    expect(siteSettingsSchema.parse(settings)).toEqual(settings);
  });

  it("take no money: registration closed with a message, booking closed", () => {
    expect(settings.membership.registrationDisabled).toBe(true);
    expect(settings.membership.disabledMessageHtml).toBe(REGISTRATION_NOT_OPEN_HTML);
    expect(bookingOpen(settings.tickets.lastBookingDate, "2026-11-24")).toBe(false);
    expect(settings.tickets.lastBookingDate).toBe(CLOSED_BOOKING_DATE);
    expect(settings.membership.freeSubscriptionAfterMonth).toBe(12);
  });

  it("leave contact details and the upcoming event blank", () => {
    expect(settings).toMatchObject({ primaryContactNumber: "", primaryContactEmail: "", socialLinks: [] });
    expect(settings.upcomingEvent).toMatchObject({ title: "", bookingLink: "", image: null, video: null });
  });

  it("are a new object each time, so no caller can change another's", () => {
    const one = defaultSiteSettings();
    one.membership.registrationDisabled = false;
    expect(defaultSiteSettings().membership.registrationDisabled).toBe(true);
  });
});

describe("admin:create's command line", () => {
  it("takes an e-mail (lower-cased, trimmed) and an optional name", () => {
    expect(parseFirstAccountant({ email: " Ann@Example.ORG ", name: " Ann Admin " })).toEqual({ ok: true, email: "ann@example.org", name: "Ann Admin" });
    expect(parseFirstAccountant({ email: "ann@example.org" })).toEqual({ ok: true, email: "ann@example.org" });
  });

  it("refuses a missing or bad e-mail and an empty or overlong name", () => {
    for (const email of [undefined, "", "ann", "ann@", "@example.org", "ann example@org"]) {
      expect(parseFirstAccountant({ email, name: "Ann" }), String(email)).toEqual({ ok: false, message: FIRST_ACCOUNTANT_BAD_EMAIL });
    }
    for (const name of ["", "   ", "x".repeat(101)])
      expect(parseFirstAccountant({ email: "ann@example.org", name })).toEqual({ ok: false, message: FIRST_ACCOUNTANT_BAD_NAME });
  });
});

describe("admin:create's plan for the e-mail", () => {
  const member = { id: "m1", fullName: "Bob Member", role: "member" as const, active: true, deleted: false };

  it("creates a new accountant only with a name", () => {
    expect(planFirstAccountant(null, { name: "Ann", promote: false })).toEqual({ kind: "create" });
    expect(planFirstAccountant(null, { promote: false }).kind).toBe("refuse");
  });

  it("never changes an existing member unasked; promotes with --promote", () => {
    const refused = planFirstAccountant(member, { name: "Someone Else", promote: false });
    expect(refused).toMatchObject({ kind: "refuse", message: expect.stringContaining("--promote") });
    expect(planFirstAccountant(member, { name: "Someone Else", promote: true })).toEqual({ kind: "promote", member });
    // An applicant (not active) made accountant is activated by the promotion, also only when asked.
    expect(planFirstAccountant({ ...member, active: false }, { promote: false }).kind).toBe("refuse");
  });

  it("is idempotent: an active accountant stays as they are", () => {
    const accountant = { ...member, role: "accountant" as const };
    expect(planFirstAccountant(accountant, { name: "Another Name", promote: false })).toEqual({ kind: "already", member: accountant });
    expect(planFirstAccountant(accountant, { promote: true })).toEqual({ kind: "already", member: accountant });
  });

  it("never reuses a deleted member's e-mail", () => {
    expect(planFirstAccountant({ ...member, deleted: true }, { name: "Ann", promote: true })).toMatchObject({
      kind: "refuse",
      message: expect.stringContaining("deleted member"),
    });
    expect(planFirstAccountant({ ...member, role: "accountant", deleted: true }, { promote: true }).kind).toBe("refuse");
  });

  it("makes an active accountant with nothing claimed: no consents, no fee paid, no key yet", () => {
    const record = newAccountant("ann@example.org", "Ann Admin", "hash");
    expect(record).toMatchObject({
      email: "ann@example.org",
      fullName: "Ann Admin",
      role: "accountant",
      active: true,
      registrationPaid: false,
      deleted: false,
      resetKey: null,
    });
    expect(Object.values(record.consents).every((given) => !given)).toBe(true);
  });
});
