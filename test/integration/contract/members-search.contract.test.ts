import { expect, it } from "vitest";
import type { MemberBrowseQuery } from "~/kernel/store/port";
import type { Member } from "~/kernel/store/records";
import { newMember } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

/**
 * The members tables' keyset pages and search (ADR 63): D1 through its FTS5 index, Cockpit
 * through one filter; the same members found either way.
 */
describeStore("members search and keyset pages", {}, (t) => {
  // A word of letters only, new to this run, so each test finds its own members.
  const tagWord = () =>
    `q${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")
      .slice(0, 8)}`;
  const ids = async (query: Partial<MemberBrowseQuery> & { search: string }) =>
    (await t.store.members.browse({ deleted: false, order: "newest", pageSize: 50, ...query })).rows.map((m) => m.id).sort();

  it("finds a member by a prefix of each word, any name in the household, e-mail, number, phone and postcode", async () => {
    const tag = tagWord();
    const sarah = await t.store.members.register(
      newMember({
        fullName: `Sarah ${tag}`,
        email: `sarah.${tag}@example.org`,
        membership: "Family",
        postcode: "M14 5AB",
        mobile: "07700 912345",
        spouse: { title: "Mr", name: `Jonathan ${tag}`, email: "", mobile: "" },
        children: [{ name: `Zebedee ${tag}`, birthYear: 2015 }],
      }),
    );
    const other = await t.store.members.register(newMember({ fullName: `Sam Other${tag}`, postcode: "M15 6CD", mobile: "07700 955555" }));
    expect(await ids({ search: `sara ${tag}` })).toEqual([sarah.id]);
    expect(await ids({ search: `SARAH ${tag.toUpperCase()}` })).toEqual([sarah.id]);
    // The spouse's and a child's names.
    expect(await ids({ search: `jon ${tag}` })).toEqual([sarah.id]);
    expect(await ids({ search: `Zebedee ${tag}` })).toEqual([sarah.id]);
    // The whole e-mail address, and its first part.
    expect(await ids({ search: `sarah.${tag}@example.org` })).toEqual([sarah.id]);
    // The member number, with or without MMA.
    expect(await ids({ search: `MMA${sarah.memberNumber}` })).toEqual([sarah.id]);
    expect(await ids({ search: String(other.memberNumber) })).toContain(other.id);
    // The phone and the postcode, with or without their spaces.
    expect(await ids({ search: "07700 912345" })).toEqual([sarah.id]);
    expect(await ids({ search: "07700912345" })).toEqual([sarah.id]);
    expect(await ids({ search: "M14 5AB" })).toEqual([sarah.id]);
    expect(await ids({ search: "m145ab" })).toEqual([sarah.id]);
    // Every word must match: the other member shares no word.
    expect(await ids({ search: `sam ${tag}` })).toEqual([]);
    // A word inside a word is not a match.
    expect(await ids({ search: `arah ${tag}` })).toEqual([]);
  });

  it("finds Sara Thomas when Sarah Thomas is typed: the shortened words when the whole ones find nobody", async () => {
    const tag = tagWord();
    const sara = await t.store.members.register(newMember({ fullName: `Sara Thomas${tag}` }));
    expect(await ids({ search: `Sara Thomas${tag}` })).toEqual([sara.id]);
    // "sarah* thomas…*" finds nobody, so "sara* thom*" is searched.
    expect(await ids({ search: `Sarah Thomas${tag}` })).toEqual([sara.id]);
    // When the words as typed find someone, only they are shown.
    const sarah = await t.store.members.register(newMember({ fullName: `Sarah Thomas${tag}` }));
    expect(await ids({ search: `Sarah Thomas${tag}` })).toEqual([sarah.id]);
  });

  it("searches within the list asked for, with its filters", async () => {
    const tag = tagWord();
    const live = await t.store.members.register(newMember({ fullName: `Live ${tag}`, active: true, membership: "Family" }));
    const gone = await t.store.members.register(newMember({ fullName: `Gone ${tag}` }));
    await t.store.members.update(gone.id, { deleted: true });
    const rejected = await t.store.members.register(newMember({ fullName: `Rejected ${tag}` }));
    await t.store.members.update(rejected.id, { rejected: { reason: "Not local", at: 1 } });
    expect(await ids({ search: tag })).toEqual([live.id]);
    expect(await ids({ search: tag, deleted: true })).toEqual([gone.id]);
    expect(await ids({ search: tag, active: false })).toEqual([]);
    expect(await ids({ search: tag, membership: "Family", active: true })).toEqual([live.id]);
    // A change of name is found at once (the index follows the record).
    await t.store.members.update(live.id, { fullName: `Renamed ${tag}` });
    expect(await ids({ search: `renamed ${tag}` })).toEqual([live.id]);
    expect(await ids({ search: `live ${tag}` })).toEqual([]);
  });

  it("treats hostile input as words: no error, no syntax", async () => {
    const tag = tagWord();
    const member = await t.store.members.register(newMember({ fullName: `Near ${tag}` }));
    for (const search of [
      '"',
      "*",
      "NEAR(",
      `NEAR(${tag}`,
      `"${tag}`,
      `${tag}*`,
      "'); DROP TABLE members; --",
      `${tag} OR x`,
      "names:x",
      "-",
      "^",
      "%",
      "\u0000",
    ]) {
      const page = await t.store.members.browse({ deleted: false, order: "newest", pageSize: 50, search });
      expect(Array.isArray(page.rows), search).toBe(true);
    }
    expect(await ids({ search: `NEAR(${tag}` })).toEqual([member.id]);
    expect(await ids({ search: `"${tag}"*` })).toEqual([member.id]);
    expect(await ids({ search: '"' })).toEqual([]);
  });

  it("pages by keyset: Next after the last row, Previous before the first, no row twice", async () => {
    const tag = tagWord();
    for (const name of ["delta", "Alpha", "charlie", "Bravo", "echo", "golf", "Foxtrot"]) {
      await t.store.members.register(newMember({ fullName: `${name} ${tag}` }));
    }
    const walk = async (order: MemberBrowseQuery["order"]) => {
      const pages: Member[][] = [];
      let page = await t.store.members.browse({ deleted: false, order, pageSize: 3 });
      expect(page.previous).toBeNull();
      pages.push(page.rows);
      for (let i = 0; page.next !== null && i < 100; i++) {
        page = await t.store.members.browse({ deleted: false, order, pageSize: 3, after: page.next });
        pages.push(page.rows);
      }
      return { pages, last: page };
    };
    const { pages, last } = await walk("name");
    const names = pages.flat().map((m) => m.fullName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name.endsWith(tag))).toEqual(["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"].map((n) => `${n} ${tag}`));
    expect(pages.slice(0, -1).every((rows) => rows.length === 3)).toBe(true);
    // Previous from the last page gives the page before it, with a Next back.
    const back = await t.store.members.browse({ deleted: false, order: "name", pageSize: 3, before: last.previous! });
    expect(back.rows.map((m) => m.id)).toEqual(pages.at(-2)!.map((m) => m.id));
    expect(back.next).toBe(pages.at(-2)!.at(-1)!.id);
    // Descending by name is the same list backwards.
    const down = (await walk("name-desc")).pages.flat().map((m) => m.fullName.toLowerCase());
    expect(down).toEqual([...names].reverse());
  });

  it("pages a search by keyset too", async () => {
    const tag = tagWord();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await t.store.members.register(newMember({ fullName: `Paged${i} ${tag}` }))).id);
    const first = await t.store.members.browse({ deleted: false, order: "name", pageSize: 2, search: tag });
    const second = await t.store.members.browse({ deleted: false, order: "name", pageSize: 2, search: tag, after: first.next! });
    const third = await t.store.members.browse({ deleted: false, order: "name", pageSize: 2, search: tag, after: second.next! });
    expect(first.previous).toBeNull();
    expect(third.next).toBeNull();
    const seen = [...first.rows, ...second.rows, ...third.rows].map((m) => m.id);
    expect([...seen].sort()).toEqual([...made].sort());
    const back = await t.store.members.browse({ deleted: false, order: "name", pageSize: 2, search: tag, before: third.previous! });
    expect(back.rows.map((m) => m.id)).toEqual(second.rows.map((m) => m.id));
  });
});
