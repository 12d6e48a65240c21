import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLARATION_WORDING_VERSION } from "~/features/gift-aid/declaration-wording";
import { SCHEDULE_HEADINGS } from "~/features/gift-aid/schedule/sheet";
import { currentYear } from "~/kernel/dates/dates";
import { d1GiftAidClaims } from "~/kernel/store/d1/gift-aid-claims.server";
import { d1GiftAidDeclarations } from "~/kernel/store/d1/gift-aid-declarations.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { nowSeconds } from "~/kernel/store/ids";
import { ukIsoDay } from "~/kernel/store/received-day";
import { withDb } from "../../../support/book-ticket";
import { DESKTOP, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember } from "../../../support/fixtures";
import { odsCells, xlsxCells, type ReadCell } from "../../../support/gift-aid-schedule";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Gift Aid, done (docs/requirements.md §14, ADR 74), in chromium at 1280 px, JavaScript on and
 * off, on D1 and on the Cockpit store (one server each): a visitor donates £25 with Gift Aid
 * through the practice checkout and a member renews; the treasurer makes the subscription
 * eligible, opens /accounts/gift-aid, fixes the listed problem (the member's address has no house
 * number), downloads the .ods and the .xlsx and checks them cell by cell, marks the claim as
 * claimed, and a second claim for the same period is empty. The run with JavaScript off follows
 * the one with it on, on the same server: its payments are new, the first run's are claimed.
 */

const STORES = ["d1", "cockpit"] as const;
type Store = (typeof STORES)[number];
const treasurer = demoAccount("treasurer").id;
const Y = currentYear();
const RUNS = ["on", "off"] as const;
type Run = (typeof RUNS)[number];

let browser: Browser;
const servers = {} as Record<Store, SeededServer>;
/** Each store's renewing member per run: a Gift Aid declaration whose address has no house number. */
const renewers = {} as Record<Store, Record<Run, string>>;
const renewerName = (run: Run) => `Rhoda Renew${run === "on" ? "er" : "ing"}`;
const donorName = (run: Run) => `Dora Donat${run === "on" ? "er" : "ing"}`;

beforeAll(async () => {
  const start = (store: Store) =>
    startSeededServer({
      store,
      prepare: async (db) => {
        renewers[store] = {} as Record<Run, string>;
        for (const run of RUNS) {
          const member = await d1Members(db).register(
            newMember({
              title: "Mrs",
              fullName: renewerName(run),
              address: "Mill Lane",
              postcode: "M1 1AA",
              active: true,
              registrationPaid: true,
              lastRenewedYear: Y - 1,
            }),
          );
          renewers[store][run] = member.id;
          await d1GiftAidDeclarations(db).create(
            {
              personId: member.id,
              personKind: "member",
              origin: "paper",
              wordingVersion: DECLARATION_WORDING_VERSION,
              title: "Mrs",
              fullName: renewerName(run),
              address: "Mill Lane\nManchester",
              postcode: "M1 1AA",
              givenOn: "2020-01-01",
              createdBy: treasurer,
            },
            nowSeconds(),
          );
        }
      },
    });
  [browser, servers.d1, servers.cockpit] = await Promise.all([launchBrowser(), start("d1"), start("cockpit")]);
}, TIMEOUTS.hook);
afterAll(async () => {
  await browser?.close();
  await Promise.all(STORES.map((store) => servers[store]?.stop()));
});

async function settled(page: Page, js: boolean): Promise<void> {
  await page.waitForLoadState("load");
  if (js) await hydrated(page);
  expect(await fitsScreen(page), `${page.url()} scrolls sideways at 1280 px`).toBe(true);
}

/** A download's bytes, started by clicking its link. */
async function download(page: Page, name: string): Promise<Uint8Array> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const texts = (rows: ReadCell[][]) => rows.map((row) => Array.from({ length: SCHEDULE_HEADINGS.length }, (_, i) => row[i]?.text ?? ""));
const today = () => ukIsoDay(nowSeconds());
const ddmmyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

for (const store of STORES) {
  describe(`Gift Aid from donation to claim, at 1280 px (${store === "d1" ? "D1" : "Cockpit"} store)`, () => {
    for (const run of RUNS) {
      const js = run === "on";
      it(
        `a donation and a renewal, claimed once (JavaScript ${run})`,
        async () => {
          const server = servers[store];
          // 1. A visitor donates £25 with Gift Aid through the practice checkout.
          const visitor = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: js });
          const page = await visitor.newPage();
          await page.goto("/donate");
          await settled(page, js);
          await page.getByRole("radio", { name: "£25" }).check();
          await page.getByLabel("Full name").fill(donorName(run));
          await page.getByLabel("E-mail address").fill(`dora-${store}-${run}@example.com`);
          await page.getByLabel("Yes, I want to Gift Aid my donation").check();
          await page.getByLabel("Title (optional)").selectOption("Miss");
          await page.getByLabel("Home address").fill("7 Oak Road\nManchester");
          await page.getByLabel("Postcode").fill("m2 5bq");
          await page.getByRole("button", { name: "Donate by card" }).click();
          await page.waitForURL(/\/practice-checkout\//);
          await page.getByRole("button", { name: "Pay", exact: true }).click();
          await page.waitForURL(/\/donate\/thanks\//);
          await visitor.close();

          // A member renews.
          const memberContext = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: js, signedInAs: renewers[store][run] });
          const memberPage = await memberContext.newPage();
          await memberPage.goto("/mem-account");
          await settled(memberPage, js);
          await memberPage.getByRole("button", { name: "Renew Now £10.00" }).click();
          await memberPage.waitForURL(/\/practice-checkout\//);
          await memberPage.getByRole("button", { name: "Pay", exact: true }).click();
          await memberPage.waitForURL(/\/payment-success\//);
          await memberContext.close();

          // 2. The treasurer makes the subscription eligible ...
          const office = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: js, signedInAs: treasurer });
          const desk = await office.newPage();
          await desk.goto("/accounts");
          await settled(desk, js);
          await desk.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Gift Aid" }).click();
          await desk.waitForURL((url) => url.pathname === "/accounts/gift-aid");
          await desk.getByRole("link", { name: "Gift Aid settings" }).click();
          await desk.waitForURL((url) => url.pathname === "/accounts/gift-aid/settings");
          await settled(desk, js);
          await desk.getByLabel("Annual subscription").check();
          await desk.getByRole("button", { name: "Save" }).click();
          await desk.locator(".toast").getByText("The Gift Aid settings are saved.").waitFor();

          // ... opens the claim for the period (the tax year running today) ...
          await desk.goto("/accounts/gift-aid");
          await settled(desk, js);
          // ... fixes the listed problem: the renewing member's address has no house number.
          const problem = desk.locator(".gift-aid-problems > li", { hasText: renewerName(run) });
          expect(await problem.innerText()).toContain("No house name or number can be found in the address.");
          await problem.getByRole("link", { name: /^Fix/ }).click();
          await desk.waitForURL((url) => url.pathname.startsWith("/accounts/gift-aid/declarations/"));
          await settled(desk, js);
          await desk.getByLabel("Home address").fill("3 Mill Lane\nManchester");
          await desk.getByRole("button", { name: "Save the correction" }).click();
          await desk.waitForURL((url) => url.pathname === "/accounts/gift-aid");
          await desk.locator(".toast").getByText("The declaration is corrected.").waitFor();
          await settled(desk, js);
          expect(await desk.locator(".gift-aid-problems > li", { hasText: renewerName(run) }).count()).toBe(0);

          // The list, its totals and the two files, cell by cell.
          const listed = await desk
            .locator(".gift-aid-rows tbody tr")
            .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("td")).map((cell) => (cell.textContent ?? "").trim())));
          const [donorFirst, donorLast] = donorName(run).split(" ");
          const [renewerFirst, renewerLast] = renewerName(run).split(" ");
          const day = today();
          const shownDay = `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
          expect(listed).toContainEqual(["Miss", donorFirst, donorLast, "7", "M2 5BQ", shownDay, "£25.00"]);
          expect(listed).toContainEqual(["Mrs", renewerFirst, renewerLast, "3", "M1 1AA", shownDay, "£10.00"]);

          // Title, names, house, postcode, two blank columns and DD/MM/YY as text; the amount a number shown with two decimals, no £.
          const expected = [
            { cells: ["Miss", donorFirst, donorLast, "7", "M2 5BQ", "", "", ddmmyy(day)], amount: 25 },
            { cells: ["Mrs", renewerFirst, renewerLast, "3", "M1 1AA", "", "", ddmmyy(day)], amount: 10 },
          ];
          for (const [name, read] of [
            ["Download the schedule (.ods)", odsCells],
            ["Download the schedule (.xlsx)", xlsxCells],
          ] as const) {
            const [headings, ...rows] = read(await download(desk, name));
            expect(texts([headings!])[0], name).toEqual([...SCHEDULE_HEADINGS]);
            expect(rows, name).toHaveLength(listed.length);
            for (const { cells, amount } of expected) {
              const row = rows.find((cellsOf) => JSON.stringify(texts([cellsOf])[0]!.slice(0, 8)) === JSON.stringify(cells));
              expect(row, `${name}: ${cells.join(" ")}`).toBeDefined();
              const money = row![8]!;
              expect(Number(money.value), name).toBe(amount);
              if (name.endsWith("(.ods)")) expect(money).toMatchObject({ type: "float", text: amount.toFixed(2) });
              else expect(money).toMatchObject({ type: "n", style: "0.00" });
            }
          }

          // 3. Marks the claim as claimed (asked first) ...
          const claimsBefore = (await withDb(server, (db) => d1GiftAidClaims(db).list())).length;
          await desk.getByRole("button", { name: "Mark as claimed…" }).click();
          const question = desk.locator(".confirm-step");
          await question.waitFor();
          expect(await question.innerText()).toContain(`Mark ${listed.length} payment`);
          await question.getByRole("button", { name: "Yes, mark as claimed" }).click();
          await desk.locator(".toast").getByText("as claimed.").waitFor();
          await settled(desk, js);
          const claims = await withDb(server, (db) => d1GiftAidClaims(db).list());
          expect(claims).toHaveLength(claimsBefore + 1);
          expect(claims[0]?.payments).toBe(listed.length);

          // ... and a second claim for the same period is empty.
          await desk.goto("/accounts/gift-aid");
          await settled(desk, js);
          expect(await desk.locator(".gift-aid-rows tbody tr").count()).toBe(0);
          expect(await desk.locator(".gift-aid-empty").innerText()).toContain("There is nothing to claim in this period");
          expect(await desk.getByRole("button", { name: "Mark as claimed…" }).count()).toBe(0);
          await office.close();
        },
        TIMEOUTS.long,
      );
    }
  });
}
