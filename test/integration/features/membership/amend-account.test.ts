import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { fieldValue, pageText, selectedOption } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { DEMO_FAMILY_FORM } from "../../../support/account-forms";

/**
 * Edit Account changes members, so it runs on a private server (its own D1) and the
 * shared demo accounts other test files read stay as they are.
 */

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The page's text, its scripts' too (what a leak would show). */
const text = (html: string) => pageText(html, { scripts: true });

const get = (pathname: string, userId: string, extraCookie = "") => client(server).as(userId).get(pathname, { cookie: extraCookie });

const post = (fields: Record<string, string>, userId: string) => client(server).as(userId).post("/amend-account", fields);

const singleForm = {
  title: "Miss",
  fullName: "Sara Thomas",
  address: "7 Oxford Road",
  city: "Manchester",
  county: "",
  postcode: "M1 7ED",
  mobile: "07700900003",
  membership: "Single",
};

/** Pay or Cancel on the practice checkout page. */
function pressPractice(path: string, intent: "pay" | "cancel") {
  return fetch(new URL(path, server.url), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent }),
  });
}

describe("Edit Account (/amend-account)", () => {
  it("is prefilled with the member's own details, with a BACK link and the e-mail shown, not editable", async () => {
    const response = await get("/amend-account", demoAccount("member").id);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(text(html)).toContain("Edit Account");
    expect(html).toMatch(/<a[^>]*href="\/mem-account"[^>]*>BACK<\/a>/);
    expect(fieldValue(html, "fullName")).toBe("Arun Joseph");
    expect(fieldValue(html, "spouseName")).toBe("Meera Joseph");
    expect(fieldValue(html, "childName3")).toBe("Clara Joseph");
    expect(html).not.toContain('name="childName4"');
    expect(html).not.toMatch(/<input[^>]*name="email"/);
    expect(text(html)).toContain("member@example.org");
  });

  it("refuses invalid input with the form-level message and one message per field (400), keeping what was typed", async () => {
    const response = await post(
      { ...DEMO_FAMILY_FORM, fullName: " ", mobile: "12ab", spouseEmail: "not-an-email", childYear1: "20111", intent: "save" },
      demoAccount("member").id,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    const page = text(html);
    for (const message of [
      "Empty field is not allowed!",
      "Please enter your full name",
      "Mobile number must be 10 to 11 digits",
      "Please enter a valid email",
    ]) {
      expect(page).toContain(message);
    }
    expect(html).toMatch(/name="mobile"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="mobile"/);
    expect(fieldValue(html, "mobile")).toBe("12ab");
  });

  it("refuses an unticked photo consent when a Family has a child", async () => {
    const { childPhotoConcent: _, ...form } = DEMO_FAMILY_FORM;
    const response = await post({ ...form, intent: "save" }, demoAccount("member").id);
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain("Please agree to proceed.");
  });

  it("saves the member's own details, shows 'Details Updated.' on My Account, and ignores a posted id or e-mail", async () => {
    const member = demoAccount("member");
    const single = demoAccount("single");
    const response = await post(
      {
        ...DEMO_FAMILY_FORM,
        fullName: "Arun K Joseph",
        mobile: "07700 900 099",
        childCount: "2",
        childName2: "Ben Joseph",
        childYear2: "2017",
        id: single.id,
        email: "hijack@example.org",
        intent: "save",
      },
      member.id,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mem-account");
    const toast = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__toast="))!
      .split(";")[0]!;
    const account = await (await get("/mem-account", member.id, toast)).text();
    expect(text(account)).toContain("Details Updated.");
    expect(text(account)).toContain("Name Arun K Joseph");
    expect(text(account)).toContain("E-mail member@example.org");

    const form = await (await get("/amend-account", member.id)).text();
    expect(fieldValue(form, "mobile")).toBe("07700900099");
    expect(fieldValue(form, "childName2")).toBe("Ben Joseph");
    expect(form).not.toContain('name="childName3"');
    // The other member is untouched.
    expect(fieldValue(await (await get("/amend-account", single.id)).text(), "fullName")).toBe("Sara Thomas");
  });

  it("without JavaScript, update-fields re-renders the form for the child count chosen, without saving", async () => {
    const member = demoAccount("member");
    const response = await post({ ...DEMO_FAMILY_FORM, fullName: "Not Saved", childCount: "4", intent: "update-fields" }, member.id);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const i of [1, 2, 3, 4]) expect(html).toContain(`name="childName${i}"`);
    expect(html).not.toContain('name="childName5"');
    expect(html).not.toContain("Empty field is not allowed!");
    expect(fieldValue(await (await get("/amend-account", member.id)).text(), "fullName")).not.toBe("Not Saved");
  });

  it("a Single member who has not paid this year cannot add family", async () => {
    const single = demoAccount("single");
    for (const intent of ["update-fields", "save"]) {
      const response = await post({ ...singleForm, membership: "Family", spouseName: "X", intent }, single.id);
      expect(response.status).toBe(intent === "save" ? 400 : 200);
      const html = await response.text();
      expect(text(html)).toContain("Please pay your subscription before adding family!");
      expect(html).not.toContain('name="spouseName"');
    }
    // Plain details still save.
    expect((await post({ ...singleForm, city: "Salford", intent: "save" }, single.id)).status).toBe(302);
  });

  it("a Single member who paid this year sees the Family fields (no children); saving goes to the upgrade's checkout and keeps Single until it is paid", async () => {
    const treasurer = demoAccount("treasurer"); // Single, renewed this year
    const shown = await post({ ...singleForm, fullName: "Deepa Menon", membership: "Family", intent: "update-fields" }, treasurer.id);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('name="spouseName"');
    expect(html).toMatch(/<select[^>]*name="childCount"/);
    expect(html).not.toContain('name="childName1"');
    expect(text(html)).toContain("Your membership becomes Family once it is paid");
  });

  // docs/requirements.md §3.5 and ADR 26: the family waits on the upgrade's payment, not on the record.
  it("a cancelled upgrade leaves no trap: Edit Account shows what is stored, and saving an address starts no checkout; paying applies the family", async () => {
    const treasurer = demoAccount("treasurer"); // Single, renewed this year
    const upgrade = {
      ...singleForm,
      fullName: "Deepa Menon",
      membership: "Family",
      spouseTitle: "Mr",
      spouseName: "Ravi Menon",
      spouseEmail: "ravi@example.org",
      spouseMobile: "07700900021",
      childCount: "0",
      intent: "save",
    };
    const saved = await post(upgrade, treasurer.id);
    expect(saved.status).toBe(303);
    const checkoutPath = saved.headers.get("Location")!;
    expect(checkoutPath).toMatch(/^\/practice-checkout\/cs_practice_/);

    // Cancel at checkout, then follow the cancel page.
    const cancelled = await pressPractice(checkoutPath, "cancel");
    expect(cancelled.status).toBe(303);
    await fetch(new URL(cancelled.headers.get("Location")!, server.url), { redirect: "manual" });

    const form = await (await get("/amend-account", treasurer.id)).text();
    expect(selectedOption(form, "membership")).toBe("Single");
    expect(form).not.toContain('name="spouseName"');
    expect(text(await (await get("/mem-account", treasurer.id)).text())).toContain("Membership type Single");

    // Saving only a new address saves it: no checkout.
    const address = await post({ ...singleForm, fullName: "Deepa Menon", address: "9 New Street", intent: "save" }, treasurer.id);
    expect(address.status).toBe(302);
    expect(address.headers.get("Location")).toBe("/mem-account");
    expect(fieldValue(await (await get("/amend-account", treasurer.id)).text(), "address")).toBe("9 New Street");

    // Asking for the upgrade again and paying it brings the family with the membership.
    const again = await post({ ...upgrade, address: "9 New Street" }, treasurer.id);
    expect(again.status).toBe(303);
    const paid = await pressPractice(again.headers.get("Location")!, "pay");
    expect(paid.status).toBe(303);
    const success = await get(
      new URL(paid.headers.get("Location")!, server.url).pathname + new URL(paid.headers.get("Location")!, server.url).search,
      treasurer.id,
    );
    expect(text(await success.text())).toContain("You have successfully added your family.");
    const after = await (await get("/amend-account", treasurer.id)).text();
    expect(text(after)).toContain("Membership type: Family");
    expect(fieldValue(after, "spouseName")).toBe("Ravi Menon");
  });

  it("a post from another site is refused", async () => {
    const response = await fetch(`${server.url}/amend-account`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "https://evil.example",
        Cookie: await sessionCookieFor(demoAccount("member").id),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ ...DEMO_FAMILY_FORM, fullName: "Evil", intent: "save" }),
    });
    expect(response.status).toBe(403);
  });

  it("a visitor's post goes to /login and changes nothing", async () => {
    const response = await fetch(`${server.url}/amend-account`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...DEMO_FAMILY_FORM, intent: "save" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});
