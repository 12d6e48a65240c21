import { describe, expect, it } from "vitest";
import { useTestD1 } from "../../support/d1";

/** The outbox's bulk writes (the renewal reminder to every pending member) on real D1. */
const t = useTestD1();
const email = (i: number) => ({ to: [`m${i}@example.com`], subject: `Due ${i}`, html: `<p>${i}</p>`, text: String(i), purpose: "renewal-reminder" });

describe("outbox bulk writes (D1)", () => {
  it("adds 100 e-mails in order and marks each with its own result", async () => {
    const added = await t.store.outbox.addMany(Array.from({ length: 100 }, (_, i) => email(i)), "queued", "resend");
    expect(added.map((e) => e.to[0])).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}@example.com`));
    expect(new Set(added.map((e) => e.id)).size).toBe(100);
    await t.store.outbox.markResults(added.map((e, i) => (i % 2 ? { id: e.id, status: "sent", providerId: `p${i}` } : { id: e.id, status: "failed", error: "refused" })));
    const first = await t.store.outbox.get(added[0]!.id);
    const second = await t.store.outbox.get(added[1]!.id);
    expect(first).toMatchObject({ status: "failed", error: "refused", providerId: null, subject: "Due 0", purpose: "renewal-reminder" });
    expect(second).toMatchObject({ status: "sent", providerId: "p1", error: null, to: ["m1@example.com"] });
    expect((await t.store.outbox.list({ limit: 500 })).total).toBe(100);
    expect(await t.store.outbox.addMany([], "queued", "resend")).toEqual([]);
    await t.store.outbox.markResults([]);
  });
});
