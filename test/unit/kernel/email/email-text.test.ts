import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { ContactMessageEmail } from "~/features/site/emails/ContactMessageEmail";
import { PasswordChangedEmail } from "~/features/sign-in/emails/PasswordChangedEmail";
import { PaymentLinkEmail } from "~/features/payments/emails/PaymentLinkEmail";
import { RenewalReminderEmail } from "~/features/membership/emails/RenewalReminderEmail";
import { ResetPasswordEmail } from "~/features/sign-in/emails/ResetPasswordEmail";
import { TicketConfirmationEmail } from "~/features/tickets/emails/TicketConfirmationEmail";
import { emailService } from "~/kernel/email/email.server";
import { memoryOutbox } from "../../../support/memory-outbox";
import { registrationFeeLines } from "~/features/payments/fees";
import { demoSettings } from "../../../../seed/demo-content";

/**
 * Every e-mail's plain-text part, as the e-mail service sends it, read on its own:
 * each label is set apart from its value, each link is there once, and nothing is
 * HTML-only help ("If the button does not work…").
 */
interface Case {
  react: ReactElement;
  /** [label, value] pairs that must read "label: value" or at least be separated. */
  labelled?: Array<[string, string]>;
  links: string[];
}

const ACCOUNT = "https://mosaic.example/mem-account";
const CASES: Record<string, Case> = {
  "ticket confirmation": {
    react: createElement(TicketConfirmationEmail, {
      title: "Christmas & New Year Celebration 2026",
      fullName: "Arun Joseph",
      attendees: [
        { band: "adult", position: 1, name: "Arun Joseph" },
        { band: "adult", position: 2, name: "Mary Joseph" },
        { band: "above13", position: 1, name: "Anna Joseph" },
        { band: "above5", position: 1, name: "Tom Joseph" },
        { band: "below5", position: 1, name: "Baby Joseph" },
        { band: "parent", position: 1, name: "Grace Joseph" },
      ],
      price: 4250,
      code: "XMAS7K2P",
      accountUrl: ACCOUNT,
    }),
    labelled: [
      ["Adult", "Arun Joseph"],
      ["Adult", "Mary Joseph"],
      ["Child above 13", "Anna Joseph"],
      ["Child above 5", "Tom Joseph"],
      ["Child below 5", "Baby Joseph"],
      ["Price", "£42.50"],
    ],
    links: [ACCOUNT],
  },
  "contact message": {
    react: createElement(ContactMessageEmail, {
      message: { name: "Ada", lastname: "Lovelace", email: "ada@example.com", subject: "School places", notes: "Hello\nthere" },
    }),
    labelled: [
      ["First name", "Ada"],
      ["Last name", "Lovelace"],
      ["E-mail", "ada@example.com"],
      ["Subject", "School places"],
      ["Message", "Hello"],
    ],
    links: [],
  },
  "payment link": {
    react: createElement(PaymentLinkEmail, {
      fullName: "Ada Lovelace",
      fees: registrationFeeLines(demoSettings(2026).membership, "Single", new Date("2026-03-02T12:00:00Z")),
      link: "https://mosaic.example/payment-reg-fee/t",
    }),
    labelled: [
      ["Registration", "£10.00"],
      ["Total", "£20.00"],
    ],
    links: ["https://mosaic.example/payment-reg-fee/t"],
  },
  "renewal reminder": {
    react: createElement(RenewalReminderEmail, { fullName: "Ada Lovelace", membership: "Family", year: 2026, fee: 2000, accountUrl: ACCOUNT }),
    links: [ACCOUNT],
  },
  "reset password": {
    react: createElement(ResetPasswordEmail, { fullName: "Ada Lovelace", link: "https://mosaic.example/reset-account-password/a/b" }),
    links: ["https://mosaic.example/reset-account-password/a/b"],
  },
  "password changed": {
    react: createElement(PasswordChangedEmail, {
      fullName: "Ada Lovelace",
      change: { by: "reset", loginUrl: "https://mosaic.example/login" },
      contactEmail: "info@example.org",
    }),
    links: ["https://mosaic.example/login"],
  },
  "own password changed": {
    react: createElement(PasswordChangedEmail, { fullName: "Ada Lovelace", change: { by: "account" }, contactEmail: "" }),
    links: [],
  },
};

async function sentText(react: ReactElement): Promise<string> {
  const { repo } = memoryOutbox();
  const email = await emailService({ outbox: repo, from: "MMA <no-reply@example.org>" }).send({
    to: ["a@example.com"],
    subject: "s",
    react,
    purpose: "test",
    memberId: null,
  });
  return email.text;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("every e-mail's plain-text part reads well on its own", () => {
  it.each(Object.entries(CASES))("%s", async (_name, { react, labelled = [], links }) => {
    const text = await sentText(react);
    for (const [label, value] of labelled) {
      expect(text, `${label} runs into ${value}`).not.toContain(`${label}${value}`);
      expect(text).toMatch(new RegExp(`^${escape(label)}: ${escape(value)}`, "m"));
    }
    for (const link of links) {
      // Once: the button's words and its address, not again under "If the button does not work".
      expect(text.split(link).length - 1, link).toBe(1);
    }
    expect(text).not.toContain("If the button does not work");
    // No word glued to the next sentence or an empty link ("at .").
    expect(text).not.toMatch(/[a-z][.:,][A-Z]|\sat \./);
    // Headings as written, not shouted in capitals.
    expect(text.split("\n")[0]).not.toBe(text.split("\n")[0]!.toUpperCase());
  });
});
