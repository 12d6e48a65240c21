import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, declarationWording } from "~/features/gift-aid";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ukIsoDay } from "~/kernel/store/received-day";
import { client } from "../../../support/client";
import { DomUtils, parseHtml } from "../../../support/html";
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

/** A name found nowhere else, so its declaration is found by it on either store (the members are in Cockpit on a Cockpit site; declarations in D1 on both). */
const uniqueName = (first: string) => `${first} Giftaid${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, "x")}`;

/** The declarations given under a name, read from the server's D1 by the repository's own reader. */
const declarationsNamed = (fullName: string) =>
  withServerD1(server.persistTo, async (db) => {
    const { results } = await db
      .prepare("SELECT DISTINCT person_id FROM gift_aid_declarations WHERE full_name = ?")
      .bind(fullName)
      .all<{ person_id: string }>();
    const store = createD1Store(db);
    return (await Promise.all(results.map((row) => store.giftAidDeclarations.listByPerson(row.person_id)))).flat();
  });
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
    // The paragraphs, apart by blank lines (the hint keeps them: white-space: pre-line).
    const hint = page.one(".field-giftAidConcent .field-hint");
    expect(hint).not.toBeNull();
    const paragraphs = DomUtils.textContent(hint!).split("\n\n");
    expect(paragraphs).toEqual([...declarationWording(), DECLARATION_NOTES]);
    // The sentence HMRC requires: the donor pays any difference; and the box is described by it.
    expect(paragraphs.join(" ")).toContain("it is my responsibility to pay any difference");
    expect(box!.attribs["aria-describedby"]).toContain(hint!.attribs.id);
  });

  it("keeps a sign-up declaration with the wording version, the form's name and address and today's UK day", async () => {
    const email = uniqueSignupEmail("gift-aid");
    const fullName = uniqueName("Ada");
    const response = await client(server, { ip: "203.0.113.201" }).post("/signup", {
      ...singleSignup(email),
      fullName,
      title: "Dr",
      county: "Greater Manchester",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/confirmation");

    const declarations = await declarationsNamed(fullName);
    expect(declarations).toHaveLength(1);
    const [declaration] = declarations;
    expect(declaration).toMatchObject({
      personKind: "member",
      origin: "sign-up",
      wordingVersion: DECLARATION_WORDING_VERSION,
      title: "Dr",
      fullName,
      address: "1 Analytical Street\nManchester\nGreater Manchester",
      postcode: "M1 1AA",
      givenOn: ukIsoDay(Date.now() / 1000),
      withdrawnOn: null,
    });
    // Given by the new applicant themself, whose record it is (on either store: the member page finds them by that id).
    expect(declaration!.createdBy).toBe(declaration!.personId);
    const memberPage = parseHtml(
      await (await client(server).get(`/accounts/members/${declaration!.personId}`, { cookie: await sessionCookieFor(demoAccount("treasurer").id) })).text(),
    );
    expect(memberPage.text("#details")).toContain(email);
    // The activity log keeps it, about the new member.
    expect(memberPage.text("#activity")).toContain("recorded a Gift Aid declaration of member");
    expect(memberPage.text("#activity")).toContain("(at sign-up)");
  });

  it("stores no title for 'Other'", async () => {
    const fullName = uniqueName("Olly");
    const response = await client(server, { ip: "203.0.113.202" }).post("/signup", {
      ...singleSignup(uniqueSignupEmail("gift-aid-other")),
      fullName,
      title: "Other",
    });
    expect(response.status).toBe(302);
    expect((await declarationsNamed(fullName)).map((d) => d.title)).toEqual([""]);
  });
});
