import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, declarationWording } from "~/features/gift-aid";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ukIsoDay } from "~/kernel/store/received-day";
import { client } from "../../../support/client";
import { parseHtml, textOf } from "../../../support/html";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { singleSignup, uniqueSignupEmail } from "../../../support/signup";

/**
 * The sign-up form's required Gift Aid box is a declaration (docs/requirements.md §14, ADR 74):
 * HMRC's model wording is shown beside it, and a sign-up keeps a "sign-up" declaration with the
 * wording version shown, the name and address of the form and today's UK day.
 */
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("Sign-up's Gift Aid declaration", () => {
  it("shows HMRC's model wording and notes beside the required box", async () => {
    const page = parseHtml(await (await client(server).get("/signup")).text());
    const box = page.one('.field-giftAidConcent input[type="checkbox"][name="giftAidConcent"]');
    expect(box).not.toBeNull();
    const notes = page.all(".field-giftAidConcent .field-note").map(textOf);
    expect(notes).toEqual([...declarationWording(), DECLARATION_NOTES]);
    // The sentence HMRC requires: the donor pays any difference.
    expect(notes.join(" ")).toContain("it is my responsibility to pay any difference");
  });

  it("keeps a sign-up declaration with the wording version, the form's name and address and today's UK day", async () => {
    const email = uniqueSignupEmail("gift-aid");
    const response = await client(server, { ip: "203.0.113.201" }).post("/signup", { ...singleSignup(email), title: "Dr", county: "Greater Manchester" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/confirmation");

    const { member, declarations } = await withServerD1(server.persistTo, async (db) => {
      const store = createD1Store(db);
      const member = await store.members.findByEmail(email);
      return { member, declarations: member ? await store.giftAidDeclarations.listByPerson(member.id) : [] };
    });
    expect(member).not.toBeNull();
    expect(declarations).toHaveLength(1);
    expect(declarations[0]).toMatchObject({
      personId: member!.id,
      personKind: "member",
      origin: "sign-up",
      wordingVersion: DECLARATION_WORDING_VERSION,
      title: "Dr",
      fullName: "Ada Lovelace",
      address: "1 Analytical Street\nManchester\nGreater Manchester",
      postcode: "M1 1AA",
      givenOn: ukIsoDay(Date.now() / 1000),
      createdBy: member!.id,
      withdrawnOn: null,
    });

    // The activity log keeps it, about the new member.
    const memberPage = parseHtml(
      await (await client(server).get(`/accounts/members/${member!.id}`, { cookie: await sessionCookieFor(demoAccount("treasurer").id) })).text(),
    );
    expect(memberPage.text("#activity")).toContain("recorded a Gift Aid declaration of member");
    expect(memberPage.text("#activity")).toContain("(at sign-up)");
  });

  it("stores no title for 'Other'", async () => {
    const email = uniqueSignupEmail("gift-aid-other");
    const response = await client(server, { ip: "203.0.113.202" }).post("/signup", { ...singleSignup(email), title: "Other" });
    expect(response.status).toBe(302);
    const declarations = await withServerD1(server.persistTo, async (db) => {
      const store = createD1Store(db);
      const member = await store.members.findByEmail(email);
      return member ? store.giftAidDeclarations.listByPerson(member.id) : [];
    });
    expect(declarations.map((d) => d.title)).toEqual([""]);
  });
});
