import { render, toPlainText } from "@react-email/components";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EventRecord, Member, Ticket } from "~/kernel/store/records";
import { eventFieldsFromSettings } from "~/features/tickets/event-schedule";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { DOOR_INSTRUCTION, TICKET_QR_CONTENT_ID, TicketConfirmationEmail, ticketEmailSubject } from "~/features/tickets/emails/TicketConfirmationEmail";
import { emailService, outboxHtml, OUTBOX_INLINE_IMAGE_LIMIT } from "~/kernel/email/email.server";
import { sendTicketConfirmation } from "~/features/tickets/ticket-email.server";
import { verifyTicketToken } from "~/features/tickets/ticket-token.server";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { memoryOutbox } from "../../../support/memory-outbox";

const SECRET = "unit-test-link-secret-0123456789abcdef";

const ticket: Ticket = {
  id: "65a1b2c3d4e5f60718293a4c",
  userId: "65a1b2c3d4e5f60718293a4b",
  eventId: "65a1b2c3d4e5f60718293a4d",
  title: "Christmas Party <2026>",
  email: "family.member@example.com",
  membership: "Family",
  year: 2026,
  price: 4250,
  paid: true,
  used: false,
  code: "XMAS7K2P",
  // Out of order on purpose: the e-mail sorts by group, then place.
  attendees: [
    { band: "below5", position: 1, name: "Tiny Tim", admittedAt: null },
    { band: "adult", position: 2, name: "Bob Cratchit", admittedAt: null },
    { band: "adult", position: 1, name: "Emily Cratchit", admittedAt: null },
    { band: "above13", position: 1, name: "Martha & Co", admittedAt: null },
  ],
  createdAt: 1,
};

const props = {
  title: ticket.title,
  fullName: "Emily Cratchit",
  attendees: ticket.attendees,
  price: ticket.price,
  code: ticket.code,
  accountUrl: "https://mosaic.example/mem-account",
};

describe("the ticket confirmation e-mail", () => {
  it("shows the event, the member, the party by group, the price, the QR by cid and the code under it", async () => {
    const html = await render(createElement(TicketConfirmationEmail, props));
    const text = toPlainText(html);
    expect(ticketEmailSubject(ticket.title)).toBe("Your tickets: Christmas Party <2026>");
    expect(html).toContain("<title>Your tickets: Christmas Party &lt;2026&gt;</title>");
    expect(html).toContain('<h1 style="color:#14532d;font-size:20px;margin:0 0 16px">Your tickets: Christmas Party &lt;2026&gt;</h1>');
    expect(text).toContain("Dear Emily Cratchit,");
    expect(text).toContain("£42.50");
    expect(html).toContain("Martha &amp; Co");
    // Adults first (place 1 then 2), then Child above 13, then Child below 5.
    let at = 0;
    for (const [i, needle] of ["Emily Cratchit", "Bob Cratchit", "Child above 13", "Martha &amp; Co", "Child below 5", "Tiny Tim"].entries()) {
      const found = html.indexOf(needle, at);
      expect(found, `${needle} (#${i}) after ${at}`).toBeGreaterThan(at);
      at = found;
    }
    const img = /<img[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain(`src="cid:${TICKET_QR_CONTENT_ID}"`);
    expect(img).toContain('alt="QR code for ticket XMAS-7K2P, Christmas Party &lt;2026&gt;"');
    expect(img).toMatch(/width="240"/);
    expect(img).toMatch(/height="240"/);
    // The code under the QR, in large monospace.
    const codeParagraph = /<p style="([^"]*)">XMAS-7K2P<\/p>/.exec(html)?.[1] ?? "";
    expect(codeParagraph).toContain("font-size:28px");
    expect(codeParagraph).toContain("font-family:&#x27;Courier New&#x27;, Courier, monospace");
    expect(html.indexOf("XMAS-7K2P</p>")).toBeGreaterThan(html.indexOf("cid:ticket-qr"));
    expect(text).toContain(DOOR_INSTRUCTION);
    expect(text).toContain("See it in My Tickets");
    expect(html).toContain('href="https://mosaic.example/mem-account"');
    expect(text).toContain("your booking for Christmas Party <2026> is paid.");
    expect(html).toContain("Your tickets for Christmas Party &lt;2026&gt;: ticket XMAS-7K2P, £42.50 paid.");
  });

  it("a free ticket (price 0) is confirmed, never 'paid': the price reads Free", async () => {
    const html = await render(createElement(TicketConfirmationEmail, { ...props, price: 0 }));
    const text = toPlainText(html);
    expect(text).toContain("Thank you: your booking for Christmas Party <2026> is confirmed. Your ticket is for:");
    expect(text).toContain("Price: Free");
    expect(html).toContain("Your tickets for Christmas Party &lt;2026&gt;: ticket XMAS-7K2P, free.");
    expect(html).not.toMatch(/\bpaid\b/i);
    expect(text).not.toContain("£0.00");
    expect(text).toContain(DOOR_INSTRUCTION);
  });
});

describe("outboxHtml", () => {
  const png = new Uint8Array([137, 80, 78, 71]);
  it("turns the cid: of a small inline image into a data: URL for the outbox preview, and nothing else", () => {
    const html = `<img src="cid:ticket-qr"><img src="cid:other"><p>cid:ticket-qr</p>`;
    expect(outboxHtml(html, [{ filename: "q.png", content: png, contentType: "image/png", contentId: "ticket-qr" }])).toBe(
      `<img src="data:image/png;base64,iVBORw=="><img src="cid:other"><p>cid:ticket-qr</p>`,
    );
    expect(outboxHtml(html)).toBe(html);
    const big = new Uint8Array(OUTBOX_INLINE_IMAGE_LIMIT + 1);
    expect(outboxHtml(html, [{ filename: "q.png", content: big, contentType: "image/png", contentId: "ticket-qr" }])).toBe(html);
    expect(outboxHtml(html, [{ filename: "q.pdf", content: png, contentType: "application/pdf", contentId: "ticket-qr" }])).toBe(html);
  });

  it("sendBatch sends e-mails with attachments one by one (Resend's batch API takes none)", async () => {
    const { repo } = memoryOutbox();
    const transport = vi.fn(async () => "id-1");
    const batchTransport = vi.fn(async () => ["b-1"]);
    const service = emailService({ outbox: repo, from: "MMA <no-reply@example.org>", transport, batchTransport, batchPauseMs: 0 });
    const attachments = [{ filename: "q.png", content: png, contentType: "image/png", contentId: "ticket-qr" }];
    await service.sendBatch([
      { to: ["a@example.org"], subject: "s", react: createElement("p", null, "x"), purpose: "ticket", memberId: "member-1", attachments },
    ]);
    expect(batchTransport).not.toHaveBeenCalled();
    expect(transport).toHaveBeenCalledWith(
      expect.objectContaining({ attachments: [{ filename: "q.png", content: "iVBORw==", contentType: "image/png", contentId: "ticket-qr" }] }),
    );
  });
});

/** The ticket's own event (ADR 60), with its date, time and venue. */
function ticketEvent(): EventRecord {
  const settings = defaultSiteSettings();
  settings.tickets = { ...settings.tickets, title: ticket.title, lastBookingDate: "2026-12-20" };
  settings.upcomingEvent = { ...settings.upcomingEvent, date: "2026-12-27", startTime: "18:30", venue: "Mosaic Hall & Garden" };
  return { ...eventFieldsFromSettings(settings), id: ticket.eventId!, title: ticket.title, cancelledAt: null, createdAt: 1, updatedAt: 1 };
}

/** A context with an in-memory outbox, tickets/members stores and the events. */
function contextWith(
  env: Record<string, unknown>,
  tickets: Ticket[],
  event: (id: string) => Promise<EventRecord | null> = async (id) => (id === ticket.eventId ? ticketEvent() : null),
) {
  const { repo, emails } = memoryOutbox();
  const member = { id: ticket.userId, fullName: "Emily Cratchit" } as Member;
  const context = {
    env: { LINK_SIGNING_SECRET: SECRET, MAIL_FROM: "MMA <no-reply@example.org>", ...env },
    store: {
      outbox: repo,
      tickets: { getById: async (id: string) => tickets.find((t) => t.id === id) ?? null },
      members: { getById: async (id: string) => (id === member.id ? member : null) },
      events: { get: event },
    },
  } as unknown as AppLoadContext;
  return { context, emails: () => [...emails.values()] };
}

describe("sendTicketConfirmation", () => {
  let resend: FakeResend;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend.stop());

  it("through Resend: the PNG goes inline with the contentId the HTML names, and the QR carries the ticket's signed token", async () => {
    const { context, emails } = contextWith({ RESEND_API_KEY: "re_test_key", RESEND_API_URL: resend.url }, [ticket]);
    const log = vi.fn();
    await sendTicketConfirmation(context, ticket.id, "https://mosaic.example/", log);
    expect(log).not.toHaveBeenCalled();
    const body = resend.requests.at(-1)!.body;
    expect(body).toMatchObject({ to: [ticket.email], subject: "Your tickets: Christmas Party <2026>" });
    expect(body.attachments).toHaveLength(1);
    const [attachment] = body.attachments!;
    expect(attachment).toMatchObject({ filename: "ticket-XMAS-7K2P.png", content_type: "image/png", content_id: TICKET_QR_CONTENT_ID });
    expect(body.html).toContain(`src="cid:${attachment!.content_id}"`);
    const png = Buffer.from(attachment!.content!, "base64");
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(body.html).toContain('href="https://mosaic.example/mem-account"');
    // When and where (docs/requirements.md §5.1): the ticket's own event's.
    expect(toPlainText(body.html!)).toContain("When: Sunday 27 December 2026, 6:30pm");
    expect(toPlainText(body.html!)).toContain("Where: Mosaic Hall & Garden");
    // The outbox keeps the QR as a data: URL for its preview, and the result of the send.
    const [stored] = emails();
    expect(stored).toMatchObject({ purpose: "ticket", status: "sent", to: [ticket.email] });
    expect(stored!.html).toContain(`src="data:image/png;base64,${attachment!.content}"`);
    expect(stored!.html).not.toContain("cid:");
    // The token the QR would carry verifies to this ticket (same signer as My Tickets).
    const { ticketToken } = await import("~/features/tickets/ticket-token.server");
    expect(await verifyTicketToken({ LINK_SIGNING_SECRET: SECRET }, await ticketToken({ LINK_SIGNING_SECRET: SECRET }, ticket))).toBe(ticket.id);
  });

  it("leaves out when and where for a ticket of no event, and sends without them when its event cannot be read", async () => {
    const other = { ...ticket, id: "other", eventId: null, title: "Summer Picnic" };
    const { context, emails } = contextWith({}, [other]);
    await sendTicketConfirmation(context, other.id, "https://mosaic.example", () => {});
    expect(emails()).toHaveLength(1);
    expect(emails()[0]!.text).toContain("Price: £42.50");
    expect(emails()[0]!.text).not.toContain("When:");
    expect(emails()[0]!.text).not.toContain("Where:");

    const down = contextWith({}, [ticket], async () => {
      throw new Error("D1 is down");
    });
    const log = vi.fn();
    await sendTicketConfirmation(down.context, ticket.id, "https://mosaic.example", log);
    expect(down.emails()).toMatchObject([{ purpose: "ticket", status: "stored" }]);
    expect(down.emails()[0]!.text).not.toContain("When:");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("sent without them"), expect.any(Error));
  });

  it("a refused send is recorded as failed and does not throw", async () => {
    const { context, emails } = contextWith({ RESEND_API_KEY: "re_test_key", RESEND_API_URL: resend.url }, [ticket]);
    resend.failWith({ status: 422, name: "validation_error", message: "The to address is not allowed." });
    try {
      await expect(sendTicketConfirmation(context, ticket.id, "https://mosaic.example", () => {})).resolves.toBeUndefined();
    } finally {
      resend.failWith(null);
    }
    expect(emails()).toMatchObject([{ purpose: "ticket", status: "failed", error: expect.stringContaining("The to address is not allowed.") }]);
  });

  it("a failure before sending (the store) is logged and recorded as failed; an unknown or unpaid ticket sends nothing", async () => {
    const { context, emails } = contextWith({}, [ticket, { ...ticket, id: "unpaid", paid: false }]);
    (context.store.members as unknown as { getById: () => Promise<never> }).getById = async () => {
      throw new Error("D1 is down");
    };
    const log = vi.fn();
    await expect(sendTicketConfirmation(context, ticket.id, "https://mosaic.example", log)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining(ticket.id), expect.any(Error));
    expect(emails()).toMatchObject([{ purpose: "ticket", status: "failed", error: "D1 is down", to: [ticket.email] }]);

    await sendTicketConfirmation(context, "nope", "https://mosaic.example", log);
    await sendTicketConfirmation(context, "unpaid", "https://mosaic.example", log);
    expect(emails()).toHaveLength(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("no ticket nope"));
    expect(log).toHaveBeenCalledWith(expect.stringContaining("unpaid is not paid"));
  });

  it("without a provider: the outbox keeps it, status stored", async () => {
    const { context, emails } = contextWith({}, [ticket]);
    await sendTicketConfirmation(context, ticket.id, "https://mosaic.example", () => {});
    expect(emails()).toMatchObject([{ purpose: "ticket", status: "stored", subject: "Your tickets: Christmas Party <2026>" }]);
    expect(emails()[0]!.text).toContain("XMAS-7K2P");
  });
});
