// Scratch (not committed): screenshots of the mailings screens at 360 and 1280 px.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const DIR = "/tmp/h2-studio-shots";
let browser: Browser;
let server: SeededServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer({ store: "d1" })]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("screens", async () => {
  for (const [name, size] of [["360", PHONE], ["1280", DESKTOP]] as const) {
    const context = await newContext(browser, { ...size, baseURL: server.url, signedInAs: editor.id });
    const page = await context.newPage();
    const shot = (what: string) => page.screenshot({ path: `${DIR}/${what}-${name}.png`, fullPage: true });
    await page.goto("/studio/mailings");
    await hydrated(page);
    if (name === "360") await shot("list-empty");
    await page.goto("/studio/mailings/new");
    await hydrated(page);
    await shot("new");
    await page.click("button[value=save]");
    await page.waitForSelector("#mailing-subject-error");
    await shot("new-refused");
    await page.fill("#mailing-subject", `AGM notice ${name}`);
    await page.fill("#mailing-preview", "The AGM is on 12 December");
    await page.locator(".ProseMirror, [contenteditable=true]").first().click().catch(() => undefined);
    await page.keyboard.type("Please come to the AGM at the church hall.");
    await page.check("#mailing-audience-not-renewed");
    await page.click("button[value=save]");
    await page.waitForURL(/\/studio\/mailings\/[0-9a-f]{24}$/);
    await page.locator(".mailing-preview-desktop iframe").scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await shot("edit");
    await page.fill("#mailing-scheduleDay", "2020-01-01");
    await page.fill("#mailing-scheduleTime", "10:00");
    await page.click("button[value=schedule]");
    await page.waitForSelector("#mailing-scheduleDay-error");
    await shot("schedule-past");
    await page.click("button[value=send]");
    await page.waitForSelector(".confirm-step");
    await shot("confirm-send");
    await page.click(".confirm-step button[type=submit]");
    await page.waitForURL(/\/report$/);
    await shot("report-editor");
    const id = page.url().split("/").at(-2)!;
    await page.goto(`/studio/mailings/${id}`);
    await shot("readonly");
    await page.goto("/studio/mailings");
    await shot("list");
    const acc = await newContext(browser, { ...size, baseURL: server.url, signedInAs: treasurer.id });
    const p2 = await acc.newPage();
    await p2.goto(`/studio/mailings/${id}/report`);
    await p2.screenshot({ path: `${DIR}/report-accountant-${name}.png`, fullPage: true });
    await p2.goto(`/studio`);
    await p2.screenshot({ path: `${DIR}/studio-${name}.png`, fullPage: true });
    await acc.close();
    await context.close();
  }
  expect(true).toBe(true);
}, 300_000);
