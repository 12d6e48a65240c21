import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { cockpitContent } from "~/kernel/store/cockpit/content.server";
import { DESKTOP, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Dragging a home slide in the studio (JavaScript on): the editor drags the last slide's
 * handle above the first slide with the mouse (pointer events, as a finger's would be); the
 * drop posts the whole order, the studio shows the order the server saved, and the home
 * page's slider starts with the dragged slide. Its own server, whose home page is first
 * opened after the drag. Without JavaScript there is no handle (the up/down buttons are
 * studio-pages.test.ts's).
 */

const editor = demoAccount("editor");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Drags `handle` with the mouse to just inside the top of `target`, in small steps. */
async function dragAbove(page: Page, handle: ReturnType<Page["locator"]>, target: ReturnType<Page["locator"]>) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}

describe("dragging a home slide in the studio", () => {
  it(
    "drags the last slide to the top: the studio and the home page show the new order",
    async () => {
      const server: SeededServer = await startSeededServer();
      const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: true, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        await page.goto("/studio/slides");
        await hydrated(page);
        const titles = await page.locator(".studio-slide h2").allInnerTexts();
        expect(titles.length).toBeGreaterThanOrEqual(3);
        const last = titles.at(-1)!;
        const handle = page.getByRole("button", { name: `Drag to reorder ${last}`, exact: true });
        await handle.waitFor();
        // Up/down stay, beside the handle.
        expect(await page.locator(".studio-slide").first().getByRole("button", { name: "Move down" }).isEnabled()).toBe(true);

        await dragAbove(page, handle, page.locator(".studio-slide").first());
        await page.locator(".toast").getByText("Slide moved.").waitFor();
        const expected = [last, ...titles.slice(0, -1)];
        await expect.poll(() => page.locator(".studio-slide h2").allInnerTexts()).toEqual(expected);
        // The order the server saved, not only the browser's: a fresh load of the page.
        await page.reload();
        await page.locator(".studio-slide h2").first().waitFor();
        expect(await page.locator(".studio-slide h2").allInnerTexts()).toEqual(expected);
        expect(await page.locator(".studio-slide").first().getByRole("button", { name: "Move up" }).isDisabled()).toBe(true);

        if (server.cockpit) {
          // The Cockpit run's server opened / at its start (seeded-server.ts): check what the store reads.
          const client = createCockpitClient({ baseUrl: server.cockpit.url, token: server.cockpit.token });
          expect((await cockpitContent(client).listSlides()).map((s) => s.title)).toEqual(expected);
        } else {
          await page.goto("/");
          expect(await page.locator(".hero-slider li.slide.selected h2").first().innerText()).toBe(last);
          // The carousel's loop adds a copy of the last slide before the first and of the first after the last.
          const shown = (await page.locator(".hero-slider li.slide h2").evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()))).slice(1, -1);
          expect(shown).toEqual(expected);
        }
      } finally {
        await context.close();
        await server.stop();
      }
    },
    TIMEOUTS.long,
  );
});
