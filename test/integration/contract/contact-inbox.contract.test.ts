import { describe, expect, it } from "vitest";
import { describeStore } from "../../support/store-adapters";

/**
 * The contact inbox through the port (docs/requirements.md §6.13): messages newest first with how many are
 * unread; read, handled (with a note) and replied kept per message, in D1 on both stores
 * (ADR 0049); an unknown id changes nothing.
 */
const message = (name: string) => ({
  name,
  lastname: "Visitor",
  email: `${name.toLowerCase()}@example.org`,
  subject: `About ${name}`,
  notes: `Hello from ${name}.\nLine two.`,
  memberId: null,
});
const unread = { readAt: null, handledAt: null, handledNote: "", handledBy: "", repliedAt: null, repliedBy: "" };

describeStore("contact inbox", {}, (t) => {
  const ids: Record<string, string> = {};

  it("starts empty", async () => {
    expect(await t.store.contactMessages.listInbox({ page: 0, pageSize: 50 })).toEqual({ rows: [], total: 0, unread: 0 });
    expect(await t.store.contactMessages.countUnread()).toBe(0);
  });

  it("lists every message newest first, unread, with its fields as sent", async () => {
    for (const name of ["First", "Second", "Third"]) await t.store.contactMessages.create(message(name));
    const { rows, total, unread: unreadCount } = await t.store.contactMessages.listInbox({ page: 0, pageSize: 50 });
    expect(total).toBe(3);
    expect(unreadCount).toBe(3);
    expect(rows.map((row) => row.name)).toEqual(["Third", "Second", "First"]);
    for (const row of rows) {
      expect(row).toMatchObject({ ...message(row.name), ...unread });
      expect(typeof row.id).toBe("string");
      expect(row.createdAt).toBeGreaterThan(1_700_000_000);
      ids[row.name] = row.id;
    }
    expect(new Set(Object.values(ids)).size).toBe(3);
  });

  it("pages the list, with the total and the unread count on every page", async () => {
    const first = await t.store.contactMessages.listInbox({ page: 0, pageSize: 2 });
    const second = await t.store.contactMessages.listInbox({ page: 1, pageSize: 2 });
    expect(first.rows.map((row) => row.name)).toEqual(["Third", "Second"]);
    expect(second.rows.map((row) => row.name)).toEqual(["First"]);
    expect(second).toMatchObject({ total: 3, unread: 3 });
  });

  it("reads one message by id; an unknown id is null and changes nothing", async () => {
    expect(await t.store.contactMessages.getInboxMessage(ids.Second!)).toMatchObject({ id: ids.Second, ...message("Second"), ...unread });
    expect(await t.store.contactMessages.getInboxMessage("no-such-message")).toBeNull();
    expect(await t.store.contactMessages.markRead("no-such-message", 1_800_000_000)).toBe(false);
    expect(await t.store.contactMessages.markHandled("no-such-message", { note: "x", by: "Jane", at: 1_800_000_000 })).toBe(false);
    expect(await t.store.contactMessages.recordReply("no-such-message", { by: "Jane", at: 1_800_000_000 })).toBe(false);
    expect(await t.store.contactMessages.countUnread()).toBe(3);
  });

  describe("what the accountants did", () => {
    it("marks a message read once: the first time stays, and it is no longer counted unread", async () => {
      expect(await t.store.contactMessages.markRead(ids.First!, 1_800_000_100)).toBe(true);
      expect(await t.store.contactMessages.markRead(ids.First!, 1_800_000_200)).toBe(true);
      expect(await t.store.contactMessages.getInboxMessage(ids.First!)).toMatchObject({ readAt: 1_800_000_100, handledAt: null, repliedAt: null });
      expect(await t.store.contactMessages.countUnread()).toBe(2);
      expect((await t.store.contactMessages.listInbox()).unread).toBe(2);
    });

    it("marks a message handled with a note (which reads it too); handled again, the newest note wins", async () => {
      expect(await t.store.contactMessages.markHandled(ids.Second!, { note: "Phoned them back.", by: "Jane Smith", at: 1_800_000_300 })).toBe(true);
      expect(await t.store.contactMessages.getInboxMessage(ids.Second!)).toMatchObject({
        readAt: 1_800_000_300,
        handledAt: 1_800_000_300,
        handledNote: "Phoned them back.",
        handledBy: "Jane Smith",
      });
      await t.store.contactMessages.markHandled(ids.Second!, { note: "Sorted at the AGM.", by: "John Treasurer", at: 1_800_000_400 });
      expect(await t.store.contactMessages.getInboxMessage(ids.Second!)).toMatchObject({
        readAt: 1_800_000_300,
        handledAt: 1_800_000_400,
        handledNote: "Sorted at the AGM.",
        handledBy: "John Treasurer",
      });
      expect(await t.store.contactMessages.countUnread()).toBe(1);
    });

    it("records a reply (which reads it too) and shows it in the list", async () => {
      expect(await t.store.contactMessages.recordReply(ids.Third!, { by: "Jane Smith", at: 1_800_000_500 })).toBe(true);
      const { rows, unread: unreadCount } = await t.store.contactMessages.listInbox({ page: 0, pageSize: 50 });
      expect(unreadCount).toBe(0);
      expect(rows.find((row) => row.id === ids.Third)).toMatchObject({
        readAt: 1_800_000_500,
        repliedAt: 1_800_000_500,
        repliedBy: "Jane Smith",
        handledAt: null,
      });
      expect(rows.find((row) => row.id === ids.First)).toMatchObject({ readAt: 1_800_000_100, repliedAt: null, handledAt: null });
    });
  });
});
