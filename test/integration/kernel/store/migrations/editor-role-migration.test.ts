import { beforeAll, describe, expect, it } from "vitest";
import type { Member } from "~/kernel/store/records";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { expectConstraintsKept, expectShapeKept, registerOldMembers, useMembersRebuild, type MembersRebuild } from "../../../../support/members-rebuild";

/**
 * migrations/0009_editor_role.sql rebuilds the members table to let its role CHECK allow
 * 'editor' (SQLite cannot alter a CHECK). On a database as 0001-0008 left it: the rows
 * already there come through unchanged, and the table keeps every column, default,
 * constraint and index it had.
 */
const t = useMembersRebuild("0009_editor_role.sql");

describe("migration 0009 (the editor role)", () => {
  let accountant: Member;
  let member: Member;
  let shapeBefore: Awaited<ReturnType<MembersRebuild["shape"]>>;
  let rowsBefore: unknown[];

  beforeAll(async () => {
    ({ accountant, member } = await registerOldMembers(t));
    shapeBefore = await t.shape();
    rowsBefore = [await t.rawRow(accountant.id), await t.rawRow(member.id)];
    // Before the migration the table refuses the new role.
    await expect(t.db.prepare("UPDATE members SET role = 'editor' WHERE id = ?").bind(member.id).run()).rejects.toThrow(/CHECK/);
    await t.migrate();
  });

  it("keeps every row, column for column", async () => {
    expect([await t.rawRow(accountant.id), await t.rawRow(member.id)]).toEqual(rowsBefore);
    const store = createD1Store(t.db);
    expect(await store.members.getById(member.id)).toEqual(member);
    expect(await store.members.getById(accountant.id)).toEqual(accountant);
    expect((await t.db.prepare("SELECT COUNT(*) AS n FROM members").first<{ n: number }>())?.n).toBe(2);
  });

  it("keeps the table's columns, defaults, constraints and indexes", async () => {
    await expectShapeKept(t, shapeBefore, "members_0009");
  });

  it("allows 'editor' and still refuses any other role", async () => {
    const store = createD1Store(t.db);
    expect((await store.members.update(member.id, { role: "editor" }))?.role).toBe("editor");
    await expectConstraintsKept(t, member);
  });
});
