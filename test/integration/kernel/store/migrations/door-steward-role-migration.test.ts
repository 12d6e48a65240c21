import { beforeAll, describe, expect, it } from "vitest";
import type { Member } from "~/kernel/store/records";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { newMember } from "../../../../support/fixtures";
import { expectConstraintsKept, expectShapeKept, registerOldMembers, useMembersRebuild, type MembersRebuild } from "../../../../support/members-rebuild";

/**
 * migrations/0024_door_steward_role.sql rebuilds the members table to let its role CHECK allow
 * 'steward' (ADR 65; SQLite cannot alter a CHECK). On a database as 0001-0023 left it: the rows
 * already there (a rejected applicant's reason too) come through unchanged, and the table keeps
 * every column, default, constraint and index it had.
 */
const t = useMembersRebuild("0024_door_steward_role.sql");

describe("migration 0024 (the door steward role)", () => {
  let accountant: Member;
  let member: Member;
  let editor: Member;
  let rejected: Member;
  let shapeBefore: Awaited<ReturnType<MembersRebuild["shape"]>>;
  let rowsBefore: unknown[];
  const rows = () => Promise.all([accountant, member, editor, rejected].map((m) => t.rawRow(m.id)));

  beforeAll(async () => {
    ({ accountant, member } = await registerOldMembers(t));
    editor = await t.registerOld(newMember({ role: "editor", active: true, fullName: "Old Editor" }), 3);
    rejected = await t.registerOld(newMember({ fullName: "Rejected Applicant" }), 4);
    await t.db
      .prepare("UPDATE members SET rejected = ?, deleted = 1 WHERE id = ?")
      .bind(JSON.stringify({ reason: "Not local", at: 1_750_000_000 }), rejected.id)
      .run();
    rejected = (await createD1Store(t.db).members.getById(rejected.id))!;
    shapeBefore = await t.shape();
    rowsBefore = await rows();
    // Before the migration the table refuses the new role.
    await expect(t.db.prepare("UPDATE members SET role = 'steward' WHERE id = ?").bind(member.id).run()).rejects.toThrow(/CHECK/);
    await t.migrate();
  });

  it("keeps every row, column for column", async () => {
    expect(await rows()).toEqual(rowsBefore);
    const store = createD1Store(t.db);
    expect(await store.members.getById(member.id)).toEqual(member);
    expect(await store.members.getById(accountant.id)).toEqual(accountant);
    expect(await store.members.getById(editor.id)).toEqual(editor);
    expect((await store.members.getById(rejected.id))?.rejected).toEqual({ reason: "Not local", at: 1_750_000_000 });
    expect((await t.db.prepare("SELECT COUNT(*) AS n FROM members").first<{ n: number }>())?.n).toBe(4);
  });

  it("keeps the table's columns, defaults, constraints and indexes", async () => {
    await expectShapeKept(t, shapeBefore, "members_0024");
  });

  it("allows 'steward' and still refuses any other role", async () => {
    const store = createD1Store(t.db);
    expect((await store.members.update(member.id, { role: "steward" }))?.role).toBe("steward");
    expect((await store.members.update(editor.id, { role: "editor" }))?.role).toBe("editor");
    await expectConstraintsKept(t, member);
  });
});
