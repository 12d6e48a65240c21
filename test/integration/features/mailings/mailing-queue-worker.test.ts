import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { d1Mailings } from "~/kernel/store/d1/mailings.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { withServerD1 } from "../../../support/server-d1";
import { newMember } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Member mailings through the deployed worker's own wiring (docs/requirements.md §13, ADR 73):
 * the 15-minute cron trigger (server.ts `scheduled` on controller.cron) starts a due mailing,
 * the MAILINGS queue (Miniflare's, as npm start has it: no network) hands its batches to the
 * worker's queue() handler, and without RESEND_API_KEY each copy lands in the outbox once,
 * with its List-Unsubscribe headers, which /dev/mail shows. The daily trigger leaves mailings alone.
 */

const MAILINGS_CRON = "*/15 * * * *";
const CHILD_YEAR = 1990;

describe("mailings through the worker's cron and queue", () => {
  let server: SeededServer;
  const audience: string[] = [];
  let outsider = "";
  let dueId = "";
  let laterId = "";
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    server = await startSeededServer({
      store: "d1",
      prepare: async (db) => {
        const members = d1Members(db);
        for (let i = 0; i < 120; i++) {
          const member = await members.register(
            newMember({ fullName: `Pupil${i} Parent`, active: true, registrationPaid: true, children: [{ name: "Kid", birthYear: CHILD_YEAR }] }),
          );
          audience.push(member.id);
        }
        outsider = (await members.register(newMember({ fullName: "Other Parent", active: true, children: [{ name: "Kid", birthYear: CHILD_YEAR + 1 }] }))).id;
        const mailings = d1Mailings(db);
        const draft = {
          kind: "notice" as const,
          preview: "Term dates",
          bodyHtml: "<p>The school's term dates.</p>",
          photo: null,
          buttonLabel: "",
          buttonUrl: "",
          audience: { kind: "children-born" as const, years: [CHILD_YEAR] },
          publishNews: false,
          createdBy: demoAccount("treasurer").id,
        };
        dueId = (await mailings.create({ ...draft, subject: "Term dates (due)" }, now)).id;
        laterId = (await mailings.create({ ...draft, subject: "Term dates (later)" }, now)).id;
        await mailings.schedule(dueId, now - 60, demoAccount("treasurer").id, now);
        await mailings.schedule(laterId, now + 86_400, demoAccount("treasurer").id, now);
      },
    });
  });
  afterAll(() => server?.stop());

  const status = (id: string) => withServerD1(server.persistTo, async (db) => (await d1Mailings(db).get(id))?.status);
  const copies = () =>
    withServerD1(server.persistTo, async (db) => {
      const { results } = await db
        .prepare("SELECT id, member_id, headers FROM outbox WHERE purpose = 'mailing' AND subject = 'Term dates (due)'")
        .all<{ id: string; member_id: string; headers: string | null }>();
      return results;
    });

  it("the daily run leaves a due mailing alone; two 15-minute runs at once start it once, and each member gets one copy", async () => {
    expect(await server.scheduled(new Date(now * 1000))).toBe("ok");
    expect(await status(dueId)).toBe("scheduled");
    const runs = await Promise.all([server.scheduled(new Date(now * 1000), MAILINGS_CRON), server.scheduled(new Date(now * 1000), MAILINGS_CRON)]);
    expect(runs).toEqual(["ok", "ok"]);
    await vi.waitFor(async () => expect(await status(dueId)).toBe("sent"), { timeout: TIMEOUTS.poll, interval: 200 });
    const rows = await copies();
    expect(rows.map((row) => row.member_id).sort()).toEqual([...audience].sort());
    expect(rows.map((row) => row.member_id)).not.toContain(outsider);
    expect(await status(laterId)).toBe("scheduled");
    const headers = JSON.parse(rows[0]!.headers!) as Record<string, string>;
    expect(Object.keys(headers).sort()).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
  });

  it.each(["/dev/mail", "/accounts/emails"])("shows a copy's headers in the outbox at %s", async (outbox) => {
    const [row] = await copies();
    const response = await fetch(`${server.url}${outbox}/${row!.id}`, { headers: { Cookie: await sessionCookieFor(demoAccount("treasurer").id) } });
    expect(response.status).toBe(200);
    const page = parseHtml(await response.text());
    expect(page.all(".outbox-headers dt").map(textOf)).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
    expect(page.text(".outbox-headers")).toContain("List-Unsubscribe=One-Click");
    expect(page.text(".outbox-headers")).toMatch(/<http:\/\/[^>]+\/unsubscribe\/[^>]+>/);
  });
});
