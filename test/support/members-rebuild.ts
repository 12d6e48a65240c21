import { expect } from "vitest";
import type { Member, NewMember } from "~/kernel/store/records";
import { newId } from "~/kernel/store/ids";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { memberToRow } from "~/kernel/store/d1/rows";
import { useD1Before } from "./d1";
import { newMember } from "./fixtures";

/**
 * For the test of a migration that rebuilds the members table to widen its role CHECK (SQLite
 * cannot alter a CHECK): 0009 (editor) and 0024 (door steward, ADR 65). A fresh database as the
 * migrations before it left it, members added as the code of then did, and the checks every such
 * rebuild must pass: the table keeps its shape and its constraints.
 */
export function useMembersRebuild(migration: string) {
  const t = useD1Before(migration);
  return {
    get db() {
      return t.db;
    },
    migrate: t.migrate,
    /** The table's shape as SQLite reports it: columns (type, not null, default, key), indexes and their columns. */
    async shape() {
      const columns = (await t.db.prepare("PRAGMA table_xinfo(members)").all()).results;
      const indexes = (
        await t.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'members' ORDER BY name").all<{ name: string }>()
      ).results;
      const indexColumns = await Promise.all(indexes.map(async ({ name }) => (await t.db.prepare(`PRAGMA index_xinfo("${name}")`).all()).results));
      const triggers = (await t.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'members'").all()).results;
      return { columns, indexes, indexColumns, triggers };
    },
    /**
     * Adds a member as the code before the migration did: today's row less the columns later
     * migrations added (today's register writes them all), read back through today's store.
     */
    async registerOld(input: NewMember, memberNumber: number): Promise<Member> {
      const existing = new Set((await t.db.prepare("PRAGMA table_info(members)").all<{ name: string }>()).results.map((column) => column.name));
      const row = Object.entries(memberToRow({ ...input, id: newId(), memberNumber, createdAt: 1_700_000_000 }, 1_700_000_000)).filter(([column]) =>
        existing.has(column),
      );
      await t.db
        .prepare(`INSERT INTO members (${row.map(([column]) => column).join(", ")}) VALUES (${row.map(() => "?").join(", ")})`)
        .bind(...row.map(([, value]) => value ?? null))
        .run();
      return (await createD1Store(t.db).members.getById(String(row.find(([column]) => column === "id")![1])))!;
    },
    /** The member's row as stored, every column. */
    rawRow: (id: string) => t.db.prepare("SELECT * FROM members WHERE id = ?").bind(id).first(),
  };
}

export type MembersRebuild = ReturnType<typeof useMembersRebuild>;
type Shape = Awaited<ReturnType<MembersRebuild["shape"]>>;

/**
 * The two members every rebuild test keeps: an accountant, and a Family member with a spouse,
 * a child and a password-reset key (the columns most likely to be dropped or retyped).
 */
export async function registerOldMembers(t: MembersRebuild): Promise<{ accountant: Member; member: Member }> {
  const accountant = await t.registerOld(newMember({ role: "accountant", active: true, fullName: "Old Treasurer" }), 1);
  const family = await t.registerOld(
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
  const store = createD1Store(t.db);
  await store.members.update(family.id, { resetKey: "kept-key", resetKeyExpiresAt: 1_900_000_000, passwordChangedAt: 1_800_000_000.123 });
  return { accountant, member: (await store.members.getById(family.id))! };
}

/**
 * The table after the rebuild has the columns, defaults, constraints and indexes it had before,
 * no trigger, and no table left over from the copy (named after the migration's number).
 */
export async function expectShapeKept(t: MembersRebuild, before: Shape, leftoverPrefix: string): Promise<void> {
  const after = await t.shape();
  expect(after.columns).toEqual(before.columns);
  expect(after.indexes).toEqual(before.indexes);
  expect(after.indexColumns).toEqual(before.indexColumns);
  expect(after.triggers).toEqual([]);
  expect(after.indexes.map((index) => index.name)).toEqual(
    expect.arrayContaining(["members_deleted_created", "members_deleted_name", "members_renewal", "sqlite_autoindex_members_1", "sqlite_autoindex_members_2"]),
  );
  expect((await t.db.prepare("SELECT name FROM sqlite_master WHERE name LIKE ?").bind(`${leftoverPrefix}%`).all()).results).toEqual([]);
}

/**
 * After the rebuild: a role outside the CHECK is still refused, and the constraints that came
 * with the table still hold: unique e-mail (in any case), the default role, children and active.
 */
export async function expectConstraintsKept(t: MembersRebuild, member: Member): Promise<void> {
  await expect(t.db.prepare("UPDATE members SET role = 'admin' WHERE id = ?").bind(member.id).run()).rejects.toThrow(/CHECK/);
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
}
