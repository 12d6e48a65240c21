import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ticket } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { ticketToken } from "~/features/tickets/ticket-token.server";
import { axeViolations } from "../../../support/axe";
import { CHROMIUM_PATH, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { DEMO_EVENT_ID, changeEvent, changeTickets } from "../../../support/book-ticket";
import { d1Events } from "~/kernel/store/d1/events.server";
import { ukToday } from "~/features/tickets";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The door in chromium at 360 px, JavaScript on and off: the accountant types the code,
 * sees FIRST SCAN, admits two, sees USED TICKET with them green, then admits the rest.
 * And, with chromium's fake camera playing a QR of a real ticket token, START SCAN reads
 * it (through the ZXing WASM served from our assets) and shows the card. The event chooser
 * (docs/requirements.md §5.8): today's event by default; a ticket of another event is
 * refused naming it, until the steward chooses that event, which then stays chosen.
 */

const YEAR = currentYear();
const PARTY = [
  { band: "adult" as const, position: 1, name: "Gate Adult One" },
  { band: "adult" as const, position: 2, name: "Gate Adult Two" },
  { band: "above13" as const, position: 1, name: "Gate Teen" },
  { band: "above5" as const, position: 1, name: "Gate Kid" },
  { band: "below5" as const, position: 1, name: "Gate Baby" },
];
const CODES = {
  jsOn: "GTJJJJJ2",
  jsOff: "GTNNNNN3",
  camera: "GTCCCCC4",
  axe: "GTAAAAA5",
  lastYear: "GTYYYYY6",
  picnicOn: "GTPPPPP7",
  picnicOff: "GTQQQQQ8",
};
const TODAY = ukToday(Math.floor(Date.now() / 1000));
/** The picnic, a week on: the next event after today's party. */
const PICNIC_DATE = new Date(Date.parse(`${TODAY}T12:00:00Z`) + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const dayMonth = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
const events = { picnic: "", lastParty: "" };
const tickets = {} as Record<keyof typeof CODES, Ticket>;
const GREEN = "rgb(220, 252, 231)";
const GREY = "rgb(228, 231, 235)";

let server: SeededServer;
let browser: Browser;
const accountant = demoAccount("treasurer").id;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      // The event at the door by default is today's, the tickets' own (a ticket of another event is refused).
      await changeTickets(db, { title: "Gate Test Party", lastBookingDate: `${YEAR}-12-20` });
      await changeEvent(db, { date: TODAY });
      const d1 = d1Events(db);
      const demo = (await d1.get(DEMO_EVENT_ID))!;
      events.picnic = (await d1.create({ ...demo, date: PICNIC_DATE, tickets: { ...demo.tickets, title: "Gate Summer Picnic" } })).id;
      events.lastParty = (await d1.create({ ...demo, date: `${YEAR - 1}-12-27`, tickets: { ...demo.tickets, lastBookingDate: `${YEAR - 1}-12-20` } })).id;
      for (const key of Object.keys(CODES) as Array<keyof typeof CODES>) {
        const picnic = key === "picnicOn" || key === "picnicOff";
        const ticket = await createTicketWithCode(
          store,
          {
            userId: demoAccount("member").id,
            eventId: picnic ? events.picnic : key === "lastYear" ? events.lastParty : DEMO_EVENT_ID,
            title: picnic ? "Gate Summer Picnic" : "Gate Test Party",
            email: "family@example.org",
            membership: "Family",
            year: key === "lastYear" ? YEAR - 1 : YEAR,
            price: 3750,
            attendees: PARTY,
          },
          () => CODES[key],
        );
        await store.tickets.markPaid(ticket.id);
        tickets[key] = ticket;
      }
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openDoor(b: Browser, javaScriptEnabled: boolean) {
  const context = await newContext(b, { ...PHONE, javaScriptEnabled, signedInAs: accountant, baseURL: server.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/scan-qr-code");
  if (javaScriptEnabled) await hydrated(page);
  return { context, page, errors };
}

const row = (page: Page, name: string) => page.locator("label.door-person").filter({ hasText: name });
const background = (page: Page, name: string) => row(page, name).evaluate((el) => getComputedStyle(el).backgroundColor);

async function noSideScroll(page: Page) {
  await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBe(0);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`/scan-qr-code (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    it("types the code, admits two, sees USED TICKET with them green, then admits the rest", async () => {
      const { context, page, errors } = await openDoor(browser, javaScriptEnabled);
      const code = javaScriptEnabled ? CODES.jsOn : CODES.jsOff;
      await expect(page.getByRole("button", { name: "SAVE" }).isDisabled()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "START SCAN" }).isDisabled()).resolves.toBe(!javaScriptEnabled);
      await expect(page.getByRole("link", { name: "Go To Home" }).getAttribute("href")).resolves.toBe("/");

      await page.getByLabel("Ticket code").fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
      await page.getByRole("button", { name: "Find ticket" }).click();
      await page.getByText("FIRST SCAN").waitFor();
      await expect(page.locator(".door-card-title").innerText()).resolves.toBe("Gate Test Party");
      await expect(page.locator(".door-card").innerText()).resolves.toContain("£37.50");
      await expect(row(page, "Gate Baby").innerText()).resolves.toContain("Child below 5");
      await noSideScroll(page);

      // Tapping a row (anywhere on it) toggles it; selected rows are grey. Each tap is seen
      // before the next (polled: under load a read once came before the row showed its state),
      // and the earlier ones must still be selected at the end.
      const tap = async (name: string, selected: boolean) => {
        await row(page, name).click();
        await expect.poll(() => row(page, name).locator("input").isChecked(), { message: name }).toBe(selected);
      };
      await tap("Gate Adult One", true);
      await tap("Gate Kid", true);
      await tap("Gate Teen", true);
      await tap("Gate Teen", false);
      await expect.poll(() => background(page, "Gate Adult One")).toBe(GREY);
      await expect.poll(() => background(page, "Gate Kid")).toBe(GREY);
      await expect(background(page, "Gate Teen")).resolves.not.toBe(GREY);
      const box = (await row(page, "Gate Kid").boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.x + box.width).toBeLessThanOrEqual(360);

      await page.getByRole("button", { name: "SAVE" }).click();
      await page.getByText("USED TICKET").waitFor();
      await expect(page.getByRole("status").innerText()).resolves.toContain("2 people admitted.");
      for (const name of ["Gate Adult One", "Gate Kid"]) {
        await expect(background(page, name)).resolves.toBe(GREEN);
        await expect(row(page, name).innerText()).resolves.toMatch(/Admitted \d\d:\d\d/);
        await expect(row(page, name).locator("input").isDisabled()).resolves.toBe(true);
      }
      for (const name of ["Gate Adult Two", "Gate Teen", "Gate Baby"]) {
        await expect(background(page, name)).resolves.not.toBe(GREEN);
        await expect(row(page, name).locator("input").isChecked()).resolves.toBe(false);
      }

      // The rest of the household, from the same code.
      for (const name of ["Gate Adult Two", "Gate Teen", "Gate Baby"]) await row(page, name).click();
      await page.getByRole("button", { name: "SAVE" }).click();
      await page.getByText("Everyone on this ticket has been admitted.").waitFor();
      for (const p of PARTY) await expect(background(page, p.name)).resolves.toBe(GREEN);
      await expect(page.getByRole("button", { name: "SAVE" }).isDisabled()).resolves.toBe(true);
      await noSideScroll(page);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("checks today's event by default, refuses the picnic's ticket naming it, and admits it once the picnic is chosen", async () => {
      const { context, page, errors } = await openDoor(browser, javaScriptEnabled);
      const code = javaScriptEnabled ? CODES.picnicOn : CODES.picnicOff;
      const chooser = page.getByLabel("Event", { exact: true });
      await expect(chooser.inputValue()).resolves.toBe(DEMO_EVENT_ID);
      await expect(chooser.locator("option").allInnerTexts()).resolves.toEqual([
        `Gate Test Party, ${dayMonth(TODAY)} ${TODAY.slice(0, 4)}`,
        `Gate Summer Picnic, ${dayMonth(PICNIC_DATE)} ${PICNIC_DATE.slice(0, 4)}`,
        `Gate Test Party, 27 December ${YEAR - 1}`,
      ]);
      // Big enough for a thumb, and within the 360 px screen.
      const box = (await chooser.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(360);

      await page.getByLabel("Ticket code").fill(code);
      await page.getByRole("button", { name: "Find ticket" }).click();
      const sameYear = PICNIC_DATE.slice(0, 4) === TODAY.slice(0, 4);
      const refusal = `This ticket is for Gate Summer Picnic, ${dayMonth(PICNIC_DATE)}${sameYear ? "" : ` ${PICNIC_DATE.slice(0, 4)}`}. Do not admit.`;
      await page.getByRole("alert").filter({ hasText: refusal }).waitFor();
      await expect(page.getByRole("button", { name: "SAVE" }).isDisabled()).resolves.toBe(true);

      // The steward chooses the picnic: the same ticket is checked again, and now admitted.
      await chooser.selectOption(events.picnic);
      await page.getByRole("button", { name: "Choose event" }).click();
      await page.waitForURL((url) => url.searchParams.get("event") === events.picnic);
      await page.getByText("FIRST SCAN").waitFor();
      await expect(page.locator(".door-card .door-message-error").count()).resolves.toBe(0);
      await row(page, "Gate Adult One").click();
      await page.getByRole("button", { name: "SAVE" }).click();
      await page.getByText("USED TICKET").waitFor();
      await expect(background(page, "Gate Adult One")).resolves.toBe(GREEN);
      // The choice stays through the SAVE and the next lookup.
      await expect(page.getByLabel("Event", { exact: true }).inputValue()).resolves.toBe(events.picnic);
      await page.getByLabel("Ticket code").fill(javaScriptEnabled ? CODES.jsOn : CODES.jsOff);
      await page.getByRole("button", { name: "Find ticket" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: `This ticket is for Gate Test Party, ${dayMonth(TODAY)}${sameYear ? "" : ` ${TODAY.slice(0, 4)}`}. Do not admit.` })
        .waitFor();
      expect(new URL(page.url()).searchParams.get("event")).toBe(events.picnic);
      await noSideScroll(page);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("says so when no ticket has the code", async () => {
      const { context, page } = await openDoor(browser, javaScriptEnabled);
      await page.getByLabel("Ticket code").fill("ZZZZ-ZZZ9");
      await page.getByRole("button", { name: "Find ticket" }).click();
      await page.getByRole("alert").filter({ hasText: "No ticket found for this code." }).waitFor();
      await expect(page.locator(".door-card").count()).resolves.toBe(0);
      await context.close();
    });
  });
}

describe("/scan-qr-code accessibility", () => {
  it("has no axe violations, empty and with a card", async () => {
    const { context, page } = await openDoor(browser, true);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/scan-qr-code?code=${CODES.axe}`);
    await hydrated(page);
    await row(page, "Gate Teen").click();
    expect(await axeViolations(page)).toEqual([]);
    // Last year's ticket: the card with its red "Do not admit" and SAVE disabled.
    await page.goto(`/scan-qr-code?code=${CODES.lastYear}`);
    await hydrated(page);
    await page
      .getByRole("alert")
      .filter({ hasText: `This ticket is for Gate Test Party, 27 December ${YEAR - 1}. Do not admit.` })
      .waitFor();
    await expect(page.getByRole("button", { name: "SAVE" }).isDisabled()).resolves.toBe(true);
    await noSideScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

/**
 * A YUV4MPEG2 clip (what chromium's --use-file-for-fake-video-capture reads) of a QR code,
 * black on white, 4 px per module with the 4-module quiet zone, centred in 640 × 480.
 */
function qrY4m(text: string): Buffer {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const scale = Math.floor(Math.min(W, H) / (size + 8));
  const left = Math.floor((W - size * scale) / 2);
  const top = Math.floor((H - size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++) y.fill(16, (top + r * scale + dy) * W + left + c * scale, (top + r * scale + dy) * W + left + (c + 1) * scale);
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]);
}

/** A chromium whose camera plays a clip of the ticket's QR code; closed (and the clip removed) after `use`. */
async function withFakeCamera(ticket: Ticket, use: (camera: Browser) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), "mma-door-"));
  const clip = path.join(dir, "ticket.y4m");
  writeFileSync(clip, qrY4m(await ticketToken(devEnv, ticket)));
  const camera = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
  try {
    await use(camera);
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("/scan-qr-code with a (fake) camera", () => {
  it("START SCAN reads the ticket's QR and shows its card", async () => {
    await withFakeCamera(tickets.camera, async (camera) => {
      const { context, page, errors } = await openDoor(camera, true);
      await context.grantPermissions(["camera"], { origin: server.url });
      const wasm = page.waitForResponse((response) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(response.url()), { timeout: TIMEOUTS.poll });
      await page.getByRole("button", { name: "START SCAN" }).click();
      // This chromium has no native BarcodeDetector on Linux, so the ZXing WASM is fetched, from our origin.
      const response = await wasm;
      expect(new URL(response.url()).origin).toBe(server.url);
      // The code read, with the chosen event kept.
      await page.waitForURL((url) => url.pathname === "/scan-qr-code" && url.searchParams.get("event") === DEMO_EVENT_ID && url.searchParams.has("code"), {
        timeout: TIMEOUTS.poll,
      });
      await page.getByText("FIRST SCAN").waitFor();
      await expect(row(page, "Gate Adult One").count()).resolves.toBe(1);
      // The camera is off once the code is read.
      await expect(page.locator("video.door-video").evaluate((v: HTMLVideoElement) => v.srcObject)).resolves.toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it("when the reader's .wasm cannot load after the camera was granted, the camera is turned off and the steward told", async () => {
    await withFakeCamera(tickets.camera, async (camera) => {
      const context = await newContext(camera, { ...PHONE, javaScriptEnabled: true, signedInAs: accountant, baseURL: server.url });
      await context.grantPermissions(["camera"], { origin: server.url });
      // Every stream the page is given, so the test can see whether its tracks were stopped.
      await context.addInitScript(() => {
        const streams: MediaStream[] = [];
        (window as unknown as { __streams: MediaStream[] }).__streams = streams;
        const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await getUserMedia(constraints);
          streams.push(stream);
          return stream;
        };
      });
      let wasmRequests = 0;
      await context.route(/\/assets\/zxing_reader-[\w-]+\.wasm$/, (route) => {
        wasmRequests += 1;
        return route.abort("failed");
      });
      const page = await context.newPage();
      await page.goto("/scan-qr-code");
      await hydrated(page);
      await page.getByRole("button", { name: "START SCAN" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "The scanner could not start. Type the ticket code in the Ticket code field instead." })
        .waitFor({ timeout: TIMEOUTS.poll });
      expect(wasmRequests).toBeGreaterThan(0);
      const tracks = await page.evaluate(() =>
        (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks().map((t) => t.readyState)),
      );
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks).toEqual(tracks.map(() => "ended"));
      await expect(page.locator("video.door-video").evaluate((v: HTMLVideoElement) => v.srcObject)).resolves.toBeNull();
      // START SCAN can be pressed again; the typed code still works.
      await expect(page.getByRole("button", { name: "START SCAN" }).isEnabled()).resolves.toBe(true);
      expect(new URL(page.url()).searchParams.has("code")).toBe(false);
      await context.close();
    });
  });
});
