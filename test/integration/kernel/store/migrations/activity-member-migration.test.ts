import { describe, expect, it } from "vitest";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { newId } from "~/kernel/store/ids";
import { useD1Before } from "../../../../support/d1";
import { newMember, newTicket } from "../../../../support/fixtures";

/**
 * migrations/0021_activity_member.sql: the log entries written before an entry kept the id of
 * the member it is about get it from their subject: the member, one of her tickets or
 * payments, or a message she sent signed in. Others (a setting, a visitor's message) get none.
 */
const MIGRATION = "0021_activity_member.sql";

const t = useD1Before(MIGRATION);

/** An entry as the code before 0021 wrote it (no member_id column yet). */
async function oldEntry(kind: string, subjectId: string): Promise<string> {
  const id = newId();
  await t.db
    .prepare("INSERT INTO activity (id, at, actor_id, actor_name, kind, subject_id, subject_name, summary) VALUES (?, ?, 'acc', 'Jane Smith', ?, ?, 'x', 'x')")
    .bind(id, "2026-11-01T09:00:00.000Z", kind, subjectId)
    .run();
  return id;
}

describe("migration 0021 (the member an activity entry is about)", () => {
  it("gives each older entry the member its subject belongs to, and none to the rest", async () => {
    const store = createD1Store(t.db);
    const sara = await store.members.register(newMember({ email: "sara@example.org" }));
    const tom = await store.members.register(newMember({ email: "tom@example.org" }));
    // A payment as the code before 0021 wrote it (the store's own writes now carry later columns).
    const payment = { id: newId() };
    await t.db
      .prepare(
        "INSERT INTO transactions (id, user_id, title, unit_amount, year, membership_type, payment_type, created_at) VALUES (?, ?, 'Renewal', 1000, 2026, 'Family', 'renew', 1)",
      )
      .bind(payment.id, sara.id)
      .run();
    // A ticket as the code before 0021 wrote it (the store's own writes now carry later columns).
    const ticket = { id: newId() };
    const old = newTicket(sara.id);
    await t.db
      .prepare(
        "INSERT INTO tickets (id, user_id, title, email, membership, year, price, paid, used, code, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?, 1)",
      )
      .bind(ticket.id, sara.id, old.title, old.email, old.membership, old.year, old.price, old.code)
      .run();
    const signedIn = newId();
    const visitors = newId();
    for (const [id, memberId] of [
      [signedIn, tom.id],
      [visitors, null],
    ] as const) {
      await t.db
        .prepare(
          "INSERT INTO contact_messages (id, name, lastname, email, subject, notes, created_at, member_id) VALUES (?, 'A', 'B', 'a@example.org', 'S', 'N', 1, ?)",
        )
        .bind(id, memberId)
        .run();
    }
    const entries = {
      member: await oldEntry("member-deleted", sara.id),
      refund: await oldEntry("refunded", payment.id),
      door: await oldEntry("door-admitted", ticket.id),
      message: await oldEntry("contact-reply-sent", signedIn),
      visitor: await oldEntry("contact-reply-sent", visitors),
      setting: await oldEntry("setting-changed", "general"),
    };

    await t.migrate();

    const memberOf = async (id: string) =>
      (await t.db.prepare("SELECT member_id FROM activity WHERE id = ?").bind(id).first<{ member_id: string | null }>())?.member_id;
    expect(await memberOf(entries.member)).toBe(sara.id);
    expect(await memberOf(entries.refund)).toBe(sara.id);
    expect(await memberOf(entries.door)).toBe(sara.id);
    expect(await memberOf(entries.message)).toBe(tom.id);
    expect(await memberOf(entries.visitor)).toBeNull();
    expect(await memberOf(entries.setting)).toBeNull();
    // Read back through the store, the entry names her.
    const { rows } = await store.activity.list({ page: 0, pageSize: 50 });
    expect(rows.find((row) => row.id === entries.door)?.memberId).toBe(sara.id);
  });
});
