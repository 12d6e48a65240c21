import { describe, expect, it } from "vitest";
import { newId } from "~/kernel/store/ids";
import { useD1Before } from "../../../../support/d1";

/**
 * migrations/0022_outbox_owner_unknown.sql marks for the daily run the older e-mails that may
 * be a member's and that 0020 could not attribute: to one address, not the association's mail
 * about someone else, and not already attributed.
 */
const MIGRATION = "0022_outbox_owner_unknown.sql";
const t = useD1Before(MIGRATION);

async function email(to: string[], purpose: string, memberId: string | null): Promise<string> {
  const id = newId();
  await t.db
    .prepare(
      "INSERT INTO outbox (id, recipients, subject, html, purpose, status, provider, created_at, updated_at, member_id) VALUES (?, ?, 'S', '<p>x</p>', ?, 'stored', 'outbox', 1, 1, ?)",
    )
    .bind(id, JSON.stringify(to), purpose, memberId)
    .run();
  return id;
}

describe("migration 0022 (older e-mails whose member is not known yet)", () => {
  it("marks an unattributed e-mail to one address, and nothing else", async () => {
    const rows = {
      unknown: await email(["a@example.org"], "receipt", null),
      known: await email(["a@example.org"], "receipt", "member-1"),
      toTwo: await email(["a@example.org", "b@example.org"], "ticket", null),
      contact: await email(["info@example.org"], "contact", null),
      application: await email(["info@example.org"], "new-application", null),
    };
    await t.migrate();
    const marked = (await t.db.prepare("SELECT id FROM outbox WHERE owner_unknown = 1").all<{ id: string }>()).results.map((row) => row.id);
    expect(marked).toEqual([rows.unknown]);
  });
});
