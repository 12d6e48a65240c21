import { describe, expect, it } from "vitest";
import { keysetPage } from "~/kernel/store/cockpit/members.server";
import type { Member } from "~/kernel/store/records";
import { newMember } from "../../../support/fixtures";

const members: Member[] = Array.from({ length: 7 }, (_, i) => ({ ...newMember(), id: `m${i}`, memberNumber: i + 1, createdAt: 1000 - i }));
const ids = (page: { rows: Member[] }) => page.rows.map((m) => m.id);

/** The Cockpit store's keyset paging in the worker (ADR 63): the same links as D1's. */
describe("keyset pages of a sorted list", () => {
  it("reads forwards from the start, then after the last row", () => {
    const first = keysetPage(members, { pageSize: 3 });
    expect(first).toEqual({ rows: members.slice(0, 3), next: "m2", previous: null });
    const second = keysetPage(members, { pageSize: 3, after: "m2" });
    expect(ids(second)).toEqual(["m3", "m4", "m5"]);
    expect(second).toMatchObject({ next: "m5", previous: "m3" });
    expect(keysetPage(members, { pageSize: 3, after: "m5" })).toMatchObject({ rows: [members[6]], next: null, previous: "m6" });
  });

  it("reads backwards before the first row, with a Next back", () => {
    const back = keysetPage(members, { pageSize: 3, before: "m6" });
    expect(ids(back)).toEqual(["m3", "m4", "m5"]);
    expect(back).toMatchObject({ previous: "m3", next: "m5" });
    expect(keysetPage(members, { pageSize: 3, before: "m3" })).toMatchObject({ previous: null, next: "m2" });
  });

  it("starts again at the first page when the anchor is gone, and clamps the page size", () => {
    expect(ids(keysetPage(members, { pageSize: 2, after: "gone" }))).toEqual(["m0", "m1"]);
    expect(keysetPage(members, { pageSize: -5 }).rows).toHaveLength(1);
  });
});
