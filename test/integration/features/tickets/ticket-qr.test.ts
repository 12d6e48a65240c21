import { describe, expect, inject, it } from "vitest";
import { qrSvg } from "~/features/tickets/qr.server";
import { ticketToken } from "~/features/tickets/ticket-token.server";
import { ID_SPACE, seedId } from "../../../../seed/ids";
import { demoAccount, devEnv, sessionCookieFor } from "../../../support/session";

/** My Tickets' QR codes on the shared server (read only). The demo Family has one open, paid ticket (seed/demo-members.ts). */

const base = () => inject("baseURL");
const year = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));
const LABEL = `QR code for ticket XMAS-7K2P, Christmas & New Year Celebration ${year}`;

async function myAccount(userId: string) {
  const response = await fetch(`${base()}/mem-account`, { redirect: "manual", headers: { Cookie: await sessionCookieFor(userId) } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("My Tickets QR codes (/mem-account)", () => {
  it("shows the open ticket's QR as inline SVG, encoding the signed ticket token, with its code, party and price", async () => {
    const html = await myAccount(demoAccount("member").id);
    const svgs = html.match(/<svg role="img"[^>]*>.*?<\/svg>/gs) ?? [];
    expect(svgs).toHaveLength(1);
    const svg = svgs[0]!;
    // The label names the ticket's event too (docs/requirements.md §5.7).
    expect(svg).toContain(`aria-label="${LABEL.replace("&", "&amp;")}"`);
    // The same modules as the QR of the ticket's signed token (the worker and Node share
    // qrcode's SVG renderer): the page carries the token, not the bare id or the code.
    const expected = await qrSvg(await ticketToken(devEnv, { id: seedId(ID_SPACE.ticket, 1), year }), LABEL);
    expect(svg).toBe(expected);
    expect(svg).not.toBe(await qrSvg(seedId(ID_SPACE.ticket, 1), "QR code for ticket XMAS-7K2P"));
    // Version 4 at most: 33 modules plus the 2-module margin each side.
    expect(svg).toContain('viewBox="0 0 37 37"');

    const ticket = html.slice(html.indexOf('class="account-ticket"'), html.indexOf("</li>", html.indexOf('class="ticket-code"')));
    expect(ticket).toMatch(/Ticket code <strong>XMAS-7K2P<\/strong>/);
    expect(ticket).toMatch(/class="ticket-price">£\d+\.\d\d</);
    expect(ticket).toContain("Christmas");
  });

  it("shows no QR to a member without an open ticket", async () => {
    const html = await myAccount(demoAccount("single").id);
    expect(html).not.toMatch(/<svg role="img"/);
    expect(html).not.toContain("QR code for ticket");
  });
});
