import { expect, it } from "vitest";
import { DuplicateEmailError } from "~/kernel/store/errors";
import type { MemberListQuery } from "~/kernel/store/port";
import { newMember } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

describeStore("members", {}, (t) => {
  it("registers members with the next member number and reads them back", async () => {
    const first = await t.store.members.register(newMember({ email: "First@Example.com", fullName: "First Person" }));
    const second = await t.store.members.register(newMember());
    expect(first.memberNumber).toBeGreaterThan(0);
    expect(second.memberNumber).toBe(first.memberNumber! + 1);
    expect(first.email).toBe("first@example.com");
    expect(first.id).toMatch(/^[0-9a-f]{24}$/);
    expect(await t.store.members.getById(first.id)).toEqual(first);
    expect((await t.store.members.findByEmail("FIRST@example.COM"))?.id).toBe(first.id);
    expect(await t.store.members.getById("000000000000000000000000")).toBeNull();
  });

  it("gives 50 concurrent sign-ups 50 distinct member numbers", async () => {
    const created = await Promise.all(Array.from({ length: 50 }, () => t.store.members.register(newMember())));
    const numbers = new Set(created.map((m) => m.memberNumber));
    expect(numbers.size).toBe(50);
  });

  it("refuses a second member with the same e-mail, whatever its case", async () => {
    await t.store.members.register(newMember({ email: "dup@example.com" }));
    await expect(t.store.members.register(newMember({ email: "DUP@example.com" }))).rejects.toBeInstanceOf(DuplicateEmailError);
  });

  it("finds deleted members by e-mail too, and never gives their e-mail to a new member", async () => {
    const gone = await t.store.members.register(newMember({ deleted: true }));
    expect((await t.store.members.findByEmail(gone.email))?.id).toBe(gone.id);
    await expect(t.store.members.register(newMember({ email: gone.email }))).rejects.toBeInstanceOf(DuplicateEmailError);
    expect(await t.store.members.findByEmail("nobody-at-all@example.com")).toBeNull();
  });

  it("refuses to change an e-mail to another member's, and stores a new one in lower case", async () => {
    const a = await t.store.members.register(newMember());
    const b = await t.store.members.register(newMember());
    await expect(t.store.members.update(b.id, { email: a.email.toUpperCase() })).rejects.toBeInstanceOf(DuplicateEmailError);
    expect((await t.store.members.getById(b.id))?.email).toBe(b.email);
    const email = `Moved-${b.id}@Example.com`;
    expect((await t.store.members.update(b.id, { email }))?.email).toBe(email.toLowerCase());
    expect((await t.store.members.findByEmail(email))?.id).toBe(b.id);
    expect(await t.store.members.findByEmail(b.email)).toBeNull();
    // Its own e-mail again (another case) is no clash.
    expect((await t.store.members.update(b.id, { email: email.toUpperCase() }))?.id).toBe(b.id);
  });

  it("knows nothing of unknown or malformed ids", async () => {
    for (const id of ["", "nope", "ffffffffffffffffffffffff", "' OR 1=1 --"]) {
      expect(await t.store.members.getById(id), id).toBeNull();
      expect(await t.store.members.update(id, { fullName: "Nobody" }), id).toBeNull();
    }
  });

  it("changes only the fields a patch names", async () => {
    const member = await t.store.members.register(
      newMember({ membership: "Family", spouse: { title: "Mrs", name: "Spouse", email: "s@example.com", mobile: "07700900999" } }),
    );
    const updated = await t.store.members.update(member.id, { active: true, registrationPaid: true, lastRenewedYear: 2027 });
    expect(updated).toEqual({ ...member, active: true, registrationPaid: true, lastRenewedYear: 2027 });
    const withChildren = await t.store.members.update(member.id, { children: [{ name: "Kid", birthYear: 2018 }] });
    expect(withChildren?.children).toEqual([{ name: "Kid", birthYear: 2018 }]);
    expect(withChildren?.spouse?.name).toBe("Spouse");
    expect(await t.store.members.update("000000000000000000000000", { active: true })).toBeNull();
  });

  it("stores and reads every role, the website editor's too", async () => {
    const editor = await t.store.members.register(newMember({ role: "editor", active: true }));
    expect(editor.role).toBe("editor");
    expect((await t.store.members.getById(editor.id))?.role).toBe("editor");
    const member = await t.store.members.register(newMember({ active: true }));
    expect((await t.store.members.update(member.id, { role: "editor" }))?.role).toBe("editor");
    expect((await t.store.members.getById(member.id))?.role).toBe("editor");
    expect((await t.store.members.update(member.id, { role: "accountant" }))?.role).toBe("accountant");
    expect((await t.store.members.update(member.id, { role: "member" }))?.role).toBe("member");
    expect((await t.store.members.findByEmail(editor.email))?.role).toBe("editor");
  });

  it("stores and reads the door steward's role (ADR 65)", async () => {
    const steward = await t.store.members.register(newMember({ role: "steward", active: true }));
    expect(steward.role).toBe("steward");
    expect((await t.store.members.getById(steward.id))?.role).toBe("steward");
    expect((await t.store.members.findByEmail(steward.email))?.role).toBe("steward");
    const member = await t.store.members.register(newMember({ active: true }));
    expect((await t.store.members.update(member.id, { role: "steward" }))?.role).toBe("steward");
    expect((await t.store.members.getById(member.id))?.role).toBe("steward");
    expect((await t.store.members.update(member.id, { role: "member" }))?.role).toBe("member");
  });

  it("lists with search, filters, sorting and pages", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await t.store.members.register(
          newMember({ fullName: `${tag} Person ${i}`, membership: i % 2 ? "Family" : "Single", active: i < 4, postcode: `M${i} 9XY` }),
        ),
      );
    }
    await t.store.members.update(made[6]!.id, { deleted: true });

    const all = await t.store.members.list({ deleted: false, search: tag, sort: { key: "fullName", direction: "asc" } });
    expect(all.total).toBe(6);
    expect(all.rows.map((m) => m.fullName)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `${tag} Person ${i}`));

    const page = await t.store.members.list({ deleted: false, search: tag, sort: { key: "fullName", direction: "desc" }, page: 1, pageSize: 4 });
    expect(page.total).toBe(6);
    expect(page.rows.map((m) => m.fullName)).toEqual([`${tag} Person 1`, `${tag} Person 0`]);

    expect((await t.store.members.list({ deleted: false, search: tag, active: true, membership: "Family" })).total).toBe(2);
    expect((await t.store.members.list({ deleted: true, search: tag })).rows.map((m) => m.id)).toEqual([made[6]!.id]);
    expect((await t.store.members.list({ deleted: false, search: `MMA${made[2]!.memberNumber}` })).rows.map((m) => m.id)).toEqual([made[2]!.id]);
    expect((await t.store.members.list({ deleted: false, search: "m39xy" })).rows.map((m) => m.id)).toEqual([made[3]!.id]);
    // Page sizes outside 1–500 are clamped, never "no limit"; unknown sort keys fall back.
    expect((await t.store.members.list({ deleted: false, search: tag, pageSize: -1 })).rows).toHaveLength(1);
    expect((await t.store.members.list({ deleted: false, search: tag, pageSize: 2, page: -3 })).rows).toHaveLength(2);
    const bogus = { key: "password_hash; DROP TABLE members" as never, direction: "asc" as const };
    expect((await t.store.members.list({ deleted: false, search: tag, sort: bogus })).total).toBe(6);
    // LIKE wildcards in a search are text, not patterns.
    expect((await t.store.members.list({ deleted: false, search: "%" })).total).toBe(0);
  });

  it("filters pending renewals and unpaid registrations, and sorts missing values last either way", async () => {
    const tag = `zr${Date.now().toString(36)}`;
    const years = [2025, null, 2027, 2026];
    const made = [];
    for (const [i, lastRenewedYear] of years.entries()) {
      made.push(await t.store.members.register(newMember({ fullName: `${tag} ${"DcBa"[i]}`, lastRenewedYear, registrationPaid: i % 2 === 0 })));
    }
    const list = async (query: Partial<MemberListQuery>) =>
      (await t.store.members.list({ deleted: false, search: tag, ...query })).rows.map((m) => m.lastRenewedYear);
    expect(await list({ sort: { key: "lastRenewedYear", direction: "asc" } })).toEqual([2025, 2026, 2027, null]);
    expect(await list({ sort: { key: "lastRenewedYear", direction: "desc" } })).toEqual([2027, 2026, 2025, null]);
    // Not renewed in 2026: an earlier or later year, or never.
    expect(await list({ notRenewedIn: 2026, sort: { key: "lastRenewedYear", direction: "asc" } })).toEqual([2025, 2027, null]);
    expect(await list({ registrationPaid: false, sort: { key: "lastRenewedYear", direction: "asc" } })).toEqual([2026, null]);
    // Names case-insensitively: "a" < "B" < "c" < "D".
    const names = (await t.store.members.list({ deleted: false, search: tag, sort: { key: "fullName", direction: "asc" } })).rows.map((m) => m.fullName);
    expect(names).toEqual([`${tag} a`, `${tag} B`, `${tag} c`, `${tag} D`]);
    const numbers = (await t.store.members.list({ deleted: false, search: tag, sort: { key: "memberNumber", direction: "desc" } })).rows.map((m) => m.id);
    expect(numbers).toEqual([...made].reverse().map((m) => m.id));
  });
});
