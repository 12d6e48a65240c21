import { describe, expect, it } from "vitest";
import { checkRequestBody, isCrossSiteMutation, isOneClickUnsubscribe, isUnsupportedMediaType } from "~/kernel/http/request-guard.server";
import { newsletterBoxTicked, newsletterChoiceLabel } from "~/features/mailings/consent/consent";
import { mailData, NO_MAIL_DATA } from "~/features/mailings/consent/mail-data";
import { listUnsubscribeHeaders, readUnsubscribeSubject, unsubscribeSubject } from "~/features/mailings/unsubscribe/unsubscribe";
import { readUnsubscribeToken, unsubscribeToken } from "~/features/mailings/unsubscribe/unsubscribe-token.server";
import { svixSignature, verifySvix } from "~/features/mailings/webhook/svix.server";
import { handleResendEvent, isPermanentBounce } from "~/features/mailings/webhook/resend-events.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { MailPreferences } from "~/kernel/store/records";
import { activityEntry } from "~/kernel/activity/activity";

/** Member mailings' consent, one-click unsubscribe and Resend webhook rules (docs/requirements.md §13). */

const prefs = (patch: Partial<MailPreferences>): MailPreferences => ({
  memberId: "m1",
  newsletters: null,
  newslettersSource: null,
  newslettersAt: null,
  notices: "yes",
  noticesAt: null,
  ...patch,
});

describe("newsletter choice as words", () => {
  it("says not asked, yes since or no since (UK date), and ticks the box only for yes", () => {
    expect(newsletterChoiceLabel(null)).toBe("Not asked");
    expect(newsletterChoiceLabel(prefs({}))).toBe("Not asked");
    // 2026-03-05 12:00 UTC
    expect(newsletterChoiceLabel(prefs({ newsletters: "yes", newslettersAt: 1_772_712_000 }))).toBe("Yes, since 05-03-2026");
    expect(newsletterChoiceLabel(prefs({ newsletters: "no", newslettersAt: 1_772_712_000 }))).toBe("No, since 05-03-2026");
    expect(newsletterBoxTicked(null)).toBe(false);
    expect(newsletterBoxTicked(prefs({ newsletters: "no" }))).toBe(false);
    expect(newsletterBoxTicked(prefs({ newsletters: "yes" }))).toBe(true);
  });
});

describe("the unsubscribe token and headers", () => {
  const claim = { memberId: "0123456789abcdef01234567", kind: "newsletter" as const, mailingId: "fedcba9876543210fedcba98" };
  it("carries kind, member and mailing, and reads back only what we made", () => {
    expect(readUnsubscribeSubject(unsubscribeSubject(claim))).toEqual(claim);
    expect(readUnsubscribeSubject("other:a:b")).toBeNull();
    expect(readUnsubscribeSubject("notice:a")).toBeNull();
    expect(readUnsubscribeSubject("notice:a:b:c")).toBeNull();
  });
  it("is refused when forged, signed with another secret, or expired", async () => {
    const secret = "a-secret-of-at-least-thirty-two-characters";
    const token = await unsubscribeToken(secret, claim, new Date("2026-01-01T00:00:00Z"));
    expect(await readUnsubscribeToken(secret, token, new Date("2027-01-01T00:00:00Z"))).toEqual(claim);
    expect(await readUnsubscribeToken("another-secret-of-thirty-two-characters!", token)).toBeNull();
    expect(
      await readUnsubscribeToken(
        secret,
        token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBeNull();
    expect(await readUnsubscribeToken(secret, token, new Date("2032-01-01T00:00:00Z"))).toBeNull();
    expect(await readUnsubscribeToken(secret, undefined)).toBeNull();
  });
  it("gives both RFC 8058 headers", () => {
    expect(listUnsubscribeHeaders("https://mma.example/unsubscribe/t")).toEqual({
      "List-Unsubscribe": "<https://mma.example/unsubscribe/t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("the request guard lets exactly the one-click path through", () => {
  const post = (path: string, headers: Record<string, string> = {}) =>
    new Request(`https://mma.example${path}`, {
      method: "POST",
      headers: { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site", ...headers },
      body: "List-Unsubscribe=One-Click",
    });
  it("a cross-site post to /unsubscribe/TOKEN only", () => {
    expect(isCrossSiteMutation(post("/unsubscribe/abc.def.ghi"))).toBe(false);
    expect(isOneClickUnsubscribe(post("/unsubscribe/abc"))).toBe(true);
    for (const path of ["/unsubscribe", "/unsubscribe/", "/unsubscribe/a/b", "/amend-account", "/xunsubscribe/a"]) {
      expect(isCrossSiteMutation(post(path)), path).toBe(true);
    }
  });
  it("hands the route the one-click post without its foreign Origin (Remix would refuse it)", async () => {
    const checked = await checkRequestBody(post("/unsubscribe/abc", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(checked.ok && checked.request.headers.get("Origin")).toBeNull();
    const other = await checkRequestBody(post("/contact", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(other.ok && other.request.headers.get("Origin")).toBe("https://mail.example");
  });
  it("Resend's webhook takes its JSON body", () => {
    const json = (path: string) => new Request(`https://mma.example${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(isUnsupportedMediaType(json("/webhooks/resend"))).toBe(false);
    expect(isUnsupportedMediaType(json("/contact"))).toBe(true);
  });
});

describe("Svix signatures", () => {
  const secret = `whsec_${btoa("sixteen or more bytes of key")}`;
  const at = new Date("2026-11-28T12:00:00Z");
  const ts = String(Math.floor(at.getTime() / 1000));
  const headers = async (body: string, patch: Record<string, string> = {}) =>
    new Headers({ "svix-id": "msg_1", "svix-timestamp": ts, "svix-signature": `v1,${await svixSignature(secret, "msg_1", ts, body)}`, ...patch });
  it("accepts the signature of the exact body, also among several (a rotated secret)", async () => {
    expect(await verifySvix(secret, await headers("{}"), "{}", at)).toEqual({ ok: true, id: "msg_1" });
    const good = (await headers("{}")).get("svix-signature")!;
    expect(await verifySvix(secret, await headers("{}", { "svix-signature": `v1,bm9wZQ== ${good}` }), "{}", at)).toEqual({ ok: true, id: "msg_1" });
  });
  it("refuses another body, another id, a stale or future timestamp, missing headers, and no secret", async () => {
    expect(await verifySvix(secret, await headers("{}"), '{"a":1}', at)).toEqual({ ok: false, reason: "signature" });
    expect(await verifySvix(secret, await headers("{}", { "svix-id": "msg_2" }), "{}", at)).toEqual({ ok: false, reason: "signature" });
    expect(await verifySvix(secret, await headers("{}"), "{}", new Date(at.getTime() + 301_000))).toEqual({ ok: false, reason: "stale" });
    expect(await verifySvix(secret, await headers("{}"), "{}", new Date(at.getTime() - 301_000))).toEqual({ ok: false, reason: "stale" });
    expect(await verifySvix(secret, new Headers(), "{}", at)).toEqual({ ok: false, reason: "missing" });
    expect(await verifySvix(undefined, await headers("{}"), "{}", at)).toEqual({ ok: false, reason: "not-configured" });
  });
});

describe("the mail part of Download my data", () => {
  it("names mailings by subject and leaves out the provider's ids and errors", () => {
    const data = mailData({
      preferences: prefs({ newsletters: "no", newslettersSource: "unsubscribe", newslettersAt: 10 }),
      changes: [{ id: "c1", memberId: "m1", topic: "newsletters", given: false, source: "unsubscribe", mailingId: "x", at: 10 }],
      deliveries: [
        { mailingId: "x", memberId: "m1", email: "a@b.c", firstName: "A", status: "sent", round: 1, batch: 0, providerId: "re_1", error: null, updatedAt: 9 },
      ],
      badAddresses: [],
      subjects: new Map([["x", "AGM notice"]]),
    });
    expect(data.preferenceChanges).toEqual([{ topic: "newsletters", given: false, source: "unsubscribe", mailing: "AGM notice", at: 10 }]);
    expect(data.deliveries).toEqual([{ mailing: "AGM notice", status: "sent", at: 9 }]);
    expect(JSON.stringify(data)).not.toContain("re_1");
    expect(NO_MAIL_DATA.preferences.newsletters).toBe("not asked");
  });
});

describe("an accountant's newsletter change in the activity log", () => {
  it("names the member, is about them, and keeps what the choice was and became", () => {
    const entry = activityEntry(
      { id: "a1", fullName: "Deepa Menon" },
      { kind: "newsletter-consent", member: { id: "m1", fullName: "Arun Joseph", memberNumber: 2 }, before: "not asked", after: "yes" },
      new Date("2026-11-28T12:00:00Z"),
    );
    expect(entry).toMatchObject({ kind: "newsletter-consent", memberId: "m1", subjectId: "m1", before: "not asked", after: "yes" });
    expect(entry.summary).toMatch(/^Deepa Menon recorded that member .*Arun Joseph.* wants the newsletters\.$/);
  });
});

describe("a webhook delivery whose change fails", () => {
  /** A store that finds one mailing copy by Resend's id and fails the first write to it. */
  function fakeContext() {
    let failNext = true;
    const marked: string[] = [];
    const store = {
      mailingDeliveries: {
        findByProviderId: async () => ({ mailingId: "ml1", memberId: "m1", email: "a@example.org" }),
        markResults: async () => {
          if (failNext) {
            failNext = false;
            throw new Error("D1 is briefly unavailable");
          }
        },
      },
      outbox: { findByProviderId: async () => null },
      badAddresses: { mark: async (bad: { email: string }) => void marked.push(bad.email) },
      mailPreferences: { setNewsletters: async () => undefined },
    };
    return { context: { store } as unknown as AppLoadContext, marked };
  }

  it("leaves no receipt, so Svix's redelivery makes the change (not 'replayed'); a later replay changes nothing (docs/requirements.md §13)", async () => {
    const { context, marked } = fakeContext();
    const receipts = new Set<string>();
    const receipt = { seen: async () => receipts.has("msg_1"), record: async () => receipts.add("msg_1") };
    const event = { type: "email.bounced", data: { email_id: "re_1" } };
    await expect(handleResendEvent(context, event, 100, receipt)).rejects.toThrow();
    expect(receipts.size).toBe(0);
    expect(await handleResendEvent(context, event, 101, receipt)).toBe("bounced");
    expect(marked).toEqual(["a@example.org"]);
    expect(receipts.has("msg_1")).toBe(true);
    expect(await handleResendEvent(context, event, 102, receipt)).toBe("replayed");
    expect(marked).toHaveLength(1);
  });

  it("takes a bounce as permanent when Resend says Permanent or says nothing, not when Transient or Undetermined", () => {
    expect(isPermanentBounce({ type: "email.bounced", data: { bounce: { type: "Permanent" } } })).toBe(true);
    expect(isPermanentBounce({ type: "email.bounced", data: {} })).toBe(true);
    expect(isPermanentBounce({ type: "email.bounced", data: { bounce: { type: "Transient" } } })).toBe(false);
    expect(isPermanentBounce({ type: "email.bounced", data: { bounce: { type: "Undetermined" } } })).toBe(false);
  });
});
