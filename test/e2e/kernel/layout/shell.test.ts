import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, fitsScreen, hydrated, launchBrowser, newContext, PHONE } from "../../../support/browser";
import { demoAccount } from "../../../support/session";

// D1 run only (ADR 57): the header, menu and footer, whichever store answers.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MAIN = ["Home", "About Us", "School", "Office Bearers", "Event Calender", "Gallery", "News", "Contact Us", "Donate"];

async function menu(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} a`).allInnerTexts();
}

describe("header menu (desktop)", () => {
  it.each([
    ["visitor", undefined, [...MAIN, "Login", "Sign Up"]],
    ["member", demoAccount("member").id, [...MAIN, "Documents", "My Account", "Logout"]],
    ["website editor", demoAccount("editor").id, [...MAIN, "Website", "Documents", "My Account", "Logout"]],
    ["accountant", demoAccount("treasurer").id, [...MAIN, "Dashboard", "Website", "Documents", "My Account", "Logout"]],
  ])("shows the required order to a %s", async (_who, userId, expected) => {
    const context = await newContext(browser, { ...DESKTOP, signedInAs: userId });
    const page = await context.newPage();
    await page.goto("/");
    expect(await menu(page, "nav.main-nav")).toEqual(expected);
    await expect(page.locator("nav.main-nav").isVisible()).resolves.toBe(true);
    // The top bar repeats the login-state links, with the contact details.
    expect(await menu(page, ".top-bar-account")).toEqual(expected.slice(MAIN.length));
    expect(await page.locator('.top-bar a[href^="tel:"]').innerText()).toContain("+44 161 496 0000");
    await context.close();
  });

  it("fits the accountant's longest menu (with Dashboard and Website) on one line from 1200 px, where the desktop menu starts", async () => {
    for (const width of [1200, 1280, 1440]) {
      const context = await newContext(browser, { viewport: { width, height: 800 }, signedInAs: demoAccount("treasurer").id });
      const page = await context.newPage();
      await page.goto("/");
      const fit = await page.evaluate(() => {
        const list = document.querySelector("nav.main-nav ul")!;
        const items = [...list.querySelectorAll("li")].map((li) => li.getBoundingClientRect());
        return {
          overflow: list.scrollWidth - list.clientWidth,
          rows: new Set(items.map((r) => Math.round(r.top))).size,
          right: Math.max(...items.map((r) => r.right)),
          pageWidth: document.documentElement.scrollWidth,
        };
      });
      expect(fit.rows, `${width} px: one row`).toBe(1);
      expect(fit.overflow, `${width} px: the list overflows`).toBeLessThanOrEqual(0);
      expect(fit.right, `${width} px: the last link is on screen`).toBeLessThanOrEqual(width);
      expect(fit.pageWidth, `${width} px: no sideways scroll`).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it("fixes the header once the page is scrolled past 80 px, and shows the scroll-to-top button", async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 500 } });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => {
      document.body.style.minHeight = "4000px";
    });
    expect(await page.locator("header.site-header").getAttribute("class")).not.toContain("is-fixed");
    // Scrolled to 60 px (smoothly, as the CSS asks): once the scroll event that arrives there has reached
    // the page's listeners (the header's was added at hydration, before this one) and two frames have
    // passed, React has drawn whatever the header's listener set.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const arrived = () => {
            if (Math.round(window.scrollY) < 60) return;
            window.removeEventListener("scroll", arrived);
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          };
          window.addEventListener("scroll", arrived);
          window.scrollTo(0, 60);
        }),
    );
    expect(await page.locator("header.site-header").getAttribute("class")).not.toContain("is-fixed");
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForSelector("header.site-header.is-fixed");
    expect(await page.locator("header.site-header").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    await page.waitForSelector("a.scroll-top.is-visible");
    await page.click("a.scroll-top");
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it("shows the current year in the footer", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.locator(".copyright").innerText()).toContain(`Copyright © ${new Date().getFullYear()}`);
    await context.close();
  });
});

/** A phone-sized page at `path`, hydrated when JavaScript is on, and the menu's Gallery link to watch. */
async function onPhone(path = "/", javaScriptEnabled = true) {
  const context = await newContext(browser, { ...PHONE, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page, menuLink: page.locator("#mobile-menu a", { hasText: "Gallery" }) };
}

describe("mobile menu at 360 px", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`opens, lists every link and navigates (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await newContext(browser, { ...PHONE, javaScriptEnabled, signedInAs: demoAccount("member").id });
      const page = await context.newPage();
      await page.goto("/");
      if (javaScriptEnabled) await hydrated(page);
      // Small screens: no top bar, no desktop menu, no horizontal scroll.
      expect(await page.locator(".top-bar").isVisible()).toBe(false);
      expect(await page.locator("nav.main-nav").isVisible()).toBe(false);
      expect(await fitsScreen(page)).toBe(true);

      const panel = page.locator("#mobile-menu");
      await expect(panel.isVisible()).resolves.toBe(false);
      await page.click(".menu-toggle");
      await panel.locator("a", { hasText: "Gallery" }).waitFor({ state: "visible" });
      if (javaScriptEnabled) expect(await page.getAttribute("button.menu-toggle", "aria-expanded")).toBe("true");
      expect(await panel.locator("ul a").allInnerTexts()).toEqual([...MAIN, "Documents", "My Account", "Logout"]);

      await panel.locator("a", { hasText: "Contact Us" }).click();
      await page.waitForURL("**/contact");
      if (javaScriptEnabled) await panel.locator("a", { hasText: "Gallery" }).waitFor({ state: "hidden" });
      await context.close();
    });
  }

  it("closes with the close button and with Escape (JavaScript on)", async () => {
    const { context, page, menuLink: link } = await onPhone();
    await page.click("button.menu-toggle");
    await link.waitFor({ state: "visible" });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("mobile-menu-close");
    await page.click("button.mobile-menu-close");
    await link.waitFor({ state: "hidden" });
    await page.click("button.menu-toggle");
    await link.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await link.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("menu-toggle");
    expect(await page.getAttribute("button.menu-toggle", "aria-expanded")).toBe("false");
    await context.close();
  });

  it("keeps Tab inside the open menu (JavaScript on)", async () => {
    const { context, page, menuLink } = await onPhone();
    await page.click("button.menu-toggle");
    await menuLink.waitFor({ state: "visible" });
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      // In the menu, on its toggle, or past the end of the page (the browser's own UI): never behind the panel.
      const inMenu = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return true;
        return active.closest("#mobile-menu") !== null || active.classList.contains("menu-toggle");
      });
      expect(inMenu, `focus after ${i + 1} Tab presses`).toBe(true);
    }
    await context.close();
  });

  it("takes over a menu opened before JavaScript loaded", async () => {
    const { context, page, menuLink } = await onPhone("/#mobile-menu");
    expect(await page.getAttribute("button.menu-toggle", "aria-expanded")).toBe("true");
    expect(new URL(page.url()).hash).toBe("");
    await page.click("button.mobile-menu-close");
    await menuLink.waitFor({ state: "hidden" });
    await context.close();
  });

  it("closes with the close link (JavaScript off)", async () => {
    const { context, page, menuLink: link } = await onPhone("/", false);
    await page.click("a.menu-toggle");
    await link.waitFor({ state: "visible" });
    await page.click("a.mobile-menu-close");
    await link.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("cookie notice", () => {
  it("is accepted with a plain form post when JavaScript is off, and stays gone", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false, cookieConsent: false });
    const page = await context.newPage();
    await page.goto("/home");
    const notice = page.locator("section.cookie-notice");
    expect(await notice.innerText()).toContain("We use cookies");
    await notice.locator("button", { hasText: "Accept" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe("/home");
    expect(await notice.count()).toBe(0);
    expect((await context.cookies()).find((c) => c.name === "agreeCookie")?.value).toBe("true");
    await page.goto("/");
    expect(await page.locator("section.cookie-notice").count()).toBe(0);
    await context.close();
  });

  it("is accepted in place when JavaScript is on, and remembered in localStorage", async () => {
    const context = await newContext(browser, { cookieConsent: false });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.locator("section.cookie-notice button", { hasText: "Accept" }).click();
    await page.locator("section.cookie-notice").waitFor({ state: "detached" });
    expect(await page.evaluate(() => window.localStorage.getItem("agreeCookie"))).toBe("true");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "agreeCookie")?.value).toBe("true");
    expect(navigations).toEqual([]);
    await page.reload();
    expect(await page.locator("section.cookie-notice").count()).toBe(0);
    await context.close();
  });
});

describe("404 page", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`answers an unknown URL with status 404 and the not-found page (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      const response = await page.goto("/this/page/does-not-exist");
      expect(response?.status()).toBe(404);
      expect(await page.locator("h1").innerText()).toBe("Page not found");
      expect(await page.title()).toBe("Page not found | Manchester Mosaic Association");
      expect(await page.locator("nav.breadcrumbs li").allInnerTexts()).toEqual(["Home", "Page not found"]);
      expect(await page.locator("nav.breadcrumbs a").getAttribute("href")).toBe("/home");
      expect(await page.locator('nav.breadcrumbs [aria-current="page"]').innerText()).toBe("Page not found");
      await page.locator("main a", { hasText: "Back to home" }).click();
      await page.waitForURL("**/home");
      await context.close();
    });
  }
});

describe("install prompt", () => {
  it("appears only when the browser offers installation, and Cancel hides it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    expect(await page.locator("section.install-prompt").count()).toBe(0);
    await page.evaluate(() => {
      const offer = new Event("beforeinstallprompt", { cancelable: true });
      Object.assign(offer, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: "dismissed" }) });
      window.dispatchEvent(offer);
    });
    const prompt = page.locator("section.install-prompt");
    expect(await prompt.locator("h2").innerText()).toBe("Install MMA App");
    await prompt.locator("button", { hasText: "Cancel" }).click();
    await prompt.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("logout", () => {
  it("shows 'Logging out! Please wait...' and returns to the home page signed out", async () => {
    const context = await newContext(browser, { signedInAs: demoAccount("member").id });
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("nav.main-nav a", { hasText: "Logout" }).click();
    await page.locator("h1", { hasText: "Logging out! Please wait..." }).waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("nav.main-nav a", { hasText: "Login" }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "__session")).toBeUndefined();
    await context.close();
  });
});
