import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
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

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[entity]!);

/** The outbox entry with this exact subject: its page's HTML, the stored e-mail HTML (from the sandboxed frame) and text. */
async function outboxEmail(subject: string) {
  const list = await (await fetch(`${base()}/dev/mail`)).text();
  const links = [...list.matchAll(/<a [^>]*href="(\/dev\/mail\/[0-9a-f]{24})"[^>]*>([^<]*)<\/a>/g)].filter(([, , text]) => decode(text!) === subject);
  if (links.length !== 1) return { count: links.length, page: "", html: "", text: "", list };
  const page = await (await fetch(`${base()}${links[0]![1]}`)).text();
  const frame = /<iframe[^>]*\ssandbox=""[^>]*\ssrcDoc="([^"]*)"/i.exec(page) ?? /<iframe[^>]*\ssrcDoc="([^"]*)"[^>]*\ssandbox=""/i.exec(page);
  const text = /<pre class="dev-mail-text">([^<]*)<\/pre>/.exec(page)?.[1] ?? "";
  return { count: 1, page, html: decode(frame?.[1] ?? ""), text: decode(text), list };
}

describe("Contact Us (/contact)", () => {
  it("shows the address, the phone and e-mail links, and the Quick Contact Form", async () => {
    const response = await fetch(`${base()}/contact`);
    const html = await response.text();
    expect(response.status).toBe(200);
    for (const text of [
      "<h1>Contact Us</h1>",
      "<title>Contact Us | Manchester Mosaic Association</title>",
      'aria-current="page">Contact Us</span>',
      "Education Village",
      "Manchester M1 1AA",
      'href="tel:+441614960000"',
      'href="mailto:info@example.org"',
      "Quick Contact Form",
      'type="email"',
      ...["name", "lastname", "email", "subject", "notes"].map((name) => `name="${name}"`),
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/contact"[^>]*novalidate=""/i);
  });

  it("refuses an empty form with 400 and all five messages, tied to their fields", async () => {
    const response = await post({ name: "", lastname: "", email: "", subject: "", notes: "" }, visitor().ip);
    const html = await response.text();
    expect(response.status).toBe(400);
    for (const text of MESSAGES) expect(html).toContain(text);
    expect(html).toMatch(/id="contact-notes"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-notes-error"/);
    expect(html).toContain('<p class="field-error" id="contact-notes-error">Please enter your note</p>');
  });

  it("keeps what was typed and names only what is wrong", async () => {
    const { ip } = visitor();
    const response = await post({ name: "Ada", lastname: "", email: "not-an-email", subject: "Hi <there>", notes: "" }, ip);
    const html = await response.text();
    expect(response.status).toBe(400);
    for (const text of ['value="Ada"', 'value="not-an-email"', 'value="Hi &lt;there&gt;"', "Please enter a valid email", MESSAGES[1]!, MESSAGES[4]!]) {
      expect(html).toContain(text);
    }
    for (const text of [MESSAGES[0]!, MESSAGES[2]!, MESSAGES[3]!]) expect(html).not.toContain(text);
  });

  it("stores a valid message, e-mails it to the info address, and thanks the visitor after the redirect", async () => {
    const { ip, email, tag } = visitor();
    const subject = `Question ${tag}`;
    const response = await post(message(email, subject), ip);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    const toast = response.headers.get("Set-Cookie");
    expect(toast).toMatch(/^__toast=[^;]+;/);

    const after = await fetch(`${base()}/contact`, { headers: { Cookie: toast!.split(";")[0]! } });
    const html = await after.text();
    expect(html).toContain(THANKS);
    expect(html).not.toContain("Please enter");
    expect(html).not.toContain(email); // a fresh, empty form

    const sent = await outboxEmail(`MMA Contact Form: ${subject}`);
    expect(sent.count).toBe(1);
    expect(sent.page).toContain("info@example.org");
    expect(sent.page).toContain("contact");
    expect(sent.page).toContain("stored");
    for (const text of ["First name", "Ada", "Last name", "Lovelace", "E-mail", email, "Subject", subject, "Message"]) expect(sent.html).toContain(text);
    expect(sent.html).toMatch(/Hello<br\s*\/?>there/);
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
    expect(html).toContain(CONTACT_TOO_MANY);
    expect(html).toContain(`value="Limit ${tag} 6"`);
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
    expect(await refused.text()).toContain(CONTACT_TOO_MANY);
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
    const response = await fetch(`${base()}/dev/mail`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(html).toContain("Development only");
    for (const heading of ["Date", "To", "Subject", "Purpose", "Status"]) expect(html).toContain(`<th scope="col">${heading}</th>`);
    const newer = html.indexOf(`MMA Contact Form: Newer ${second.tag}`);
    const older = html.indexOf(`MMA Contact Form: Older ${first.tag}`);
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
  });

  it("answers 404 for an unknown e-mail", async () => {
    expect((await fetch(`${base()}/dev/mail/${"0".repeat(24)}`)).status).toBe(404);
  });
});
