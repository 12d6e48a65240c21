import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, launchBrowser, newContext, PHONE } from "../../../support/browser";
import { MESSAGES } from "../../../support/password-reset";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Toasts (docs/requirements.md §1.2): after signing in, "You are now logged in." sits below the
 * header, never over the Menu button or the menu, and takes no taps outside its own box; with
 * JavaScript it goes away by itself, but not while the pointer is on it or focus is in it;
 * without JavaScript it stays, still clear of the header.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Each page signs in from its own address, so the per-address limit never meets across tests.
let sequence = 0;
async function signedIn(device: BrowserContextOptions, javaScriptEnabled: boolean): Promise<{ page: Page; toast: Locator; close: () => Promise<void> }> {
  sequence += 1;
  const context = await newContext(browser, { ...device, javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${120 + sequence}` } });
  const page = await context.newPage();
  await page.goto("/login");
  if (javaScriptEnabled) await hydrated(page);
  const member = demoAccount("member");
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/mem-account");
  const toast = page.locator(".toast");
  await toast.getByText(MESSAGES.loggedIn).waitFor();
  return { page, toast, close: () => context.close() };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box and the header's (with the top bar, and the Menu button inside it) do not meet. */
async function clearOfHeader(page: Page, toast: Locator): Promise<void> {
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox).not.toBeNull();
  for (const selector of [".site-header", ".top-bar"]) {
    const box = await page.locator(selector).boundingBox();
    if (box) expect(overlaps(toastBox, box), `the toast covers ${selector}`).toBe(false);
  }
}

describe("toasts with JavaScript", () => {
  it("at 360 px: leaves the Menu button free to press, and goes away by itself", async () => {
    const { page, toast, close } = await signedIn(PHONE, true);
    await clearOfHeader(page, toast);
    const menu = page.locator("button.menu-toggle");
    const box = (await menu.boundingBox())!;
    // What a tap at the Menu button's centre reaches is the button.
    const reached = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.classList.contains("menu-toggle") ?? false, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(reached).toBe(true);
    // And it opens the menu while the toast is still there.
    await menu.click();
    await page.locator(".mobile-menu.is-open").waitFor();
    expect(await toast.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    // Gone by itself (6 s for a success), waited for rather than slept.
    await toast.waitFor({ state: "detached", timeout: TIMEOUTS.poll });
    expect(await page.locator(".toast-region").getAttribute("role")).toBe("status");
    await close();
  });

  it("at 360 px: stays while the pointer is on it or focus is in it, and goes once both have left", async () => {
    const { page, toast, close } = await signedIn(PHONE, true);
    const clock = () => toast.evaluate((element) => element.getAnimations().map((a) => ({ state: a.playState, time: Number(a.currentTime) }))[0]);
    const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    await toast.hover();
    const hovered = await clock();
    expect(hovered?.state).toBe("paused");
    await frames();
    expect((await clock())?.time).toBe(hovered?.time);

    // Focus in it holds it too, after the pointer has left.
    await toast.getByRole("button", { name: "Dismiss message" }).focus();
    await page.mouse.move(5, 700);
    expect((await clock())?.state).toBe("paused");

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect((await clock())?.state).toBe("running");
    await toast.waitFor({ state: "detached", timeout: TIMEOUTS.poll });
    await close();
  });

  it("at 1280 px: sits below the header and its menu, and goes away by itself", async () => {
    const { page, toast, close } = await signedIn(DESKTOP, true);
    await clearOfHeader(page, toast);
    await toast.waitFor({ state: "detached", timeout: TIMEOUTS.poll });
    await close();
  });
});

describe("toasts without JavaScript", () => {
  for (const [width, device] of [
    ["360 px", PHONE],
    ["1280 px", DESKTOP],
  ] as const) {
    it(`at ${width}: stays, below the header, and the menu can still be opened`, async () => {
      const { page, toast, close } = await signedIn(device, false);
      await clearOfHeader(page, toast);
      expect(await toast.getAttribute("class")).not.toContain("toast-timed");
      if (device === PHONE) {
        await page.locator("a.menu-toggle").click();
        await page.waitForURL((url) => url.hash === "#mobile-menu");
        expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
      }
      expect(await toast.isVisible()).toBe(true);
      await close();
    });
  }
});
