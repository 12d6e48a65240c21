import { chromium } from "playwright-core";
import type { GalleryImages } from "./budgets";

/**
 * The images a phone loads on a page before the visitor scrolls: Debian's chromium (as
 * Lighthouse uses) with a 360 × 740 px screen at 2 device pixels per CSS pixel, the page
 * loaded and left until the network is quiet (lazy images near the screen start then),
 * every image response counted with the bytes it transferred. For bench/budgets.ts's
 * checkGalleryImages on the photo gallery of `npm run seed -- --photos`.
 */

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const PHONE_SCREEN = { width: 360, height: 740, deviceScaleFactor: 2 } as const;

export async function measureImagesBeforeScroll(baseUrl: string, path: string): Promise<GalleryImages> {
  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({
      viewport: { width: PHONE_SCREEN.width, height: PHONE_SCREEN.height },
      deviceScaleFactor: PHONE_SCREEN.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const finished: Array<Promise<{ url: string; bytes: number }>> = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "image") return;
      finished.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
    });
    const response = await page.goto(new URL(path, baseUrl).href, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}, not 200`);
    await page.waitForLoadState("networkidle");
    const images = await Promise.all(finished);
    return { path, images };
  } finally {
    await browser.close();
  }
}
