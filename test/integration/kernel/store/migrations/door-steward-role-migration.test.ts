import { beforeAll, describe, expect, it } from "vitest";
import type { Member, NewMember } from "~/kernel/store/records";
import { newId } from "~/kernel/store/ids";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { memberToRow } from "~/kernel/store/d1/rows";
import { useD1Before } from "../../../../support/d1";
import { newMember } from "../../../../support/fixtures";

/**
 * migrations/0024_door_steward_role.sql rebuilds the members table to let its role CHECK allow
 * 'steward' (ADR 65; SQLite cannot alter a CHECK). On a database as 0001-0023 left it: the rows
 * already there (a rejected applicant's reason too) come through unchanged, and the table keeps
 * every column, default, constraint and index it had.
 */
const MIGRATION = "0024_door_steward_role.sql";

const t = useD1Before(MIGRATION);

/** The table's shape as SQLite reports it: columns (type, not null, default, key), indexes and their columns. */
async function shape() {
  const columns = (await t.db.prepare("PRAGMA table_xinfo(members)").all()).results;
  const indexes = (
    await t.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'members' ORDER BY name").all<{ name: string }>()
  ).results;
  const indexColumns = await Promise.all(indexes.map(async ({ name }) => (await t.db.prepare(`PRAGMA index_xinfo("${name}")`).all()).results));
  const triggers = (await t.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'members'").all()).results;
  return { columns, indexes, indexColumns, triggers };
}

/** Adds a member as the code of 0001-0023 did (today's row), read back through today's store. */
async function registerOld(input: NewMember, memberNumber: number): Promise<Member> {
  const existing = new Set((await t.db.prepare("PRAGMA table_info(members)").all<{ name: string }>()).results.map((column) => column.name));
  const row = Object.entries(memberToRow({ ...input, id: newId(), memberNumber, createdAt: 1_700_000_000 }, 1_700_000_000)).filter(([column]) =>
    existing.has(column),
  );
  await t.db
    .prepare(`INSERT INTO members (${row.map(([column]) => column).join(", ")}) VALUES (${row.map(() => "?").join(", ")})`)
    .bind(...row.map(([, value]) => value ?? null))
    .run();
  return (await createD1Store(t.db).members.getById(String(row.find(([column]) => column === "id")![1])))!;
}

async function rawRow(id: string) {
  return t.db.prepare("SELECT * FROM members WHERE id = ?").bind(id).first();
}

describe("migration 0024 (the door steward role)", () => {
  let accountant: Member;
  let member: Member;
  let editor: Member;
  let rejected: Member;
  let shapeBefore: Awaited<ReturnType<typeof shape>>;
  let rowsBefore: unknown[];

  beforeAll(async () => {
    const store = createD1Store(t.db);
    accountant = await registerOld(newMember({ role: "accountant", active: true, fullName: "Old Treasurer" }), 1);
    member = await registerOld(
      newMember({
        membership: "Family",
        spouse: { title: "Mrs", name: "Kept Spouse", email: "kept@example.com", mobile: "07700900111" },
        children: [{ name: "Kept Child", birthYear: 2015 }],
        active: true,
        registrationPaid: true,
        lastRenewedYear: 2026,
      }),
      2,
    );
    await store.members.update(member.id, { resetKey: "kept-key", resetKeyExpiresAt: 1_900_000_000, passwordChangedAt: 1_800_000_000.123 });
    member = (await store.members.getById(member.id))!;
    editor = await registerOld(newMember({ role: "editor", active: true, fullName: "Old Editor" }), 3);
    rejected = await registerOld(newMember({ fullName: "Rejected Applicant" }), 4);
    await t.db
      .prepare("UPDATE members SET rejected = ?, deleted = 1 WHERE id = ?")
      .bind(JSON.stringify({ reason: "Not local", at: 1_750_000_000 }), rejected.id)
      .run();
    rejected = (await store.members.getById(rejected.id))!;
    shapeBefore = await shape();
    rowsBefore = [await rawRow(accountant.id), await rawRow(member.id), await rawRow(editor.id), await rawRow(rejected.id)];
    // Before the migration the table refuses the new role.
    await expect(t.db.prepare("UPDATE members SET role = 'steward' WHERE id = ?").bind(member.id).run()).rejects.toThrow(/CHECK/);
    await t.migrate();
  });

  it("keeps every row, column for column", async () => {
    expect([await rawRow(accountant.id), await rawRow(member.id), await rawRow(editor.id), await rawRow(rejected.id)]).toEqual(rowsBefore);
    const store = createD1Store(t.db);
    expect(await store.members.getById(member.id)).toEqual(member);
    expect(await store.members.getById(accountant.id)).toEqual(accountant);
    expect(await store.members.getById(editor.id)).toEqual(editor);
    expect((await store.members.getById(rejected.id))?.rejected).toEqual({ reason: "Not local", at: 1_750_000_000 });
    expect((await t.db.prepare("SELECT COUNT(*) AS n FROM members").first<{ n: number }>())?.n).toBe(4);
  });

  it("keeps the table's columns, defaults, constraints and indexes", async () => {
    const after = await shape();
    expect(after.columns).toEqual(shapeBefore.columns);
    expect(after.indexes).toEqual(shapeBefore.indexes);
    expect(after.indexColumns).toEqual(shapeBefore.indexColumns);
    expect(after.triggers).toEqual([]);
    expect(after.indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining([
        "members_deleted_created",
        "members_deleted_name",
        "members_renewal",
        "sqlite_autoindex_members_1",
        "sqlite_autoindex_members_2",
      ]),
    );
    expect((await t.db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'members_0024%'").all()).results).toEqual([]);
  });

  it("allows 'steward' and still refuses any other role", async () => {
    const store = createD1Store(t.db);
    expect((await store.members.update(member.id, { role: "steward" }))?.role).toBe("steward");
    expect((await store.members.update(editor.id, { role: "editor" }))?.role).toBe("editor");
    await expect(t.db.prepare("UPDATE members SET role = 'admin' WHERE id = ?").bind(member.id).run()).rejects.toThrow(/CHECK/);
    // The constraints that came with the table still hold: unique e-mail and member number, the default role.
    await expect(
      t.db
        .prepare(
          "INSERT INTO members (id, email, password_hash, title, full_name, membership, consents, created_at, updated_at) VALUES ('x1', ?, '', 'Mr', 'Copy', 'Single', '{}', 0, 0)",
        )
        .bind(member.email.toUpperCase())
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    await t.db
      .prepare(
        "INSERT INTO members (id, email, password_hash, title, full_name, membership, consents, created_at, updated_at) VALUES ('x2', 'new@example.com', '', 'Mr', 'New', 'Single', '{}', 0, 0)",
      )
      .run();
    expect(await t.db.prepare("SELECT role, children, active FROM members WHERE id = 'x2'").first()).toEqual({ role: "member", children: "[]", active: 0 });
  });
});
