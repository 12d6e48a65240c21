import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLARATION_WORDING_VERSION } from "~/features/gift-aid";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ukIsoDay } from "~/kernel/store/received-day";
import { client } from "../../../support/client";
import { fieldErrors, parseHtml } from "../../../support/html";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { newMember } from "../../../support/fixtures";

/**
 * An accountant enters a member's signed paper declaration with the date on it
 * (docs/requirements.md §14): from the member page, never in the future, origin "paper", entered
 * by the accountant; editors, stewards and members are refused.
 */
let server: SeededServer;
let memberId = "";
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const member = await createD1Store(db).members.register(
        newMember({
          fullName: "Paula Paper",
          title: "Miss",
          address: "12 Mill Lane",
          city: "Bolton",
          postcode: "bl1 1aa",
          active: true,
          registrationPaid: true,
        }),
      );
      memberId = member.id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const path = () => `/accounts/members/${memberId}/gift-aid`;
const declarations = () => withServerD1(server.persistTo, (db) => createD1Store(db).giftAidDeclarations.listByPerson(memberId));
const as = async (key: "treasurer" | "editor" | "steward" | "member") => client(server, { cookie: await sessionCookieFor(demoAccount(key).id) });

describe("A paper declaration entered by an accountant", () => {
  it("the member page links to it, and the page says there is none yet", async () => {
    const treasurer = await as("treasurer");
    const memberPage = parseHtml(await (await treasurer.get(`/accounts/members/${memberId}`)).text());
    expect(memberPage.one(`#details a[href="${path()}"]`)).not.toBeNull();
    const page = parseHtml(await (await treasurer.get(path())).text());
    expect(page.one(".declarations-empty")).not.toBeNull();
    expect(page.one('form.paper-declaration-form input[name="givenOn"][type="date"]')).not.toBeNull();
  });

  it("refuses a date in the future, a date that does not exist, and an unticked box, recording nothing", async () => {
    const treasurer = await as("treasurer");
    const tomorrow = ukIsoDay(Date.now() / 1000 + 2 * 86_400);
    const posts: Array<Record<string, string>> = [{ givenOn: tomorrow, declare: "on" }, { givenOn: "2026-02-30", declare: "on" }, { givenOn: "2026-01-05" }];
    for (const fields of posts) {
      const response = await treasurer.post(path(), fields);
      expect(response.status).toBe(400);
      expect(fieldErrors(await response.text()).length).toBeGreaterThan(0);
    }
    expect(await declarations()).toEqual([]);
  });

  it("records it with its date, origin paper, the record's name and address, entered by the accountant, and logs it", async () => {
    const treasurer = await as("treasurer");
    const response = await treasurer.post(path(), { givenOn: "2024-06-15", declare: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path());
    const [declaration, ...others] = await declarations();
    expect(others).toEqual([]);
    expect(declaration).toMatchObject({
      origin: "paper",
      givenOn: "2024-06-15",
      wordingVersion: DECLARATION_WORDING_VERSION,
      title: "Miss",
      fullName: "Paula Paper",
      address: "12 Mill Lane\nBolton",
      postcode: "BL1 1AA",
      createdBy: demoAccount("treasurer").id,
    });
    const page = parseHtml(await (await treasurer.get(path())).text());
    expect(page.text(".declarations-list")).toContain("Given on 15-06-2024, on a paper form");
    const memberPage = parseHtml(await (await treasurer.get(`/accounts/members/${memberId}`)).text());
    expect(memberPage.text("#activity")).toContain("Gift Aid declaration of member");
    expect(memberPage.text("#activity")).toContain("in force from 15-06-2024");
  });

  it("editors, stewards and members are refused: sent to their own home, nothing recorded", async () => {
    const before = (await declarations()).length;
    for (const key of ["editor", "steward", "member"] as const) {
      const actor = await as(key);
      const page = await actor.get(path());
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).not.toBe(path());
      const post = await actor.post(path(), { givenOn: "2025-01-01", declare: "on" });
      expect(post.status).toBe(302);
    }
    expect(await declarations()).toHaveLength(before);
  });

  it("an unknown member is not found", async () => {
    const response = await (await as("treasurer")).get("/accounts/members/no-such-member/gift-aid");
    expect(response.status).toBe(404);
  });
});
