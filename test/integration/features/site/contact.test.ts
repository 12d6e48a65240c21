import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { documentTitle, pageText, parseHtml, textOf } from "../../../support/html";
import { CONTACT_MESSAGES as MESSAGES, CONTACT_THANKS as THANKS, CONTACT_TOO_MANY, uniqueEmail } from "../../../support/contact";

const base = () => inject("baseURL");

// Every test posts from its own address (TEST-NET-2) and with its own e-mail, so the
// contact limits (20 an hour per address, 5 per 10 minutes per e-mail at one address) never
// meet across tests; the local workerd passes CF-Connecting-IP through, as Cloudflare sets it.
let sequence = 0;
function visitor() {
  sequence += 1;
  const email = uniqueEmail(`visitor-${sequence}`);
  return { ip: `198.51.100.${sequence}`, email, tag: email.slice(0, email.indexOf("@")) };
}

const post = (fields: Record<string, string>, ip: string) => client(base(), { ip }).post("/contact", fields);

const message = (email: string, subject: string) => ({ name: "Ada", lastname: "Lovelace", email, subject, notes: "Hello\nthere" });

const get = (path: string, options?: { cookie?: string }) => client(base()).get(path, options);

/** The outbox entry with this exact subject: its page's HTML, the stored e-mail HTML (from the sandboxed frame) and text. */
async function outboxEmail(subject: string) {
  const list = await (await get("/dev/mail")).text();
  const links = parseHtml(list)
    .all("a[href]")
    .filter((a) => /^\/dev\/mail\/[0-9a-f]{24}$/.test(a.attribs.href!) && textOf(a) === subject);
  if (links.length !== 1) return { count: links.length, page: "", html: "", text: "", list };
  const page = await (await get(links[0]!.attribs.href!)).text();
  const parsed = parseHtml(page);
  const html = parsed.one('iframe[sandbox=""]')?.attribs.srcdoc ?? "";
  return { count: 1, page, html, text: parsed.text("pre.dev-mail-text"), list };
}

describe("Contact Us (/contact)", () => {
  it("shows the address, the phone and e-mail links, and the Quick Contact Form", async () => {
    const response = await get("/contact");
    const html = await response.text();
    expect(response.status).toBe(200);
    const page = parseHtml(html);
    expect(page.text("h1")).toBe("Contact Us");
    expect(documentTitle(html)).toBe("Contact Us | Manchester Mosaic Association");
    expect(page.text('span[aria-current="page"]')).toBe("Contact Us");
    for (const text of ["Education Village", "Manchester M1 1AA", "Quick Contact Form"]) expect(pageText(html)).toContain(text);
    for (const selector of [
      'a[href="tel:+441614960000"]',
      'a[href="mailto:info@example.org"]',
      'input[type="email"]',
      ...["name", "lastname", "email", "subject", "notes"].map((name) => `[name="${name}"]`),
    ]) {
      expect(page.one(selector), selector).not.toBeNull();
    }
    expect(page.one('form[method="post" i][action="/contact"][novalidate=""]')).not.toBeNull();
  });

  it("refuses an empty form with 400 and all five messages, tied to their fields", async () => {
    const response = await post({ name: "", lastname: "", email: "", subject: "", notes: "" }, visitor().ip);
    const html = await response.text();
    expect(response.status).toBe(400);
    for (const text of MESSAGES) expect(pageText(html)).toContain(text);
    const page = parseHtml(html);
    expect(page.one('#contact-notes[aria-invalid="true"][aria-describedby="contact-notes-error"]')).not.toBeNull();
    expect(page.text("p.field-error#contact-notes-error")).toBe("Please enter your note");
  });

  it("keeps what was typed and names only what is wrong", async () => {
    const { ip } = visitor();
    const response = await post({ name: "Ada", lastname: "", email: "not-an-email", subject: "Hi <there>", notes: "" }, ip);
    const html = await response.text();
    expect(response.status).toBe(400);
    const page = parseHtml(html);
    for (const value of ["Ada", "not-an-email", "Hi <there>"]) expect(page.one(`[value="${value}"]`), value).not.toBeNull();
    for (const text of ["Please enter a valid email", MESSAGES[1]!, MESSAGES[4]!]) expect(pageText(html)).toContain(text);
    for (const text of [MESSAGES[0]!, MESSAGES[2]!, MESSAGES[3]!]) expect(pageText(html, { scripts: true })).not.toContain(text);
  });

  it("stores a valid message, e-mails it to the info address, and thanks the visitor after the redirect", async () => {
    const { ip, email, tag } = visitor();
    const subject = `Question ${tag}`;
    const response = await post(message(email, subject), ip);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    const toast = response.headers.get("Set-Cookie");
    expect(toast).toMatch(/^__toast=[^;]+;/);

    const after = await get("/contact", { cookie: toast!.split(";")[0]! });
    const html = await after.text();
    expect(pageText(html)).toContain(THANKS);
    expect(pageText(html, { scripts: true })).not.toContain("Please enter");
    expect(html).not.toContain(email); // a fresh, empty form

    const sent = await outboxEmail(`MMA Contact Form: ${subject}`);
    expect(sent.count).toBe(1);
    expect(sent.page).toContain("info@example.org");
    expect(sent.page).toContain("contact");
    expect(sent.page).toContain("stored");
    const mail = parseHtml(sent.html);
    for (const text of ["First name", "Ada", "Last name", "Lovelace", "E-mail", email, "Subject", subject, "Message"])
      expect(pageText(sent.html)).toContain(text);
    // The message's line break is a <br> between its lines.
    expect(
      mail.all("br").some((br) => br.prev?.type === "text" && br.prev.data.endsWith("Hello") && br.next?.type === "text" && br.next.data.startsWith("there")),
    ).toBe(true);
    expect(sent.text).toContain(email);
  });

  it("escapes markup in every field of the e-mail, and the outbox shows it in a sandboxed frame", async () => {
    const { ip, email, tag } = visitor();
    const subject = `<script>alert("${tag}")</script>`;
    const response = await post(
      { name: "<b>Ada</b>", lastname: "<img src=x onerror=alert(1)>", email, subject, notes: "<script>alert(2)</script>\n&amp;" },
      ip,
    );
    expect(response.status).toBe(302);

    const sent = await outboxEmail(`MMA Contact Form: ${subject}`);
    expect(sent.count).toBe(1);
    expect(sent.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
    expect(sent.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(sent.html).toContain(`&lt;script&gt;alert(&quot;${tag}&quot;)&lt;/script&gt;`);
    expect(sent.html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;<br/>&amp;amp;");
    expect(sent.html).not.toMatch(/<script|<img|<b>/i);
    // The outbox pages themselves never carry the e-mail's markup as markup.
    expect(sent.list).not.toContain("<script>alert");
    expect(sent.page).not.toContain("<script>alert");
  });

  it("takes a sixth message for an e-mail that five other addresses used: nobody can block a person's address", async () => {
    // The replay of the review's finding: five posts naming one e-mail from five addresses made a sixth address's 429.
    const { email, tag } = visitor();
    for (let i = 1; i <= 5; i++) {
      const response = await post(message(email, `Not mine ${tag} ${i}`), visitor().ip);
      expect(response.status, `message ${i}`).toBe(302);
    }
    const sixth = await post(message(email, `Not mine ${tag} 6`), visitor().ip);
    expect(sixth.status).toBe(302);
    expect(sixth.headers.get("Location")).toBe("/contact");
    expect((await outboxEmail(`MMA Contact Form: Not mine ${tag} 6`)).count).toBe(1);
  });

  it("answers 429 with a clear message after five messages from one e-mail at one address in ten minutes, storing nothing", async () => {
    const { ip, email, tag } = visitor();
    for (let i = 1; i <= 5; i++) {
      const response = await post(message(email, `Limit ${tag} ${i}`), ip);
      expect(response.status, `message ${i}`).toBe(302);
    }
    const refused = await post(message(email.toUpperCase(), `Limit ${tag} 6`), ip);
    const html = await refused.text();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(pageText(html)).toContain(CONTACT_TOO_MANY);
    expect(parseHtml(html).one(`[value="Limit ${tag} 6"]`)).not.toBeNull();
    expect(refused.headers.get("Set-Cookie") ?? "").not.toContain("__toast");
    expect((await outboxEmail(`MMA Contact Form: Limit ${tag} 6`)).count).toBe(0);
    expect((await outboxEmail(`MMA Contact Form: Limit ${tag} 5`)).count).toBe(1);
  });

  it("answers 429 after twenty messages an hour from one address, while other addresses go on", async () => {
    const { ip, tag } = visitor();
    for (let i = 1; i <= 20; i++) {
      const response = await post(message(`ip-${tag}-${i}@example.com`, `From one address ${tag} ${i}`), ip);
      expect(response.status, `message ${i}`).toBe(302);
    }
    const refused = await post(message(`ip-${tag}-21@example.com`, `From one address ${tag} 21`), ip);
    expect(refused.status).toBe(429);
    expect(pageText(await refused.text())).toContain(CONTACT_TOO_MANY);
    const other = visitor();
    expect((await post(message(other.email, `Another address ${tag}`), other.ip)).status).toBe(302);
  });
});

describe("the development outbox (/dev/mail)", () => {
  it("lists e-mails newest first with date, recipient, subject, purpose and status, and says it is for development", async () => {
    const first = visitor();
    const second = visitor();
    await post(message(first.email, `Older ${first.tag}`), first.ip);
    await post(message(second.email, `Newer ${second.tag}`), second.ip);
    const response = await get("/dev/mail");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(pageText(html)).toContain("Development only");
    const page = parseHtml(html);
    const headings = page.all('th[scope="col"]').map((th) => textOf(th));
    for (const heading of ["Date", "To", "Subject", "Purpose", "Status"]) expect(headings).toContain(heading);
    const subjects = page.all("a").map((a) => textOf(a));
    const newer = subjects.indexOf(`MMA Contact Form: Newer ${second.tag}`);
    const older = subjects.indexOf(`MMA Contact Form: Older ${first.tag}`);
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
  });

  it("answers 404 for an unknown e-mail", async () => {
    expect((await get(`/dev/mail/${"0".repeat(24)}`)).status).toBe(404);
  });
});
