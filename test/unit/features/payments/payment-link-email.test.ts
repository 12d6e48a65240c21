import { render, toPlainText } from "@react-email/components";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationFeeLines } from "~/features/payments/fees";
import { formatPence } from "~/kernel/values/money";
import { ALREADY_PAID_MESSAGE, DELETED_MEMBER_MESSAGE, PAYMENT_LINK_SUBJECT } from "~/features/payments/payment-link";
import type { EmailStatus, Member, NewOutboxEmail, OutboxEmail } from "~/kernel/store/records";
import { PaymentLinkEmail } from "~/features/payments/emails/PaymentLinkEmail";
import { sendPaymentLink, verifyPaymentLinkToken } from "~/features/payments/payment-link.server";
import { demoSettings } from "../../../../seed/demo-content";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";

const fees = demoSettings(2026).membership;
const LINK = "https://mosaic.example/payment-reg-fee/abc_DEF-123.xyz.sig";

/** Mid-March and mid-November: before and after the demo's freeSubscriptionAfterMonth (9). */
const SPRING = new Date("2026-03-15T12:00:00Z");
const NOVEMBER = new Date("2026-11-15T12:00:00Z");

async function renderEmail(membership: Member["membership"], on: Date = SPRING) {
  const html = await render(createElement(PaymentLinkEmail, { fullName: "Ada Lovelace", link: LINK, fees: registrationFeeLines(fees, membership, on) }));
  return { html, text: toPlainText(html) };
}

describe("the payment link e-mail", () => {
  it("Single: greets the applicant, says approved, £10.00 registration plus £10.00 subscription within 14 days", async () => {
    const { html, text } = await renderEmail("Single");
    expect(text).toContain("Dear Ada Lovelace,");
    expect(text).toMatch(/application for Single membership .* is approved/);
    expect(text).toContain("registration fee of £10.00 plus the first-year subscription of £10.00 (£20.00 in all)");
    expect(text).toContain("within 14 days");
    expect(text).toContain("or the application is cancelled");
    expect(text).not.toContain("£40.00");
    expect(html).toContain(`href="${LINK}"`);
    expect(text).toContain(LINK);
  });

  it("Family: £20.00 registration plus £20.00 subscription", async () => {
    const { text } = await renderEmail("Family");
    expect(text).toContain("registration fee of £20.00 plus the first-year subscription of £20.00 (£40.00 in all)");
    expect(text).toContain("within 14 days");
  });

  it("lists the fee lines as the payment page does, one line each in the plain text", async () => {
    const { text } = await renderEmail("Single");
    expect(text).toMatch(/Registration: £10\.00\n+1 Year subscription: £10\.00\n+Total: £20\.00/);
  });

  it("after freeSubscriptionAfterMonth: asks for the registration fee only, as the checkout charges (Single £10.00, Family £20.00)", async () => {
    for (const [membership, amount] of [
      ["Single", "£10.00"],
      ["Family", "£20.00"],
    ] as const) {
      const { html, text } = await renderEmail(membership, NOVEMBER);
      expect(text).toContain(`please pay the registration fee of ${amount} within 14 days`);
      expect(text).toContain("or the application is cancelled");
      expect(text).toContain("first-year subscription is free");
      expect(text).not.toContain("plus the first-year subscription");
      expect(text).not.toContain("in all");
      expect(text).toMatch(new RegExp(`Registration: ${amount}\\n+1 Year subscription: £0\\.00\\n+Total: ${amount}`));
      expect(html).toContain(`please pay ${amount} within 14 days`);
    }
  });
});

/** A context with an in-memory outbox, the demo settings and the given Resend settings. */
function contextWith(env: Record<string, unknown>) {
  const emails: OutboxEmail[] = [];
  const outbox = {
    async add(email: NewOutboxEmail, status: EmailStatus, provider: string) {
      const record: OutboxEmail = { ...email, id: `e${emails.length + 1}`, status, provider, providerId: null, error: null, createdAt: 1, updatedAt: 1 };
      emails.push(record);
      return record;
    },
    async markResult(id: string, result: { status: EmailStatus; providerId?: string | null; error?: string | null }) {
      const email = emails.find((e) => e.id === id)!;
      Object.assign(email, { status: result.status, providerId: result.providerId ?? null, error: result.error ?? null });
    },
  };
  const context = {
    env: { LINK_SIGNING_SECRET: "unit-test-link-secret-0123456789abcdef", MAIL_FROM: "MMA <no-reply@example.org>", ...env },
    // The fees come from the store, read fresh (ADR 37), never from the visitors' content cache.
    store: { outbox, content: { getSiteSettings: async () => demoSettings(2026) } },
  } as unknown as AppLoadContext;
  return { context, emails };
}

const applicant = {
  id: "65a1b2c3d4e5f60718293a4b",
  email: "new.applicant@example.com",
  fullName: "New Applicant",
  membership: "Family" as const,
  registrationPaid: false,
  deleted: false,
};

describe("sendPaymentLink", () => {
  let resend: FakeResend;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend.stop());

  it("refuses a member who has paid or is deleted, and sends nothing", async () => {
    const { context, emails } = contextWith({});
    expect(await sendPaymentLink(context, { ...applicant, registrationPaid: true }, "https://mosaic.example")).toEqual({
      ok: false,
      error: ALREADY_PAID_MESSAGE,
    });
    expect(await sendPaymentLink(context, { ...applicant, deleted: true }, "https://mosaic.example")).toEqual({ ok: false, error: DELETED_MEMBER_MESSAGE });
    expect(emails).toHaveLength(0);
  });

  it("without a provider: keeps the e-mail in the outbox with a link that verifies to the member", async () => {
    const { context, emails } = contextWith({});
    const result = await sendPaymentLink(context, applicant, "https://mosaic.example");
    expect(result).toMatchObject({ ok: true, delivered: "stored" });
    const link = new URL(result.link!);
    expect(link.origin).toBe("https://mosaic.example");
    const [, route, token] = link.pathname.split("/");
    expect(route).toBe("payment-reg-fee");
    expect(await verifyPaymentLinkToken(context.env, token!)).toBe(applicant.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: [applicant.email], subject: PAYMENT_LINK_SUBJECT, purpose: "payment-link", status: "stored" });
    expect(emails[0]!.text).toContain(result.link);
    // Sent today: the Family lines of today (the month decides whether the subscription is free).
    const today = registrationFeeLines(fees, "Family", new Date());
    expect(emails[0]!.text).toContain(`Total: ${formatPence(today.total)}`);
  });

  it("through Resend (RESEND_API_URL): sent with the provider's id; a refusal gives the provider's message and still the link", async () => {
    const { context, emails } = contextWith({ RESEND_API_KEY: "re_test_key", RESEND_API_URL: resend.url });
    const sent = await sendPaymentLink(context, applicant, "https://mosaic.example");
    expect(sent).toMatchObject({ ok: true, delivered: "sent" });
    expect(resend.requests.at(-1)).toMatchObject({ authorization: "Bearer re_test_key", body: { subject: PAYMENT_LINK_SUBJECT, to: [applicant.email] } });
    expect(emails[0]).toMatchObject({ status: "sent", providerId: expect.stringMatching(/^fake-resend-/) });

    resend.failWith({ status: 422, name: "validation_error", message: "The to address is not allowed." });
    try {
      const failed = await sendPaymentLink(context, applicant, "https://mosaic.example");
      expect(failed.ok).toBe(false);
      if (failed.ok) return;
      expect(failed.error).toContain("The to address is not allowed.");
      expect(failed.link).toMatch(/^https:\/\/mosaic\.example\/payment-reg-fee\//);
      expect(emails[1]).toMatchObject({ status: "failed", error: failed.error });
    } finally {
      resend.failWith(null);
    }
  });
});
