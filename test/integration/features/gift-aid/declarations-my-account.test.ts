import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLARATION_WORDING_VERSION, LEGACY_SIGN_UP_WORDING_VERSION } from "~/features/gift-aid/declaration-wording";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ukIsoDay } from "~/kernel/store/received-day";
import { client } from "../../../support/client";
import { fieldErrors, parseHtml } from "../../../support/html";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { sessionCookieFor } from "../../../support/session";
import { newMember } from "../../../support/fixtures";

/**
 * A member's own Gift Aid declaration on /account/gift-aid (docs/requirements.md §14, HMRC Chapter 3):
 * seen, cancelled (asked first) from today, and given again from My Account; the member is
 * the session's, never one named by the form.
 */
let server: SeededServer;
const ids = { sara: "", tom: "", saraDeclaration: "", tomDeclaration: "" };
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      const add = async (fullName: string, postcode: string) => {
        const member = await store.members.register(
          newMember({ fullName, title: "Mrs", address: "7 Oxford Road", postcode, active: true, registrationPaid: true }),
        );
        const declaration = await store.giftAidDeclarations.create(
          {
            personId: member.id,
            personKind: "member",
            origin: "sign-up",
            wordingVersion: LEGACY_SIGN_UP_WORDING_VERSION,
            title: "Mrs",
            fullName,
            address: "7 Oxford Road\nManchester",
            postcode,
            givenOn: "2025-01-10",
            createdBy: member.id,
          },
          1_736_500_000,
        );
        return { member: member.id, declaration: declaration.id };
      };
      const sara = await add("Sara Giver", "M1 1AA");
      const tom = await add("Tom Other", "M2 2BB");
      Object.assign(ids, { sara: sara.member, saraDeclaration: sara.declaration, tom: tom.member, tomDeclaration: tom.declaration });
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const PATH = "/account/gift-aid";
const declarationsOf = (memberId: string) => withServerD1(server.persistTo, (db) => createD1Store(db).giftAidDeclarations.listByPerson(memberId));
const as = async (memberId: string) => client(server, { cookie: await sessionCookieFor(memberId) });

describe("My Account's Gift Aid declaration", () => {
  it("My Account says the declaration is in force and links to its page", async () => {
    const page = parseHtml(await (await (await as(ids.sara)).get("/mem-account")).text());
    expect(page.one(`a[href="${PATH}"]`)).not.toBeNull();
    expect(page.text(".account-details")).toContain("In force since 10-01-2025 (at sign-up)");
  });

  it("shows the declaration in force: given on, how, the wording; and the cancel button", async () => {
    const page = parseHtml(await (await (await as(ids.sara)).get(PATH)).text());
    expect(page.one('[data-declaration="in-force"]')).not.toBeNull();
    const facts = page.text(".account-details");
    expect(facts).toContain("10-01-2025");
    expect(facts).toContain("At sign-up");
    expect(facts).toContain(LEGACY_SIGN_UP_WORDING_VERSION);
    expect(page.one(".declaration-cancel button")).not.toBeNull();
    expect(page.one(".declaration-give")).toBeNull();
  });

  it("cancel asks first, set apart, and changes nothing until Yes", async () => {
    const member = await as(ids.sara);
    const response = await member.post(PATH, { intent: "cancel" });
    expect(response.status).toBe(200);
    const page = parseHtml(await response.text());
    const step = page.one(".confirm-step");
    expect(step).not.toBeNull();
    expect(page.text(".confirm-step p")).toContain("payments after today will not be claimed");
    expect(page.one('.confirm-step input[name="confirmed"][value="1"]')).not.toBeNull();
    expect((await declarationsOf(ids.sara)).map((d) => d.withdrawnOn)).toEqual([null]);
  });

  it("a member cannot cancel another's declaration: an id in the form is not read, the session's member is", async () => {
    const member = await as(ids.tom);
    const response = await member.post(PATH, { intent: "cancel", confirmed: "1", declarationId: ids.saraDeclaration, personId: ids.sara });
    expect(response.status).toBe(302);
    expect((await declarationsOf(ids.sara)).map((d) => d.withdrawnOn)).toEqual([null]);
    // Tom's own was the one cancelled.
    expect((await declarationsOf(ids.tom)).map((d) => d.withdrawnOn)).toEqual([ukIsoDay(Date.now() / 1000)]);
    // And Tom's page never shows Sara's.
    const page = await (await member.get(PATH)).text();
    expect(page).not.toContain("Sara Giver");
  });

  it("cancel then give again: withdrawn from today, then a new My Account declaration with the wording version", async () => {
    const member = await as(ids.sara);
    const today = ukIsoDay(Date.now() / 1000);
    const cancelled = await member.post(PATH, { intent: "cancel", confirmed: "1" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(PATH);
    const [withdrawn] = await declarationsOf(ids.sara);
    expect(withdrawn).toMatchObject({ id: ids.saraDeclaration, withdrawnOn: today, withdrawnBy: ids.sara });

    const none = parseHtml(await (await member.get(PATH)).text());
    expect(none.one('[data-declaration="none"]')).not.toBeNull();
    expect(none.text('[data-declaration="none"]')).toContain("you cancelled it");
    expect(none.one('.declaration-give input[type="checkbox"][name="declare"]')).not.toBeNull();
    expect(none.text(".declaration-give")).toContain("it is my responsibility to pay any difference");

    // Without the box ticked, nothing is given and the box says why.
    const unticked = await member.post(PATH, { intent: "give" });
    expect(unticked.status).toBe(400);
    expect(fieldErrors(await unticked.text()).map(([id]) => id)).toContain("declare-error");
    expect(await declarationsOf(ids.sara)).toHaveLength(1);

    const given = await member.post(PATH, { intent: "give", declare: "on" });
    expect(given.status).toBe(302);
    const declarations = await declarationsOf(ids.sara);
    expect(declarations).toHaveLength(2);
    const fresh = declarations.find((d) => d.id !== ids.saraDeclaration)!;
    expect(fresh).toMatchObject({
      origin: "my-account",
      wordingVersion: DECLARATION_WORDING_VERSION,
      title: "Mrs",
      fullName: "Sara Giver",
      postcode: "M1 1AA",
      givenOn: today,
      createdBy: ids.sara,
      withdrawnOn: null,
    });
    // The cancelled one stays as it was: it still covers the payments up to its day.
    expect(declarations.find((d) => d.id === ids.saraDeclaration)?.withdrawnOn).toBe(today);

    // Giving twice gives one.
    await member.post(PATH, { intent: "give", declare: "on" });
    expect(await declarationsOf(ids.sara)).toHaveLength(2);
  });

  it("visitors are sent to sign in", async () => {
    const response = await client(server).get(PATH);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});
