import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { memberNumberLabel } from "~/kernel/store/member-number";
import type { Member } from "~/kernel/store/records";
import { checkPassword, passwordHashKind } from "~/kernel/auth/password.server";
import { cockpitMembers } from "~/kernel/store/cockpit/members.server";
import { DuplicateEmailError, StoreUnavailableError } from "~/kernel/store/errors";
import { LEGACY_USERLIST_ENTRY } from "../../../../support/cockpit-legacy";
import { useCockpitRepository } from "../../../../support/cockpit-repository";
import { newMember } from "../../../../support/fixtures";

/** The members repository over a fake Cockpit v1 (test/support/fake-cockpit.ts), in this process. */

const LEGACY_KEY = "legacy-test-key";
const LEGACY_PASSWORD = "OldSecret1!";
const legacyEntry = { ...LEGACY_USERLIST_ENTRY, password: createHmac("sha256", LEGACY_KEY).update(LEGACY_PASSWORD).digest("hex") };

// A known start: the legacy record and one numbered member (numbers continue from 41).
const cockpit = useCockpitRepository(cockpitMembers, "userlist", (entries) =>
  entries.push(structuredClone(legacyEntry), {
    _id: "0123456789abcdef01234567",
    _created: 1_600_000_000,
    email: "numbered@example.org",
    memberId: "41",
    fullName: "numbered",
    delete: false,
  }),
);
const userlist = () => cockpit.entries();

describe("members over Cockpit", () => {
  it("signs in a legacy record: found by e-mail in any case, its keyed hash checked and upgraded, nothing else touched", async () => {
    const member = await cockpit.repo.findByEmail("LEGACY.member@example.ORG ");
    expect(member).toMatchObject({
      id: legacyEntry._id,
      memberNumber: null,
      fullName: "Legacy Member",
      children: [
        { name: "First Child", birthYear: 2012 },
        { name: "Second Child", birthYear: 2016 },
      ],
    });
    expect(memberNumberLabel(member!.memberNumber)).toBe("Not Generated");

    const check = await checkPassword(LEGACY_PASSWORD, member!.passwordHash, LEGACY_KEY);
    expect(check.ok).toBe(true);
    const before = structuredClone(userlist()[0]!);
    const updated = await cockpit.repo.update(member!.id, { passwordHash: check.rehash! });
    expect(passwordHashKind(updated!.passwordHash)).toBe("pbkdf2");
    expect(updated).toEqual({ ...member, passwordHash: check.rehash });
    // Only the password key was sent (a Cockpit save merges what it is given).
    const save = cockpit.fake.requests.find((r) => r.path.endsWith("/collections/save/userlist"));
    expect(Object.keys((save!.body as { data: object }).data).sort()).toEqual(["_id", "password"]);
    const after = userlist()[0]!;
    for (const key of Object.keys(before)) if (!["password", "_modified", "_by"].includes(key)) expect(after[key], key).toEqual(before[key]);
    expect((await checkPassword(LEGACY_PASSWORD, after.password as string, LEGACY_KEY)).rehash).toBeUndefined();
    expect((await checkPassword(LEGACY_PASSWORD, after.password as string, LEGACY_KEY)).ok).toBe(true);
  });

  it("does not take an e-mail's dots and pluses as a pattern", async () => {
    expect(await cockpit.repo.findByEmail("legacyXmember@example.org")).toBeNull();
    expect(await cockpit.repo.findByEmail("legacy.member@example.org.evil")).toBeNull();
    expect(await cockpit.repo.findByEmail(".*")).toBeNull();
  });

  it("registers with the next number after the highest (legacy numeric strings included), and reads it back", async () => {
    const created = await cockpit.repo.register(newMember({ email: "New.Person@Example.com", fullName: "New Person" }));
    expect(created).toMatchObject({ memberNumber: 42, email: "new.person@example.com", active: false, deleted: false, passwordChangedAt: null });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(await cockpit.repo.getById(created.id)).toEqual(created);
    expect(userlist().at(-1)).toMatchObject({ memberId: 42, email: "new.person@example.com", status: false, delete: false, role: "member" });
    expect(await cockpit.repo.getById("ffffffffffffffffffffffff")).toBeNull();
    await expect(cockpit.repo.register(newMember({ email: "NEW.person@example.com" }))).rejects.toBeInstanceOf(DuplicateEmailError);
    expect(userlist().filter((e) => e.email === "new.person@example.com")).toHaveLength(1);
  });

  it("gives 10 concurrent registrations 10 distinct numbers, leaving no duplicate entries", async () => {
    const created = await Promise.all(Array.from({ length: 10 }, () => cockpit.repo.register(newMember())));
    const numbers = created.map((m) => m.memberNumber);
    expect(new Set(numbers).size).toBe(10);
    expect([...numbers].sort((a, b) => a! - b!)).toEqual([42, 43, 44, 45, 46, 47, 48, 49, 50, 51]);
    // The losers of a clash removed their entries: 2 old + 10 new, each number once.
    expect(userlist()).toHaveLength(12);
    const stored = userlist()
      .map((e) => Number(e.memberId))
      .filter(Boolean);
    expect(new Set(stored).size).toBe(stored.length);
    // And the interleaving really happened: some registration had to retry.
    const creates = cockpit.fake.requests.filter((r) => r.path.endsWith("/collections/save/userlist"));
    expect(creates.length).toBeGreaterThan(10);
  });

  it("gives distinct numbers when 10 registrations arrive a few milliseconds apart", async () => {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 2)).then(() => cockpit.repo.register(newMember()))),
    );
    expect(new Set(created.map((m) => m.memberNumber)).size).toBe(10);
    const stored = userlist()
      .map((e) => Number(e.memberId))
      .filter(Boolean);
    expect(new Set(stored).size).toBe(stored.length);
  });

  it("refuses one of two concurrent registrations with the same e-mail", async () => {
    const results = await Promise.allSettled([
      cockpit.repo.register(newMember({ email: "twice@example.com" })),
      cockpit.repo.register(newMember({ email: "TWICE@example.com" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")?.reason).toBeInstanceOf(DuplicateEmailError);
    expect(userlist().filter((e) => e.email === "twice@example.com")).toHaveLength(1);
  });

  it("updates only the fields a patch names; children rewrite every slot; unknown ids give null", async () => {
    const member = await cockpit.repo.register(
      newMember({
        membership: "Family",
        spouse: { title: "Mrs", name: "Spouse", email: "s@example.com", mobile: "07700900999" },
        children: [
          { name: "A", birthYear: 2015 },
          { name: "B", birthYear: 2017 },
        ],
      }),
    );
    const updated = await cockpit.repo.update(member.id, { active: true, registrationPaid: true, lastRenewedYear: 2027 });
    expect(updated).toEqual({ ...member, active: true, registrationPaid: true, lastRenewedYear: 2027 });
    const fewer = await cockpit.repo.update(member.id, { children: [{ name: "B", birthYear: 2017 }] });
    expect(fewer?.children).toEqual([{ name: "B", birthYear: 2017 }]);
    expect(fewer?.spouse?.name).toBe("Spouse");
    expect(userlist().find((e) => e._id === member.id)).toMatchObject({ childCount: 1, childName1: "B", childName2: null, childYear2: null });
    expect(await cockpit.repo.update(member.id, {})).toEqual(fewer);
    expect(await cockpit.repo.update("ffffffffffffffffffffffff", { active: true })).toBeNull();
    expect(await cockpit.repo.update("not-an-id", { active: true })).toBeNull();
    expect(await cockpit.repo.getById("not-an-id")).toBeNull();
    await expect(cockpit.repo.update(member.id, { email: "NUMBERED@example.org" })).rejects.toBeInstanceOf(DuplicateEmailError);
    const reset = await cockpit.repo.update(member.id, { resetKey: "abcdefghij", resetKeyExpiresAt: 1_900_000_000 });
    expect(reset).toMatchObject({ resetKey: "abcdefghij", resetKeyExpiresAt: 1_900_000_000 });
    expect(await cockpit.repo.update(member.id, { resetKey: null, resetKeyExpiresAt: null })).toMatchObject({ resetKey: null, resetKeyExpiresAt: null });
  });

  it("lists with search, filters, case-insensitive sorting with missing numbers last, and pages", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: Member[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await cockpit.repo.register(
          newMember({
            fullName: `${i % 2 ? tag.toUpperCase() : tag} Person ${i}`,
            membership: i % 2 ? "Family" : "Single",
            active: i < 4,
            postcode: `M${i} 9XY`,
          }),
        ),
      );
    }
    await cockpit.repo.update(made[6]!.id, { deleted: true });

    const all = await cockpit.repo.list({ deleted: false, search: tag, sort: { key: "fullName", direction: "asc" } });
    expect(all.total).toBe(6);
    expect(all.rows.map((m) => m.id)).toEqual(made.slice(0, 6).map((m) => m.id));

    const page = await cockpit.repo.list({ deleted: false, search: tag, sort: { key: "fullName", direction: "desc" }, page: 1, pageSize: 4 });
    expect(page.total).toBe(6);
    expect(page.rows.map((m) => m.id)).toEqual([made[1]!.id, made[0]!.id]);

    expect((await cockpit.repo.list({ deleted: false, search: tag, active: true, membership: "Family" })).rows.map((m) => m.id).sort()).toEqual(
      [made[1]!.id, made[3]!.id].sort(),
    );
    expect((await cockpit.repo.list({ deleted: true })).rows.map((m) => m.id)).toEqual([made[6]!.id]);
    expect((await cockpit.repo.list({ deleted: false, search: "m3 9x" })).rows.map((m) => m.id)).toEqual([made[3]!.id]);
    expect((await cockpit.repo.list({ deleted: false, search: `MMA${made[2]!.memberNumber}` })).rows.map((m) => m.id)).toEqual([made[2]!.id]);
    expect((await cockpit.repo.list({ deleted: false, search: "LEGACY.member" })).rows.map((m) => m.id)).toEqual([legacyEntry._id]);

    // The legacy record has no number: last whichever the direction.
    for (const direction of ["asc", "desc"] as const) {
      const byNumber = await cockpit.repo.list({ deleted: false, sort: { key: "memberNumber", direction } });
      expect(byNumber.rows.at(-1)?.id).toBe(legacyEntry._id);
      const numbers = byNumber.rows.slice(0, -1).map((m) => m.memberNumber!);
      expect(numbers).toEqual([...numbers].sort((a, b) => (direction === "asc" ? a - b : b - a)));
    }
    expect((await cockpit.repo.list({ deleted: false, notRenewedIn: 2026 })).rows.map((m) => m.id).sort()).toEqual(
      [legacyEntry._id, "0123456789abcdef01234567"].sort(),
    );
    expect((await cockpit.repo.list({ deleted: false, registrationPaid: true })).rows.map((m) => m.id)).toEqual([legacyEntry._id]);
    // Default: newest first (ties within a second go by id, as on D1).
    userlist().find((e) => e._id === made[5]!.id)!._created = 2_000_000_000;
    expect((await cockpit.repo.list({ deleted: false, page: 0, pageSize: 1 })).rows[0]!.id).toBe(made[5]!.id);
  });

  it("turns an outage into StoreUnavailableError", async () => {
    cockpit.fake.failNext(500, '{"error":"500","message":"system error"}');
    await expect(cockpit.repo.findByEmail("legacy.member@example.org")).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
