import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Member } from "~/kernel/store/records";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { DESKTOP, PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember, newTransaction } from "../../../support/fixtures";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * The member page (/accounts/members/:id, docs/requirements.md §6.3.1, ADR 66) in a browser, at
 * 360 and 1280 px, with JavaScript on and off: it opens, fits the screen with no sideways
 * scroll, and a Danger action asks first (saying what happens) and changes nothing until Yes.
 */

const MODES = [true, false] as const;
const SCREENS = [
  { name: "360 px", device: PHONE },
  { name: "1280 px", device: DESKTOP },
] as const;
const key = (js: boolean, screen: string) => `${js ? "js" : "nojs"}-${screen.replace(/\D/g, "")}`;
const ids: Record<string, string> = {};

let browser: Browser;
let server: SeededServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const members = d1Members(db);
        const transactions = d1Transactions(db);
        for (const js of MODES) {
          for (const screen of SCREENS) {
            const created = await members.register(
              newMember({
                fullName: `Bartholomew Featherstonehaugh-Wolstenholme ${key(js, screen.name)}`,
                email: `a-rather-long-address-for-the-member-page-${key(js, screen.name)}@example.com`,
                active: true,
                registrationPaid: true,
                membership: "Family",
                spouse: { title: "Mrs", name: "Sarah Featherstonehaugh", email: "sarah.featherstonehaugh@example.com", mobile: "07700900999" },
                children: [
                  { name: "Tilly Featherstonehaugh", birthYear: 2014 },
                  { name: "Barnaby Featherstonehaugh", birthYear: 2017 },
                ],
              }),
            );
            ids[key(js, screen.name)] = created.id;
            const paid = await transactions.create(
              newTransaction(created.id, { title: "Membership Renewal", method: "bank", reference: "BACS-REF-0001-LONG" }),
            );
            await transactions.settle(paid.id, "success", Math.floor(Date.now() / 1000));
          }
        }
      },
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const memberRole = (id: string) => withServerD1(server.persistTo, async (db) => ((await d1Members(db).getById(id)) as Member).role);

async function open(js: boolean, device: typeof PHONE | typeof DESKTOP, path: string): Promise<Page> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, signedInAs: demoAccount("treasurer").id });
  const page = await context.newPage();
  await page.goto(path);
  if (js) await hydrated(page);
  return page;
}

describe("the member page in a browser", () => {
  for (const js of MODES) {
    for (const screen of SCREENS) {
      it(`opens, fits ${screen.name} with no sideways scroll, and asks before giving a role (JavaScript ${js ? "on" : "off"})`, async () => {
        const id = ids[key(js, screen.name)]!;
        const page = await open(js, screen.device, `/accounts/members/${id}`);
        try {
          await expect(page.locator("h1").innerText()).resolves.toContain("Bartholomew");
          for (const section of ["Details", "Household", "Money", "Tickets", "E-mails sent to them", "Activity", "Danger"]) {
            await expect(page.getByRole("heading", { level: 2, name: section, exact: true }).count()).resolves.toBe(1);
          }
          expect(await fitsScreen(page)).toBe(true);
          await expect(page.getByRole("button", { name: "Send receipt again" }).count()).resolves.toBe(1);

          // On a phone the sections stack: Danger is below Money, at the same left edge.
          const money = (await page.locator("#money").boundingBox())!;
          const danger = (await page.locator("#danger").boundingBox())!;
          expect(danger.y).toBeGreaterThan(money.y);
          if (screen.device === PHONE) expect(Math.abs(danger.x - money.x)).toBeLessThan(2);

          await page.locator("#danger").getByRole("button", { name: "Give the Admin role" }).click();
          const step = page.locator(".confirm-step");
          await step.waitFor();
          await expect(step.innerText()).resolves.toContain("role changes from Member to Admin");
          expect(await memberRole(id)).toBe("member");
          expect(await fitsScreen(page)).toBe(true);

          if (screen.device === PHONE) {
            // Cancel leaves everything as it was.
            await step.getByRole("link", { name: "Cancel" }).click();
            await page.locator(".confirm-step").waitFor({ state: "detached" });
            expect(new URL(page.url()).pathname).toBe(`/accounts/members/${id}`);
            expect(await memberRole(id)).toBe("member");
          } else {
            await step.getByRole("button", { name: "Give the Admin role" }).click();
            await page.locator("#danger").getByRole("button", { name: "Take away the Admin role" }).waitFor();
            expect(await memberRole(id)).toBe("accountant");
          }
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
