import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactMessageEmail, contactEmailSubject } from "~/features/site/emails/ContactMessageEmail";
import { attachmentsFromOutboxHtml, emailService, outboxHtml, resendTransport } from "~/kernel/email/email.server";
import { memoryOutbox } from "../../../support/memory-outbox";

const message = {
  name: "Ada <b>",
  lastname: "Lovelace & Co",
  email: "ada@example.com",
  subject: "<script>alert(1)</script>",
  notes: "First line\nSecond <i>line</i>",
};
const contactEmail = () => ({
  to: ["info@example.org"],
  replyTo: "ada@example.com",
  subject: contactEmailSubject(message.subject),
  react: createElement(ContactMessageEmail, { message }),
  purpose: "contact",
  memberId: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the contact e-mail template", () => {
  it("prefixes the subject with the association's contact form", () => {
    expect(contactEmailSubject("School places")).toBe("MMA Contact Form: School places");
  });

  it("lists the five fields, escapes them and keeps the message's line breaks", async () => {
    const { repo } = memoryOutbox();
    const email = await emailService({ outbox: repo, from: "MMA <no-reply@example.org>" }).send(contactEmail());
    for (const label of ["First name", "Last name", "E-mail", "Subject", "Message"]) expect(email.html).toContain(label);
    expect(email.html).toContain("Ada &lt;b&gt;");
    expect(email.html).toContain("Lovelace &amp; Co");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).not.toMatch(/<script|<i>|<b>/);
    expect(email.html).toMatch(/First line<br\s*\/?>Second &lt;i&gt;line&lt;\/i&gt;/);
    expect(email.text).toContain("ada@example.com");
    expect(email.text).toMatch(/First line\nSecond <i>line<\/i>/);
  });
});

describe("the e-mail service", () => {
  it("keeps the e-mail in the outbox, status stored, when there is no Resend key", async () => {
    const { repo, emails } = memoryOutbox();
    const sent = await emailService({ outbox: repo, from: "MMA <no-reply@example.org>" }).send(contactEmail());
    expect(sent).toMatchObject({ status: "stored", provider: "outbox", to: ["info@example.org"], purpose: "contact" });
    expect([...emails.values()].map((e) => e.status)).toEqual(["stored"]);
  });

  it("queues, sends through the transport and records the provider's id", async () => {
    const { repo, emails } = memoryOutbox();
    const transport = vi.fn(async () => "resend-id-1");
    const sent = await emailService({ outbox: repo, from: "MMA <no-reply@example.org>", transport }).send(contactEmail());
    expect(transport).toHaveBeenCalledWith(
      expect.objectContaining({
        from: "MMA <no-reply@example.org>",
        to: ["info@example.org"],
        replyTo: "ada@example.com",
        subject: "MMA Contact Form: <script>alert(1)</script>",
      }),
    );
    expect(sent).toMatchObject({ status: "sent", provider: "resend", providerId: "resend-id-1" });
    expect(emails.get(sent.id)).toMatchObject({ status: "sent", providerId: "resend-id-1" });
  });

  it("marks a failed send, logs it and does not throw", async () => {
    const { repo, emails } = memoryOutbox();
    const log = vi.fn();
    const transport = async () => {
      throw new Error("validation_error: domain not verified");
    };
    const sent = await emailService({ outbox: repo, from: "x@example.org", transport, log }).send(contactEmail());
    expect(sent.status).toBe("failed");
    expect(emails.get(sent.id)).toMatchObject({ status: "failed", error: "validation_error: domain not verified" });
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("the Resend transport", () => {
  it("posts the rendered e-mail to Resend's API with the key and returns its id", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ id: "re_123" }));
    vi.stubGlobal("fetch", fetch);
    const id = await resendTransport("re_secret", { baseUrl: "https://resend.test" })({
      from: "MMA <no-reply@example.org>",
      to: ["info@example.org"],
      replyTo: "ada@example.com",
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(id).toBe("re_123");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("https://resend.test/emails");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer re_secret");
    expect(JSON.parse(String(init.body))).toMatchObject({
      from: "MMA <no-reply@example.org>",
      to: ["info@example.org"],
      reply_to: "ada@example.com",
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
    });
  });

  it("turns Resend's error answer into a rejection", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ name: "validation_error", message: "The from domain is not verified" }, { status: 403 }));
    const send = resendTransport("re_secret", { baseUrl: "https://resend.test" });
    await expect(send({ from: "a@example.org", to: ["b@example.org"], subject: "s", html: "h", text: "t" })).rejects.toThrow(
      "validation_error: The from domain is not verified",
    );
  });
});

describe("sending a stored e-mail again", () => {
  it("turns the outbox copy's inline images back into cid: attachments, as first sent", () => {
    const png = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const sent = '<p>Your ticket</p><img alt="QR" src="cid:ticket-qr"><a href="https://example.org">x</a>';
    const stored = outboxHtml(sent, [{ filename: "t.png", content: png, contentType: "image/png", contentId: "ticket-qr" }]);
    expect(stored).not.toContain("cid:");

    const { html, attachments } = attachmentsFromOutboxHtml(stored);
    expect(html).toBe(sent.replace("cid:ticket-qr", "cid:inline-1"));
    expect(attachments).toEqual([{ filename: "inline-1.png", content: btoa(String.fromCharCode(...png)), contentType: "image/png", contentId: "inline-1" }]);
  });

  it("leaves an e-mail without inline images as it is", () => {
    expect(attachmentsFromOutboxHtml("<p>Hello, data:image/png;base64,AAAA in text</p>")).toEqual({
      html: "<p>Hello, data:image/png;base64,AAAA in text</p>",
      attachments: [],
    });
  });
});
