import { readFileSync } from "node:fs";
import { render } from "@react-email/components";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { MailingEmail, MAILING_PHOTO_WIDTH } from "~/features/mailings/emails/MailingEmail";
import {
  absoluteLinks,
  batchIdempotencyKey,
  escapeHtml,
  FIRST_NAME_STAND_IN,
  mailingPhoto,
  personalise,
  UNSUBSCRIBE_STAND_IN,
} from "~/features/mailings/sending/copy";
import { isLastTry, MAX_QUEUE_RETRIES, readMailingMessage, retryDelaySeconds } from "~/features/mailings/sending/queue";
import { emailPlainText } from "~/kernel/email/plain-text";
import { parseHtml } from "../../../support/html";

/** A mailing's copies (docs/requirements.md §13, ADR 73): rendered once a batch, personalised per member. */

const SITE = "https://www.example.org.uk";
const props = {
  kind: "notice" as const,
  subject: "AGM",
  preview: "The AGM is on 3 March",
  bodyHtml: '<p>Come to the <a href="https://www.example.org.uk/events">AGM</a>.</p>',
  photo: null,
  button: { label: "See the agenda", url: `${SITE}/agm` },
  siteUrl: SITE,
};

async function renderWith(firstName: string, unsubscribeUrl: string) {
  const html = await render(createElement(MailingEmail, { ...props, firstName, unsubscribeUrl }));
  return { html, text: emailPlainText(html) };
}

describe("personalise", () => {
  it("gives the same copy as rendering the template with the member's own values, names with markup included", async () => {
    const template = await renderWith(FIRST_NAME_STAND_IN, UNSUBSCRIBE_STAND_IN);
    for (const name of ["Sarah", "O'Brien & <Co>"]) {
      const url = `${SITE}/unsubscribe/abc.def-123`;
      const copy = personalise(template, name, url, { "List-Unsubscribe": `<${url}>` });
      const direct = await renderWith(name, url);
      expect(copy.html).toBe(direct.html);
      expect(copy.text).toBe(direct.text);
      expect(copy.headers).toEqual({ "List-Unsubscribe": `<${url}>` });
    }
  });

  it("greets 'Dear member' when there is no first name, and shows the unsubscribe link and why the member got it", async () => {
    const template = await renderWith(FIRST_NAME_STAND_IN, UNSUBSCRIBE_STAND_IN);
    const copy = personalise(template, "  ", `${SITE}/unsubscribe/t1`, {});
    const page = parseHtml(copy.html);
    expect(page.text("body")).toContain("Dear member,");
    expect(page.all("a").map((a) => a.attribs.href)).toContain(`${SITE}/unsubscribe/t1`);
    expect(page.text("body")).toContain("because you are a member");
    expect(copy.html).not.toContain(FIRST_NAME_STAND_IN);
    expect(copy.text).not.toContain(UNSUBSCRIBE_STAND_IN);
  });

  it("escapes as React does", () => {
    expect(escapeHtml(`<a href="x">O'B & co</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;O&#x27;B &amp; co&lt;/a&gt;");
  });
});

describe("links and photos", () => {
  it("makes the body's site-relative links and images absolute, leaving others alone", () => {
    expect(absoluteLinks('<a href="/events">x</a><img src="/media/photos/a/700.jpg"><a href="https://x.org/">y</a><a href="//evil">z</a>', SITE)).toBe(
      `<a href="${SITE}/events">x</a><img src="${SITE}/media/photos/a/700.jpg"><a href="https://x.org/">y</a><a href="//evil">z</a>`,
    );
  });

  it("links the photo's JPEG rendition at e-mail width, never the original; a photo without renditions is left out", () => {
    const photo = { path: "/media/photos/abc/original.jpg", width: 2000, height: 1000, alt: "The hall", renditions: [350, 700, 1100, 1600] };
    const shown = mailingPhoto(photo, SITE, MAILING_PHOTO_WIDTH);
    expect(shown).toEqual({ src: `${SITE}/media/photos/abc/700.jpg`, alt: "The hall", height: MAILING_PHOTO_WIDTH / 2 });
    expect(mailingPhoto({ ...photo, renditions: [] }, SITE, MAILING_PHOTO_WIDTH)).toBeNull();
    expect(mailingPhoto(null, SITE, MAILING_PHOTO_WIDTH)).toBeNull();
  });
});

describe("the queue's messages", () => {
  it("names each batch's idempotency key by mailing, round and batch", () => {
    expect(batchIdempotencyKey("m1", 2, 3)).toBe("mailing/m1/round/2/batch/3");
  });

  it("reads only the messages the site writes", () => {
    expect(readMailingMessage({ mailingId: "abc123", round: 1, batch: 2 })).toEqual({ mailingId: "abc123", round: 1, batch: 2 });
    expect(readMailingMessage({ mailingId: "abc/../x", round: 1, batch: 2 })).toBeNull();
    expect(readMailingMessage({ mailingId: "abc", round: 0, batch: 2 })).toBeNull();
    expect(readMailingMessage("hello")).toBeNull();
  });

  it("waits a minute before a retry, doubling, at most 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 900, 900]);
    expect(retryDelaySeconds(0)).toBe(60);
  });

  it("knows the last try from wrangler.toml's max_retries, in both environments", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    // Production's consumer, then development's: each with the same retries and dead-letter queue.
    const consumers = toml.split(/^\[\[(?:env\.development\.)?queues\.consumers\]\]$/m).slice(1);
    expect(consumers).toHaveLength(2);
    for (const consumer of consumers) {
      expect(consumer).toMatch(new RegExp(`^max_retries = ${MAX_QUEUE_RETRIES}$`, "m"));
      expect(consumer).toMatch(/^dead_letter_queue = "mma-community-mailings-dlq"$/m);
      // A retry the consumer did not time itself (the whole invocation failed) waits a minute too.
      expect(consumer).toMatch(/^retry_delay = 60$/m);
    }
    expect(isLastTry(MAX_QUEUE_RETRIES)).toBe(false);
    expect(isLastTry(MAX_QUEUE_RETRIES + 1)).toBe(true);
  });
});
