import { beforeAll, expect, it } from "vitest";
import { eventFieldsFromSettings } from "~/features/tickets/event-schedule";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import type { Member, MailingRecipient, NewMailing } from "~/kernel/store/records";
import { newMember, newTicket } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../support/store-adapters";

/**
 * Member mailings over each store (docs/requirements.md §13, ADR 73): the audiences
 * (MembersRepository.audience, TicketsRepository.holders; D1's SQL and Cockpit's pure rule must
 * agree), and the mailings and deliveries, which are D1 on both stores: one conditional write
 * starts a mailing, and a member's delivery row is written and sent once.
 */

const Y = 2026;

const draft = (overrides: Partial<NewMailing> = {}): NewMailing => ({
  kind: "notice",
  subject: "The AGM",
  preview: "3 March",
  bodyHtml: "<p>Come.</p>",
  photo: null,
  buttonLabel: "",
  buttonUrl: "",
  audience: { kind: "not-renewed" },
  publishNews: false,
  createdBy: "author",
  ...overrides,
});

describeStore("mailings: audiences", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  const m: Record<string, Member> = {};

  beforeAll(async () => {
    const add = async (key: string, fields: Parameters<typeof newMember>[0]) => {
      m[key] = await t.store.members.register(newMember({ fullName: `${key} Person`, ...fields }));
    };
    await add("renewed", { active: true, registrationPaid: true, lastRenewedYear: Y });
    await add("late", { active: true, registrationPaid: true, lastRenewedYear: Y - 1 });
    await add("never", { active: true, registrationPaid: true, lastRenewedYear: null });
    await add("family", { active: true, registrationPaid: true, membership: "Family", lastRenewedYear: Y, children: [{ name: "Kid", birthYear: 2017 }] });
    await add("applicant", { active: false, registrationPaid: false, lastRenewedYear: null });
    await add("gone", { active: true, registrationPaid: true, lastRenewedYear: Y - 1, deleted: true });
  });

  const ids = (recipients: MailingRecipient[]) => recipients.map((r) => r.memberId);
  const sorted = (...keys: string[]) => keys.map((key) => m[key]!.id).sort();

  it("holds the members each audience names, never a deleted one, once each in id order", async () => {
    expect(ids(await t.store.members.audience({ kind: "active" }, Y))).toEqual(sorted("renewed", "late", "never", "family"));
    expect(ids(await t.store.members.audience({ kind: "not-renewed" }, Y))).toEqual(sorted("late", "never"));
    expect(ids(await t.store.members.audience({ kind: "family" }, Y))).toEqual(sorted("family"));
    expect(ids(await t.store.members.audience({ kind: "children-born", years: [2016, 2017] }, Y))).toEqual(sorted("family"));
    expect(ids(await t.store.members.audience({ kind: "children-born", years: [2018] }, Y))).toEqual([]);
    expect(ids(await t.store.members.audience({ kind: "applicants" }, Y))).toEqual(sorted("applicant"));
  });

  it("gives each recipient's e-mail and first name", async () => {
    const [late] = (await t.store.members.audience({ kind: "not-renewed" }, Y)).filter((r) => r.memberId === m.late!.id);
    expect(late).toEqual({ memberId: m.late!.id, email: m.late!.email, firstName: "late" });
  });

  it("lists an event's paid ticket holders once each", async () => {
    const event = await t.store.events.create({
      ...eventFieldsFromSettings(defaultSiteSettings()),
      tickets: { ...defaultSiteSettings().tickets, title: "Mailing Party", lastBookingDate: "2026-12-20" },
    });
    for (const key of ["late", "late", "family"]) {
      const ticket = await t.store.tickets.create(newTicket(m[key]!.id, { eventId: event.id, title: "Mailing Party" }));
      expect(await t.store.tickets.markPaid(ticket.id)).toBe(true);
    }
    await t.store.tickets.create(newTicket(m.never!.id, { eventId: event.id, title: "Mailing Party" }));
    expect(await t.store.tickets.holders(event.id)).toEqual(sorted("late", "family"));
  });

  it("reads members as recipients by their ids in one call, leaving out a deleted one and an unknown id", async () => {
    expect(ids(await t.store.members.recipientsByIds([m.family!.id, m.gone!.id, "no-such-member", m.late!.id]))).toEqual(sorted("late", "family"));
    expect(await t.store.members.recipientsByIds([])).toEqual([]);
  });
});

describeStore("mailings: sending records (D1 on both stores)", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  const r = (n: number): MailingRecipient => ({ memberId: `member-${String(n).padStart(4, "0")}`, email: `m${n}@example.org`, firstName: `Name${n}` });
  const now = 1_800_000_000;

  it("starts a mailing and writes its rows in one step for exactly one of ten concurrent Sends; a Send of an older version writes nothing", async () => {
    const mailing = await t.store.mailings.create(draft(), now);
    const rows = { kind: "notice" as const, recipients: [r(701), r(702), r(703)], batchSize: 2 };
    const stale = await t.store.mailings.updateDraft(mailing.id, { subject: "Saved meanwhile", updatedBy: "a" }, now + 1);
    expect(await t.store.mailings.start(mailing.id, { siteUrl: "https://site.example", by: "a", now: now + 2, updatedAt: mailing.updatedAt }, rows)).toBeNull();
    expect(await t.store.mailings.get(mailing.id)).toMatchObject({ status: "draft", subject: "Saved meanwhile" });
    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.store.mailings.start(
          mailing.id,
          { siteUrl: "https://site.example", by: "a", now: now + 2, updatedAt: stale!.updatedAt },
          // Each Send read the audience at its own moment: a loser's larger list must write nothing.
          { ...rows, recipients: [...rows.recipients, r(710 + i)] },
        ),
      ),
    );
    const won = starts.filter((start) => start !== null);
    expect(won).toEqual([{ added: 4, batches: [1, 2] }]);
    expect((await t.store.mailingDeliveries.counts(mailing.id)).queued).toBe(4);
    expect(await t.store.mailings.get(mailing.id)).toMatchObject({ status: "sending", startedAt: now + 2 });
  });

  it("leaves out a bad address whatever the letter case of the member's address", async () => {
    const mixed = { memberId: "member-0801", email: "Mixed.Case@Example.org", firstName: "Mixed" };
    await t.db
      .prepare("INSERT INTO bad_addresses (member_id, email, reason, at) VALUES (?, 'mixed.case@example.org', 'bounced', 1)")
      .bind(mixed.memberId)
      .run();
    expect(await t.store.mailingDeliveries.countReachable("notice", [mixed, r(802)])).toBe(1);
    const mailing = await t.store.mailings.create(draft(), now);
    expect(await t.store.mailingDeliveries.addRecipients(mailing.id, "notice", [mixed, r(802)], 100, now)).toEqual({ added: 1, batches: [1] });
  });

  it("marks failed the copies still waiting a day after their round began, and gives no round to a mailing that has not started", async () => {
    const mailing = await t.store.mailings.create(draft(), now);
    expect(await t.store.mailings.nextRound(mailing.id, now)).toBeNull();
    await t.store.mailings.start(
      mailing.id,
      { siteUrl: "https://site.example", by: "a", now, updatedAt: mailing.updatedAt },
      { kind: "notice", recipients: [r(901), r(902)], batchSize: 100 },
    );
    await t.store.mailingDeliveries.claimBatch(mailing.id, 1, 1, now);
    expect(await t.store.mailingDeliveries.expireWaiting(now, "may have been sent", now + 10)).toEqual([]);
    expect(await t.store.mailingDeliveries.expireWaiting(now + 1, "may have been sent", now + 10)).toEqual([mailing.id]);
    expect(await t.store.mailingDeliveries.counts(mailing.id)).toMatchObject({ queued: 2, failed: 2 });
    expect((await t.store.mailingDeliveries.unreachable(mailing.id)).rows.map((row) => row.error)).toEqual(["may have been sent", "may have been sent"]);
  });

  it("lists only the scheduled mailings that are due", async () => {
    const due = await t.store.mailings.create(draft({ subject: "Due" }), now);
    const later = await t.store.mailings.create(draft({ subject: "Later" }), now);
    expect(await t.store.mailings.schedule(due.id, now - 60, "a", now)).toBe(true);
    expect(await t.store.mailings.schedule(later.id, now + 3600, "a", now)).toBe(true);
    expect((await t.store.mailings.due(now, 10)).map((x) => x.subject)).toEqual(["Due"]);
    expect(await t.store.mailings.schedule(due.id, null, "a", now)).toBe(true);
    expect(await t.store.mailings.due(now, 10)).toEqual([]);
  });

  it("writes one row per reachable recipient in batches of the given size, and never a second row for a member", async () => {
    const mailing = await t.store.mailings.create(draft(), now);
    const recipients = Array.from({ length: 250 }, (_, i) => r(i + 1));
    // Member 3 stopped notices; member 4's address bounced; member 5 has a new address since.
    await t.db.batch([
      t.db.prepare("INSERT INTO mail_preferences (member_id, notices) VALUES (?, 'no')").bind(r(3).memberId),
      t.db.prepare("INSERT INTO bad_addresses (member_id, email, reason, at) VALUES (?, ?, 'bounced', 1)").bind(r(4).memberId, r(4).email),
      t.db.prepare("INSERT INTO bad_addresses (member_id, email, reason, at) VALUES (?, 'old@example.org', 'bounced', 1)").bind(r(5).memberId),
    ]);
    expect(await t.store.mailingDeliveries.countReachable("notice", recipients)).toBe(248);
    const first = await t.store.mailingDeliveries.addRecipients(mailing.id, "notice", recipients, 100, now);
    expect(first).toEqual({ added: 248, batches: [1, 2, 3] });
    const again = await t.store.mailingDeliveries.addRecipients(mailing.id, "notice", recipients, 100, now);
    expect(again).toEqual({ added: 0, batches: [] });
    const batch1 = await t.store.mailingDeliveries.claimBatch(mailing.id, 1, 1, now);
    expect(batch1).toHaveLength(100);
    expect(batch1.every((row) => row.status === "sending")).toBe(true);
    expect(batch1.map((row) => row.memberId)).not.toContain(r(3).memberId);
    expect((await t.store.mailingDeliveries.counts(mailing.id)).queued).toBe(248);
  });

  it("sends a newsletter only to members who said yes", async () => {
    const recipients = [r(901), r(902), r(903)];
    await t.db.batch([
      t.db.prepare("INSERT INTO mail_preferences (member_id, newsletters) VALUES (?, 'yes')").bind(r(901).memberId),
      t.db.prepare("INSERT INTO mail_preferences (member_id, newsletters) VALUES (?, 'no')").bind(r(902).memberId),
    ]);
    const mailing = await t.store.mailings.create(draft({ kind: "newsletter" }), now);
    expect(await t.store.mailingDeliveries.addRecipients(mailing.id, "newsletter", recipients, 100, now)).toEqual({ added: 1, batches: [1] });
  });

  it("stores each copy in the outbox once, however often the batch is stored, and marks its row sent", async () => {
    const mailing = await t.store.mailings.create(draft(), now);
    await t.store.mailings.start(
      mailing.id,
      { siteUrl: "https://site.example", by: "a", now, updatedAt: mailing.updatedAt },
      { kind: "notice", recipients: [r(501), r(502)], batchSize: 100 },
    );
    const rows = await t.store.mailingDeliveries.claimBatch(mailing.id, 1, 1, now);
    const copies = () =>
      rows.map((row) => ({
        memberId: row.memberId,
        outboxId: `${mailing.id}-${row.memberId}-${Math.random().toString(36).slice(2)}`,
        email: {
          to: [row.email],
          subject: "S",
          html: "<p>x</p>",
          text: "x",
          purpose: "mailing",
          memberId: row.memberId,
          headers: { "List-Unsubscribe": "<u>" },
        },
      }));
    const stored = await Promise.all([1, 2, 3].map(() => t.store.mailingDeliveries.storeInOutbox(mailing.id, copies(), now)));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(2);
    const { results } = await t.db
      .prepare("SELECT member_id, headers FROM outbox WHERE purpose = 'mailing' AND member_id IN (?, ?)")
      .bind(r(501).memberId, r(502).memberId)
      .all<{ member_id: string; headers: string }>();
    expect(results.map((row) => row.member_id).sort()).toEqual([r(501).memberId, r(502).memberId]);
    expect(JSON.parse(results[0]!.headers)).toEqual({ "List-Unsubscribe": "<u>" });
    expect(await t.store.mailingDeliveries.anyWaiting(mailing.id)).toBe(false);
    expect(await t.store.mailings.finish(mailing.id, now)).toBe(true);
    expect((await t.store.mailings.get(mailing.id))?.status).toBe("sent");
  });

  it("requeues only the failed rows in a new round, and a late result never undoes a bounce", async () => {
    const mailing = await t.store.mailings.create(draft(), now);
    await t.store.mailings.start(
      mailing.id,
      { siteUrl: "https://site.example", by: "a", now, updatedAt: mailing.updatedAt },
      { kind: "notice", recipients: [r(601), r(602), r(603)], batchSize: 100 },
    );
    await t.store.mailingDeliveries.claimBatch(mailing.id, 1, 1, now);
    await t.store.mailingDeliveries.markResults(
      mailing.id,
      [
        { memberId: r(601).memberId, status: "sent", providerId: "p-601" },
        { memberId: r(602).memberId, status: "failed", error: "down" },
        { memberId: r(603).memberId, status: "failed", error: "down" },
      ],
      now,
    );
    await t.store.mailingDeliveries.markResults(mailing.id, [{ memberId: r(601).memberId, status: "bounced" }], now);
    await t.store.mailingDeliveries.markResults(mailing.id, [{ memberId: r(601).memberId, status: "sent", providerId: "p-late" }], now);
    expect(await t.store.mailingDeliveries.findByProviderId("p-601")).toMatchObject({ memberId: r(601).memberId, status: "bounced" });
    expect(await t.store.mailings.finish(mailing.id, now)).toBe(true);
    const round = (await t.store.mailings.nextRound(mailing.id, now))!;
    expect(round).toBe(2);
    expect(await t.store.mailingDeliveries.requeueFailed(mailing.id, round, 100, now)).toEqual([1]);
    expect((await t.store.mailingDeliveries.claimBatch(mailing.id, 2, 1, now)).map((row) => row.memberId)).toEqual([r(602).memberId, r(603).memberId]);
    expect(await t.store.mailingDeliveries.counts(mailing.id)).toEqual({ queued: 3, sent: 0, failed: 0, bounced: 1, complained: 0, unsubscribed: 0 });
    expect((await t.store.mailingDeliveries.unreachable(mailing.id)).rows.map((row) => row.memberId)).toEqual([r(601).memberId]);
  });
});
