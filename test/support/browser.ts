import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { inject } from "vitest";
import { watchContext } from "./browser-diagnostics";
import { sessionCookieFor } from "./session";
import { TIMEOUTS } from "./time-budget";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for this machine: no sandbox as root, no network beyond loopback, a fresh profile. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function baseURL(): string {
  return inject("baseURL");
}

/** Why the browser tests cannot run (chromium is missing), with the instruction; null when they can. */
export function chromiumMissing(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  return (
    `Chromium was not found at ${CHROMIUM_PATH}. The browser tests need it:\n` +
    "  sudo apt-get update && sudo apt-get install -y chromium\n" +
    "(or set CHROMIUM_PATH to another Chromium binary)."
  );
}

/**
 * Debian's chromium, headless: a connection to the run's one chromium (browser-setup.ts),
 * or, outside the e2e project, a browser of its own. Missing chromium is a failure with
 * instructions, never a silent skip. Closing the result closes what this file opened in it.
 */
export async function launchBrowser(): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  const endpoint = inject("browserWSEndpoint");
  if (endpoint) return chromium.connect(endpoint);
  // playwright gives every launch a fresh, throw-away profile directory.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

export const DESKTOP = { viewport: { width: 1280, height: 900 } } satisfies BrowserContextOptions;
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

/** A browser context on the test server, optionally signed in as a member (the session cookie is made directly). */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions & { signedInAs?: string; cookieConsent?: boolean } = {},
): Promise<BrowserContext> {
  const { signedInAs, cookieConsent = true, ...contextOptions } = options;
  // contextOptions.baseURL (a private server) wins over the shared test server.
  const context = await browser.newContext({ baseURL: baseURL(), ...DESKTOP, ...contextOptions });
  context.setDefaultTimeout(TIMEOUTS.browserStep);
  watchContext(context);
  const url = contextOptions.baseURL ?? baseURL();
  const cookies = [];
  if (signedInAs) {
    const pair = await sessionCookieFor(signedInAs, Date.now(), { server: url });
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    cookies.push({ name, value, url, httpOnly: true, sameSite: "Lax" as const });
  }
  // Most tests are not about the cookie notice; those that are pass cookieConsent: false.
  if (cookieConsent) cookies.push({ name: "agreeCookie", value: "true", url });
  if (cookies.length) await context.addCookies(cookies);
  return context;
}

/** Whether the page fits its screen's width: nothing makes it scroll sideways. */
export const fitsScreen = (page: import("playwright-core").Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Resolves once React has hydrated the page (the menu toggle becomes a button only then). */
export async function hydrated(page: import("playwright-core").Page): Promise<void> {
  await page.waitForSelector("button.menu-toggle", { state: "attached" });
}
