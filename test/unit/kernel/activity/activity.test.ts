import { describe, expect, it } from "vitest";
import {
  activityChange,
  activityEntry,
  activityRow,
  activitySentence,
  activityTime,
  activityValue,
  roleChange,
  type ActivityEntry,
  type ActivityMember,
} from "~/kernel/activity/activity";

const john: ActivityMember = { id: "m1", fullName: "John Doe", memberNumber: 1042 };
const legacy: ActivityMember = { id: "m2", fullName: "Old Record", memberNumber: null };
const jane = { id: "a1", fullName: "Jane Smith" };

describe("the activity log's sentences", () => {
  it("names who did what to which member, with the member number when there is one", () => {
    expect(activitySentence("Jane Smith", { kind: "member-deleted", member: john })).toBe("Jane Smith deleted member MMA1042 John Doe.");
    expect(activitySentence("Jane Smith", { kind: "member-restored", member: john })).toBe("Jane Smith restored member MMA1042 John Doe.");
    expect(activitySentence("Jane Smith", { kind: "payment-link-sent", member: john })).toBe("Jane Smith sent member MMA1042 John Doe a payment link.");
    expect(activitySentence("Jane Smith", { kind: "member-deleted", member: legacy })).toBe("Jane Smith deleted member Old Record.");
  });

  it("says which role was granted or revoked, whatever the role", () => {
    expect(activitySentence("Jane Smith", roleChange(john, "member", "accountant"))).toBe("Jane Smith gave member MMA1042 John Doe the Admin role.");
    expect(activitySentence("Jane Smith", roleChange(john, "accountant", "member"))).toBe("Jane Smith took the Admin role from member MMA1042 John Doe.");
    expect(activitySentence("Jane Smith", roleChange(john, "member", "editor"))).toBe("Jane Smith gave member MMA1042 John Doe the Website editor role.");
    expect(activitySentence("Jane Smith", roleChange(john, "editor", "member"))).toBe("Jane Smith took the Website editor role from member MMA1042 John Doe.");
    // Admin for an editor replaces Editor: a grant of Admin.
    expect(activitySentence("Jane Smith", roleChange(john, "editor", "accountant"))).toBe("Jane Smith gave member MMA1042 John Doe the Admin role.");
    expect(activityChange({ kind: "role-granted", before: "editor", after: "accountant" })).toBe("Website editor → Admin");
    // A role the site does not name is recorded the same way, by its stored value.
    expect(roleChange(john, "member", "treasurer")).toMatchObject({ kind: "role-granted", before: "member", after: "treasurer" });
    expect(roleChange(john, "treasurer", "member")).toMatchObject({ kind: "role-revoked", before: "treasurer", after: "member" });
    expect(activitySentence("Jane Smith", roleChange(john, "treasurer", "member"))).toBe("Jane Smith took the treasurer role from member MMA1042 John Doe.");
  });

  it("counts the people let in at the door on which ticket", () => {
    const ticket = { id: "t1", code: "XMAS7K2P", title: "Christmas Party", userId: "m-1" };
    expect(activitySentence("Jane Smith", { kind: "door-admitted", ticket, admitted: 3 })).toBe(
      "Jane Smith admitted 3 people on ticket XMAS-7K2P (Christmas Party).",
    );
    expect(activitySentence("Jane Smith", { kind: "door-admitted", ticket, admitted: 1 })).toBe(
      "Jane Smith admitted 1 person on ticket XMAS-7K2P (Christmas Party).",
    );
  });

  it("names a studio event by its title and date, and a change by its field", () => {
    const event = { id: "ev1", name: 'Event "Summer Picnic" (2027-07-04)' };
    expect(activitySentence("Jane Smith", { kind: "event-created", event, how: "not published" })).toBe(
      'Jane Smith created Event "Summer Picnic" (2027-07-04): not published.',
    );
    expect(activitySentence("Jane Smith", { kind: "event-changed", event, field: "Venue", before: "Hall", after: "Park" })).toBe(
      'Jane Smith changed Event "Summer Picnic" (2027-07-04): Venue.',
    );
    expect(activitySentence("Jane Smith", { kind: "event-cancelled", event })).toBe('Jane Smith cancelled Event "Summer Picnic" (2027-07-04).');
    expect(activityEntry(jane, { kind: "event-changed", event, field: "Venue", before: "Hall", after: "Park" }, new Date(0))).toMatchObject({
      subjectId: "ev1",
      subjectName: event.name,
      memberId: null,
      before: "Hall",
      after: "Park",
    });
  });

  it("names a changed setting by its key", () => {
    expect(activitySentence("Jane Smith", { kind: "setting-changed", key: "PrimaryContactNumber", before: "0161", after: "0162" })).toBe(
      "Jane Smith changed the setting PrimaryContactNumber.",
    );
  });
});

describe("an entry", () => {
  const at = new Date("2026-07-01T17:05:09.123Z");

  it("keeps who, when, the subject and the sentence, and before and after only where the change has them", () => {
    const deleted = activityEntry(jane, { kind: "member-deleted", member: john }, at);
    expect(deleted).toEqual({
      at: "2026-07-01T17:05:09.123Z",
      actorId: "a1",
      actorName: "Jane Smith",
      kind: "member-deleted",
      subjectId: "m1",
      subjectName: "MMA1042 John Doe",
      memberId: "m1",
      summary: "Jane Smith deleted member MMA1042 John Doe.",
    });
    expect("before" in deleted).toBe(false);
    expect(activityEntry(jane, roleChange(john, "member", "accountant"), at)).toMatchObject({ kind: "role-granted", before: "member", after: "accountant" });
    expect(activityEntry(jane, { kind: "setting-changed", key: "fees", before: null, after: { single: 10 } }, at)).toMatchObject({
      subjectId: "fees",
      subjectName: "fees",
      memberId: null,
      before: null,
      after: { single: 10 },
    });
    // About the ticket, and about its holder: the entry carries the member's id (docs/security.md).
    expect(
      activityEntry(jane, { kind: "door-admitted", ticket: { id: "t1", code: "XMAS7K2P", title: "Party", userId: "m-9" }, admitted: 2 }, at),
    ).toMatchObject({
      subjectId: "t1",
      subjectName: "ticket XMAS-7K2P",
      memberId: "m-9",
    });
  });
});

describe("what /accounts/activity shows", () => {
  it("shows values for people", () => {
    expect(activityValue("0161 496 0000")).toBe("0161 496 0000");
    expect(activityValue(true)).toBe("Yes");
    expect(activityValue(false)).toBe("No");
    expect(activityValue(12.5)).toBe("12.5");
    expect(activityValue(null)).toBe("(empty)");
    expect(activityValue("")).toBe("(empty)");
    expect(activityValue(undefined)).toBe("(empty)");
    expect(activityValue({ label: "Facebook" })).toBe('{"label":"Facebook"}');
  });

  it("shows before → after, roles by their names, and nothing for a change without them", () => {
    expect(activityChange({ kind: "setting-changed", before: false, after: true })).toBe("No → Yes");
    expect(activityChange({ kind: "role-granted", before: "member", after: "accountant" })).toBe("Member → Admin");
    expect(activityChange({ kind: "member-deleted" })).toBe("");
  });

  it("shows the time in UK time, summer and winter", () => {
    expect(activityTime("2026-07-01T17:05:09.000Z")).toBe("1 Jul 2026, 18:05:09");
    expect(activityTime("2026-12-20T19:42:00.000Z")).toBe("20 Dec 2026, 19:42:00");
    expect(activityTime("not a time")).toBe("not a time");
  });

  it("makes a row of an entry", () => {
    const entry: ActivityEntry = { id: "e1", ...activityEntry(jane, roleChange(john, "accountant", "member"), new Date("2026-12-20T19:42:00Z")) };
    expect(activityRow(entry)).toEqual({
      id: "e1",
      when: "20 Dec 2026, 19:42:00",
      who: "Jane Smith",
      what: "Jane Smith took the Admin role from member MMA1042 John Doe.",
      change: "Admin → Member",
    });
  });
});

// Studio: news
describe("news entries", () => {
  it("name the item by its title, with the news item's id as the subject", () => {
    const actor = { id: "editor-1", fullName: "Vinod Nair" };
    const news = { id: "n1", title: "Summer picnic" };
    const at = new Date(Date.UTC(2026, 10, 24, 9));
    const sentences = (["news-created", "news-updated", "news-published", "news-unpublished", "news-deleted"] as const).map((kind) => {
      const entry = activityEntry(actor, { kind, news }, at);
      expect(entry).toMatchObject({ kind, subjectId: "n1", subjectName: 'news "Summer picnic"' });
      expect("before" in entry).toBe(false);
      return entry.summary;
    });
    expect(sentences).toEqual([
      'Vinod Nair wrote the news item "Summer picnic".',
      'Vinod Nair changed the news item "Summer picnic".',
      'Vinod Nair published the news item "Summer picnic".',
      'Vinod Nair took back to draft the news item "Summer picnic".',
      'Vinod Nair deleted the news item "Summer picnic".',
    ]);
  });
});

// The daily scheduled run (docs/requirements.md §10.1, ADR 0050)
describe("the daily run's entry", () => {
  it("says only what the run did, in counts", () => {
    expect(activitySentence("Scheduled", { kind: "scheduled-run", stage: "1 September", reminded: 30, expired: 1, removed: 0 })).toBe(
      "Scheduled: sent 30 renewal reminders (1 September), closed 1 unpaid checkout older than 24 hours.",
    );
    expect(activitySentence("Scheduled", { kind: "scheduled-run", stage: null, reminded: 0, expired: 0, removed: 2 })).toBe(
      "Scheduled: removed 2 expired security records.",
    );
    const entry = activityEntry(
      { id: "scheduled", fullName: "Scheduled" },
      { kind: "scheduled-run", stage: null, reminded: 0, expired: 2, removed: 0 },
      new Date(),
    );
    expect(entry).toMatchObject({ kind: "scheduled-run", subjectId: "daily-run", actorName: "Scheduled" });
  });
});

describe("Gift Aid entries (docs/requirements.md §14)", () => {
  const at = new Date("2026-07-01T17:05:09.123Z");
  const claim = { id: "c1", period: "06-04-2025 to 05-04-2026", payments: 3, total: 7500, reference: "" };

  it("name a claim by its period, count and total, never a donor; a reopening says why", () => {
    expect(activityEntry(jane, { kind: "gift-aid-claimed", claim }, at)).toMatchObject({
      subjectId: "c1",
      subjectName: "Gift Aid claim for 06-04-2025 to 05-04-2026",
      memberId: null,
      summary: "Jane Smith marked 3 payments (£75.00) for 06-04-2025 to 05-04-2026 as claimed from HMRC.",
    });
    expect(activitySentence("Jane Smith", { kind: "gift-aid-reference-entered", claim: { ...claim, reference: "X123" } })).toBe(
      "Jane Smith entered HMRC's reference X123 for the Gift Aid claim for 06-04-2025 to 05-04-2026.",
    );
    expect(activitySentence("Jane Smith", { kind: "gift-aid-claim-reopened", claim, reason: "Sent twice" })).toBe(
      "Jane Smith reopened the Gift Aid claim for 06-04-2025 to 05-04-2026 (3 payments). Reason: Sent twice",
    );
  });

  it("a corrected declaration is about its member (a donor is no member), with the fields before and after", () => {
    const corrected = (personKind: "member" | "donor") =>
      activityEntry(
        jane,
        {
          kind: "gift-aid-declaration-corrected",
          declaration: { id: "d1", personId: "p1", personKind, name: "Fay Fisher" },
          before: { postcode: "X" },
          after: { postcode: "M1 1AA" },
        },
        at,
      );
    expect(corrected("member")).toMatchObject({ memberId: "p1", subjectId: "d1", before: { postcode: "X" }, after: { postcode: "M1 1AA" } });
    expect(corrected("member").summary).toBe("Jane Smith corrected the Gift Aid declaration of Fay Fisher: postcode.");
    expect(corrected("donor").memberId).toBeNull();
  });
});
