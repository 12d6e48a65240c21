import { describe, expect, it } from "vitest";
import { activityEntry, roleChange, type NewActivityEntry } from "~/kernel/activity/activity";
import { describeStore } from "../../support/store-adapters";

/**
 * The activity log through the port: entries come back as they were recorded (before and
 * after of any JSON shape, or none), newest first, in pages with the total.
 */
const jane = { id: "accountant-1", fullName: "Jane Smith" };
const john = { id: "member-1", fullName: "John Doe", memberNumber: 1042 };
const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 9, 0, second, 250));
const deleted = (second: number): NewActivityEntry =>
  activityEntry(jane, { kind: "member-deleted", member: { ...john, fullName: `Member ${second}` } }, at(second));

describeStore("activity log", {}, (t) => {
  describe("recording", () => {
    it("starts empty", async () => {
      expect(await t.store.activity.list({ page: 0, pageSize: 50 })).toEqual({ rows: [], total: 0 });
    });

    it("keeps every field, and before and after as they were (text, numbers, objects, null) or not at all", async () => {
      const granted = activityEntry(jane, roleChange(john, "member", "accountant"), at(1));
      const setting = activityEntry(
        jane,
        {
          kind: "setting-changed",
          key: "socialLinks",
          before: null,
          after: [
            { label: "Facebook", url: "https://example.org/f" },
            { label: "", url: "" },
          ],
        },
        at(2),
      );
      const empty = activityEntry(jane, { kind: "setting-changed", key: "disableMembershipMessage", before: "", after: {} }, at(3));
      const plain = deleted(4);
      const recorded = [];
      for (const entry of [granted, setting, empty, plain]) recorded.push(await t.store.activity.record(entry));
      expect(new Set(recorded.map((r) => r.id)).size).toBe(4);
      expect(recorded[0]).toEqual({ ...granted, id: recorded[0]!.id });

      const { rows, total } = await t.store.activity.list({ page: 0, pageSize: 50 });
      expect(total).toBe(4);
      expect(rows).toEqual([
        { ...plain, id: recorded[3]!.id },
        { ...empty, id: recorded[2]!.id },
        { ...setting, id: recorded[1]!.id },
        { ...granted, id: recorded[0]!.id },
      ]);
      expect("before" in rows[0]!).toBe(false);
      expect(rows[3]).toMatchObject({
        kind: "role-granted",
        before: "member",
        after: "accountant",
        summary: "Jane Smith gave member MMA1042 John Doe the Admin role.",
      });
    });
  });

  describe("listing", () => {
    it("is newest first by time, not by the order recorded, in pages with the total", async () => {
      const before = (await t.store.activity.list()).total;
      // Recorded out of time order: the list follows `at`.
      for (const second of [20, 40, 30, 10, 50]) await t.store.activity.record(deleted(second));
      const first = await t.store.activity.list({ page: 0, pageSize: 2 });
      const second = await t.store.activity.list({ page: 1, pageSize: 2 });
      expect(first.total).toBe(before + 5);
      expect(second.total).toBe(before + 5);
      expect([...first.rows, ...second.rows].map((r) => r.subjectName)).toEqual([
        "MMA1042 Member 50",
        "MMA1042 Member 40",
        "MMA1042 Member 30",
        "MMA1042 Member 20",
      ]);
      const all = await t.store.activity.list();
      expect(all.rows).toHaveLength(before + 5);
      expect(all.rows.map((r) => r.at)).toEqual([...all.rows.map((r) => r.at)].sort().reverse());
    });
  });

  // The member page (docs/requirements.md §6.3.1, ADR 66): one member's entries, by their id.
  describe("about one member", () => {
    it("lists only the entries about that member, newest first, at most `limit`", async () => {
      const about = (memberId: string, second: number): NewActivityEntry => ({
        ...activityEntry(jane, { kind: "member-deleted", member: { id: memberId, fullName: `About ${memberId} ${second}`, memberNumber: null } }, at(second)),
        memberId,
      });
      for (const entry of [about("page-a", 1), about("page-b", 2), about("page-a", 3), about("page-a", 2)]) await t.store.activity.record(entry);
      const rows = await t.store.activity.listAbout("page-a", 2);
      expect(rows.map((r) => r.subjectName)).toEqual(["About page-a 3", "About page-a 2"]);
      expect((await t.store.activity.listAbout("page-a", 50)).map((r) => r.memberId)).toEqual(["page-a", "page-a", "page-a"]);
      expect(await t.store.activity.listAbout("page-none", 50)).toEqual([]);
    });
  });
});
