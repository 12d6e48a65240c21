import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, DESKTOP, PHONE, hydrated, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

// D1 run only (ADR 57): the CSP and hydration are the Worker's, whichever store answers.

/**
 * Every kind of page in chromium with JavaScript on, under the real Content-Security-Policy
 * (ADR 24): each must hydrate and raise no CSP violation, whether reported as a
 * `securitypolicyviolation` event or as a console error (which also covers the e-mail's
 * sandboxed frame, where no script of ours runs). A private server: the booking changes data.
 */

let server: SeededServer;
let browser: Browser;

beforeAll(async () => {
  server = await startSeededServer();
  // The default fake camera (a test pattern) lets START SCAN open the camera and load the reader.
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  });
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Watched {
  context: BrowserContext;
  page: Page;
  violations: string[];
}

/** A context whose pages report every CSP violation into `violations`. */
async function watched(options: { signedInAs?: string; device?: typeof DESKTOP } = {}): Promise<Watched> {
  const context = await newContext(browser, { ...(options.device ?? DESKTOP), baseURL: server.url, javaScriptEnabled: true, signedInAs: options.signedInAs });
  const violations: string[] = [];
  await context.exposeBinding("__cspViolation", (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sample})`,
      );
    });
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" && /Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return { context, page, violations };
}

/** Opens a page, waits for hydration, and returns it. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self' 'sha256-");
  await hydrated(page);
}

/**
 * START SCAN opens the (fake) camera and loads the ZXing reader, the reader reads whole frames,
 * and nothing says it could not start.
 */
async function expectScanning(page: Page) {
  // Enabled only in the scanner's own document (after the reload a client-side navigation causes),
  // so the counter below lives in the document that scans.
  await page.waitForSelector("button.door-button:not([disabled])", { timeout: TIMEOUTS.poll });
  // The reader takes each frame's pixels with getImageData (on an OffscreenCanvas, or a canvas
  // where there is none), then reads them in the WebAssembly, then waits for the next frame.
  await page.evaluate(() => {
    const counted = window as unknown as { __framesTaken: number };
    counted.__framesTaken = 0;
    for (const context of [CanvasRenderingContext2D, OffscreenCanvasRenderingContext2D]) {
      const getImageData = context.prototype.getImageData;
      context.prototype.getImageData = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof getImageData>) {
        counted.__framesTaken += 1;
        return getImageData.apply(this, args);
      } as typeof getImageData;
    }
  });
  const wasm = page.waitForResponse((response) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(response.url()), { timeout: TIMEOUTS.poll });
  await page.getByRole("button", { name: "START SCAN" }).click();
  await wasm;
  // Scanning: the camera plays into the video while the reader looks at frames.
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>("video.door-video");
      return !!video && !video.hidden && video.srcObject !== null && video.readyState >= 2;
    },
    undefined,
    { timeout: TIMEOUTS.poll },
  );
  // A second frame taken means the first was read through to the end (detect() resolved), so the
  // reader works on frames and anything that could go wrong in reading one (a CSP violation, a
  // failure shown as "could not start") has happened; a message shown instead ends the wait too.
  await page.waitForFunction(
    () => (window as unknown as { __framesTaken: number }).__framesTaken >= 2 || document.querySelector(".door-scanner .door-message") !== null,
    undefined,
    { timeout: TIMEOUTS.poll },
  );
  await expect(page.locator(".door-message, [role='alert']").allInnerTexts()).resolves.not.toContainEqual(expect.stringMatching(/could not start/));
}

describe("the Content-Security-Policy in chromium (JavaScript on)", () => {
  it("public pages: home with its carousel, gallery, news, about, contact, signup, login", async () => {
    const { context, page, violations } = await watched({ device: PHONE });
    await visit(page, "/");
    // The carousel turns (its slides are positioned by style attributes, which the policy allows).
    await page.locator(".carousel .slide").first().waitFor({ state: "attached" });
    await visit(page, "/gallery");
    const album = await page.locator('main a[href^="/gallery/"]').first().getAttribute("href");
    expect(album).toBeTruthy();
    await visit(page, album!);
    await visit(page, "/blog");
    // A client-side navigation fetches route data and chunks: connect-src and script-src 'self'.
    await page.locator('main a[href^="/blog-details/"]').first().click();
    await page.waitForURL(/\/blog-details\//);
    await page.locator("main h1").waitFor();
    for (const path of ["/about", "/school", "/contact", "/signup", "/login", "/forgot-password"]) await visit(page, path);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("a member books a ticket, pays on the practice checkout, and sees the QR on My Account", async () => {
    const { context, page, violations } = await watched({ signedInAs: demoAccount("member").id, device: PHONE });
    await visit(page, "/mem-account");
    await visit(page, "/book-ticket");
    // The demo Family holds the seeded paid ticket for this event: a second one is asked for (docs/requirements.md §5.4).
    await page.locator("#booking-another").check();
    await page.locator("button.booking-submit").click();
    await page.waitForURL(/\/practice-checkout\/cs_practice_/);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/ticket-payment-success\//);
    await hydrated(page);
    await visit(page, "/mem-account");
    await page.locator("li.account-ticket svg[role='img']").first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it("the back office: the members table, the outbox and an e-mail's preview (a sandboxed srcdoc frame with an image)", async () => {
    const { context, page, violations } = await watched({ signedInAs: demoAccount("treasurer").id });
    await visit(page, "/accounts");
    await page.locator("table tbody tr").first().waitFor();
    await visit(page, "/accounts/emails");
    const emailLinks = page.locator('main a[href^="/accounts/emails/"]');
    expect(await emailLinks.count()).toBeGreaterThan(0);
    const hrefs = await emailLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    // The booking confirmation (sent by the test above) shows its QR as an inline data: PNG.
    const confirmation = await emailLinks.filter({ hasText: "Your tickets:" }).first().getAttribute("href");
    expect(confirmation).toBeTruthy();
    for (const href of hrefs.slice(0, 3)) {
      await visit(page, href);
      const frame = page.frameLocator("iframe.dev-mail-html");
      await frame.locator("body").waitFor();
    }
    await visit(page, "/dev/mail");
    // Opened from the list as a reader would (the preview's policy must be the one in force).
    await page.locator(`main a[href="/dev/mail/${confirmation!.split("/").pop()}"]`).click();
    await page.waitForURL(/\/dev\/mail\/[^/]+$/);
    const images = page.frameLocator("iframe.dev-mail-html").locator("img");
    await images.first().waitFor();
    // Every image in the previewed e-mail decoded (one blocked by the policy has no natural size).
    for (const image of await images.all()) expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("the door: START SCAN opens the (fake) camera and compiles the ZXing WebAssembly under the scanner's policy", async () => {
    const { context, page, violations } = await watched({ signedInAs: demoAccount("treasurer").id, device: PHONE });
    await context.grantPermissions(["camera"], { origin: server.url });
    await visit(page, "/scan-qr-code");
    await expectScanning(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("the door reached by the back-office menu (a client-side navigation) loads as its own document, so the camera and reader work", async () => {
    const { context, page, violations } = await watched({ signedInAs: demoAccount("treasurer").id });
    await context.grantPermissions(["camera"], { origin: server.url });
    await visit(page, "/accounts");
    const ownDocument = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/scan-qr-code" && response.request().resourceType() === "document",
      { timeout: TIMEOUTS.poll },
    );
    await page.getByRole("link", { name: "Scan tickets" }).click();
    expect((await ownDocument).headers()["permissions-policy"]).toContain("camera=(self)");
    await page.waitForLoadState("load");
    await hydrated(page);
    await expectScanning(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("a page without the scanner may not use the camera or compile WebAssembly (the policy is enforced)", async () => {
    const { context, page, violations } = await watched({ signedInAs: demoAccount("treasurer").id });
    await context.grantPermissions(["camera"], { origin: server.url });
    await visit(page, "/mem-account");
    // An injected inline script does not run, and the watcher above sees the violation (so its silence elsewhere means something).
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.appendChild(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations[0]).toContain("script-src");
    await expect(page.evaluate(() => "injected" in window)).resolves.toBe(false);
    const outcome = await page.evaluate(async () => {
      const camera = await navigator.mediaDevices.getUserMedia({ video: true }).then(
        () => "granted",
        (error: Error) => error.name,
      );
      // The smallest valid module: "\0asm", version 1.
      const wasm = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
        () => "compiled",
        (error: Error) => `${error.name}: ${error.message}`,
      );
      return { camera, wasm };
    });
    expect(outcome.camera).toBe("NotAllowedError");
    expect(outcome.wasm).toMatch(/^CompileError: .*(Content Security Policy|unsafe-eval)/);
    await context.close();
  });
});
