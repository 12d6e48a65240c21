import { describe, expect, it } from "vitest";
import { describeStore } from "../../support/store-adapters";

/**
 * The outbox through the Store. Both stores keep it in D1 (the old site had no collection
 * for it: the Cockpit store is Cockpit's repositories plus D1's outbox), so this checks
 * that each store is wired to a working outbox, not two implementations.
 */
const email = (i: number) => ({
  to: [`m${i}@example.com`],
  subject: `Due ${i}`,
  html: `<p>${i}</p>`,
  text: String(i),
  purpose: "renewal-reminder",
  memberId: null,
});

describeStore("outbox", {}, (t) => {
  describe("single e-mails", () => {
    it("keeps every e-mail, newest first, with its delivery result", async () => {
      const first = await t.store.outbox.add(
        { to: ["a@example.com"], subject: "First", html: "<p>1</p>", text: "1", purpose: "test", memberId: null },
        "queued",
        "resend",
      );
      const second = await t.store.outbox.add(
        { to: ["b@example.com", "c@example.com"], subject: "Second", html: "<p>2</p>", text: "2", purpose: "test", memberId: null },
        "stored",
        "outbox",
      );
      await t.store.outbox.markResult(first.id, { status: "failed", error: "rate limited" });
      const { rows, total } = await t.store.outbox.list();
      expect(total).toBe(2);
      expect(rows.map((e) => e.subject)).toEqual(["Second", "First"]);
      expect(rows[1]).toMatchObject({ status: "failed", error: "rate limited", to: ["a@example.com"] });
      expect((await t.store.outbox.get(second.id))?.to).toEqual(["b@example.com", "c@example.com"]);
    });
  });

  describe("claiming a failed e-mail to send it again", () => {
    it("only a failed e-mail can be claimed, and only by one of several callers", async () => {
      const failed = await t.store.outbox.add(email(1), "failed", "resend");
      const sent = await t.store.outbox.add(email(2), "sent", "resend");
      const claims = await Promise.all(Array.from({ length: 5 }, () => t.store.outbox.claimFailed(failed.id)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect((await t.store.outbox.get(failed.id))?.status).toBe("queued");
      expect(await t.store.outbox.claimFailed(sent.id)).toBe(false);
      expect((await t.store.outbox.get(sent.id))?.status).toBe("sent");
      expect(await t.store.outbox.claimFailed("no-such-email")).toBe(false);
    });
  });

  describe("bulk writes (the renewal reminder to every pending member)", () => {
    it("adds 100 e-mails in order and marks each with its own result", async () => {
      const before = (await t.store.outbox.list()).total;
      const added = await t.store.outbox.addMany(
        Array.from({ length: 100 }, (_, i) => email(i)),
        "queued",
        "resend",
      );
      expect(added.map((e) => e.to[0])).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}@example.com`));
      expect(new Set(added.map((e) => e.id)).size).toBe(100);
      await t.store.outbox.markResults(
        added.map((e, i) => (i % 2 ? { id: e.id, status: "sent", providerId: `p${i}` } : { id: e.id, status: "failed", error: "refused" })),
      );
      const first = await t.store.outbox.get(added[0]!.id);
      const second = await t.store.outbox.get(added[1]!.id);
      expect(first).toMatchObject({ status: "failed", error: "refused", providerId: null, subject: "Due 0", purpose: "renewal-reminder", memberId: null });
      expect(second).toMatchObject({ status: "sent", providerId: "p1", error: null, to: ["m1@example.com"] });
      expect((await t.store.outbox.list({ pageSize: 500 })).total).toBe(before + 100);
      expect(await t.store.outbox.addMany([], "queued", "resend")).toEqual([]);
      await t.store.outbox.markResults([]);
    });
  });
});
