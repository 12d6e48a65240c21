import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, DESKTOP, fitsScreen, hydrated, launchBrowser, newContext, PHONE } from "../../../support/browser";
import { uniqueEmail } from "../../../support/contact";
import { outboxTo } from "../../../support/password-reset";
import { demoAccount } from "../../../support/session";

/**
 * The contact inbox end to end (docs/requirements.md §6.13): a visitor writes through /contact; the
 * treasurer sees it bold at /accounts/messages, opens it, replies (the reply is in the
 * outbox, to the visitor) and marks it handled with a note. JavaScript on and off.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the contact inbox in a browser", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`a visitor's message is read, answered and handled (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const email = uniqueEmail(`inbox-e2e-${javaScriptEnabled ? "js" : "nojs"}`);
      const subject = `Hall on Saturday ${email.split("@")[0]}`;

      const visitor = await newContext(browser, {
        ...DESKTOP,
        javaScriptEnabled,
        extraHTTPHeaders: { "CF-Connecting-IP": `198.18.10.${javaScriptEnabled ? 1 : 2}` },
      });
      const contact = await visitor.newPage();
      await contact.goto("/contact");
      if (javaScriptEnabled) await hydrated(contact);
      await contact.getByLabel("First name").fill("Grace");
      await contact.getByLabel("Last name").fill("Hopper");
      await contact.getByLabel("Email").fill(email);
      await contact.getByLabel("Subject").fill(subject);
      await contact.getByLabel("Message").fill("Is the hall free on Saturday?");
      await contact.getByRole("button", { name: "Send message" }).click();
      await contact.getByText("Thank you for contacting us.", { exact: false }).waitFor();
      await visitor.close();

      const context = await newContext(browser, { ...DESKTOP, javaScriptEnabled, signedInAs: demoAccount("treasurer").id });
      const page = await context.newPage();
      await page.goto("/accounts/messages");
      if (javaScriptEnabled) await hydrated(page);
      const row = page.locator("tbody tr", { hasText: subject });
      expect(await row.locator("strong").count()).toBeGreaterThan(0);
      expect(await row.evaluate((tr) => getComputedStyle(tr.querySelector("td, th")!.firstElementChild!).fontWeight)).toBe("700");
      // At least this message is unread: the back-office menu counts it.
      expect(
        await page
          .getByRole("navigation", { name: "Back office" })
          .getByRole("link", { name: /^Messages/ })
          .innerText(),
      ).toMatch(/^Messages \([1-9]\d*\)$/);

      await row.getByRole("link", { name: "Grace Hopper" }).click();
      await page.waitForURL(/\/accounts\/messages\/[^/]+$/);
      await page.locator("h1", { hasText: subject }).waitFor();
      const messageUrl = page.url();
      expect(await page.locator(".inbox-message-body").innerText()).toBe("Is the hall free on Saturday?");
      expect(await page.getByLabel("Subject").inputValue()).toBe(`Re: ${subject}`);

      await page.getByLabel("Your reply").fill("Yes, from 10am. See you then.");
      await page.getByRole("button", { name: "Send reply" }).click();
      await page.locator(".inbox-replied").waitFor();
      const [sent] = await outboxTo(baseURL(), email, `Re: ${subject}`);
      expect(sent?.text).toContain("Yes, from 10am. See you then.");

      await page.getByLabel("Note").fill("Booked in the hall diary.");
      await page.getByRole("button", { name: "Mark as handled" }).click();
      await page.locator(".inbox-handled").waitFor();
      expect(await page.locator(".inbox-handled").innerText()).toContain("Booked in the hall diary.");
      expect(page.url()).toBe(messageUrl);

      await page.goto("/accounts/messages");
      await page.locator("h1", { hasText: "Messages" }).waitFor();
      const after = page.locator("tbody tr", { hasText: subject });
      expect(await after.locator("strong").count()).toBe(0);
      expect(await after.innerText()).toContain("Replied, Handled");
      await context.close();
    });
  }

  it("at 360 px the list and a message fit the screen (the table scrolls in its own region)", async () => {
    const context = await newContext(browser, { ...PHONE, signedInAs: demoAccount("treasurer").id });
    const page = await context.newPage();
    await page.goto("/accounts/messages");
    await hydrated(page);
    const fits = () => fitsScreen(page);
    expect(await fits()).toBe(true);
    // The tests above left messages in the inbox.
    await page.locator("tbody tr a").first().click();
    await page.waitForURL(/\/accounts\/messages\/[^/]+$/);
    await page.getByRole("button", { name: "Send reply" }).waitFor();
    expect(await fits()).toBe(true);
    await context.close();
  });
});
