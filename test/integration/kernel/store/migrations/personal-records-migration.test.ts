import { describe, expect, it } from "vitest";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { newId } from "~/kernel/store/ids";
import { useD1Before } from "../../../../support/d1";
import { newMember } from "../../../../support/fixtures";

/**
 * migrations/0020_personal_records_by_member.sql: the e-mails and contact messages written
 * before they kept the id of the member they are about get it from the member's own address
 * alone: never a spouse's, and never for the association's mail about someone else (a
 * contact-form message, a new application) that went to a member's address.
 */
const MIGRATION = "0020_personal_records_by_member.sql";
const t = useD1Before(MIGRATION);

/** An e-mail as the code before 0020 wrote it (no member_id column yet). */
async function oldEmail(to: string[], purpose: string): Promise<string> {
  const id = newId();
  await t.db
    .prepare(
      "INSERT INTO outbox (id, recipients, subject, html, purpose, status, provider, created_at, updated_at) VALUES (?, ?, 'S', '<p>x</p>', ?, 'stored', 'outbox', 1, 1)",
    )
    .bind(id, JSON.stringify(to), purpose)
    .run();
  return id;
}

async function oldMessage(email: string): Promise<string> {
  const id = newId();
  await t.db
    .prepare("INSERT INTO contact_messages (id, name, lastname, email, subject, notes, created_at) VALUES (?, 'A', 'B', ?, 'S', 'N', 1)")
    .bind(id, email)
    .run();
  return id;
}

describe("migration 0020 (whose e-mails and messages)", () => {
  it("gives an e-mail to a member's own address to that member, except the association's mail about someone else", async () => {
    const store = createD1Store(t.db);
    // The secretary signed up with the association's address, and a member typed it as a spouse's.
    const secretary = await store.members.register(newMember({ email: "info@example.org" }));
    const member = await store.members.register(
      newMember({ email: "arun@example.org", spouse: { title: "Mrs", name: "M", email: "meera@example.org", mobile: "" } }),
    );
    const emails = {
      reset: await oldEmail(["Arun@Example.org"], "reset-password"),
      secretarysReceipt: await oldEmail(["info@example.org"], "receipt"),
      visitorsMessage: await oldEmail(["info@example.org"], "contact"),
      application: await oldEmail(["info@example.org"], "new-application"),
      toSpouse: await oldEmail(["meera@example.org"], "ticket"),
      toTwo: await oldEmail(["arun@example.org", "meera@example.org"], "ticket"),
    };
    const messages = { own: await oldMessage("arun@example.org"), visitor: await oldMessage("someone@example.net") };

    await t.migrate();

    const owner = async (table: string, id: string) =>
      (await t.db.prepare(`SELECT member_id FROM ${table} WHERE id = ?`).bind(id).first<{ member_id: string | null }>())?.member_id;
    expect(await owner("outbox", emails.reset)).toBe(member.id);
    expect(await owner("outbox", emails.secretarysReceipt)).toBe(secretary.id);
    expect(await owner("outbox", emails.visitorsMessage)).toBeNull();
    expect(await owner("outbox", emails.application)).toBeNull();
    expect(await owner("outbox", emails.toSpouse)).toBeNull();
    expect(await owner("outbox", emails.toTwo)).toBeNull();
    expect(await owner("contact_messages", messages.own)).toBe(member.id);
    expect(await owner("contact_messages", messages.visitor)).toBeNull();
  });
});
