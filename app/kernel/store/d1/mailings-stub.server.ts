// STUB until merge: the mailings and their delivery rows belong to the sending core
// (app/kernel/store/d1/mailings.server.ts, mailing-deliveries.server.ts). Only what consent,
// unsubscribe, the Resend webhook and data rights read or write is here; the rest refuses.
import type { MailingDeliveriesRepository, MailingsRepository } from "../port";
import type { Audience, Mailing, MailingDelivery, MailingStatus, MailingKind, MediaRef, DeliveryStatus } from "../records";

const notHere = (what: string) => () => Promise.reject(new Error(`${what}: not in this branch (STUB until merge)`));

interface MailingRow {
  id: string;
  kind: MailingKind;
  subject: string;
  preview: string;
  body_html: string;
  photo: string | null;
  button_label: string;
  button_url: string;
  audience: string;
  publish_news: number;
  news_id: string | null;
  status: MailingStatus;
  scheduled_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  round: number;
  site_url: string | null;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
}

const mailingFromRow = (row: MailingRow): Mailing => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  preview: row.preview,
  bodyHtml: row.body_html,
  photo: row.photo ? (JSON.parse(row.photo) as MediaRef) : null,
  buttonLabel: row.button_label,
  buttonUrl: row.button_url,
  audience: JSON.parse(row.audience) as Audience,
  publishNews: row.publish_news === 1,
  newsId: row.news_id,
  status: row.status,
  scheduledAt: row.scheduled_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  round: row.round,
  siteUrl: row.site_url,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function stubMailings(db: D1Database): MailingsRepository {
  return {
    create: notHere("mailings.create"),
    async get(id) {
      const row = await db.prepare("SELECT * FROM mailings WHERE id = ?1").bind(id).first<MailingRow>();
      return row ? mailingFromRow(row) : null;
    },
    list: notHere("mailings.list"),
    updateDraft: notHere("mailings.updateDraft"),
    schedule: notHere("mailings.schedule"),
    claimStart: notHere("mailings.claimStart"),
    due: notHere("mailings.due"),
    setNewsId: notHere("mailings.setNewsId"),
    finish: notHere("mailings.finish"),
    nextRound: notHere("mailings.nextRound"),
  };
}

interface DeliveryRow {
  mailing_id: string;
  member_id: string;
  email: string;
  first_name: string;
  status: DeliveryStatus;
  round: number;
  batch: number;
  provider_id: string | null;
  error: string | null;
  updated_at: number;
}

const deliveryFromRow = (row: DeliveryRow): MailingDelivery => ({
  mailingId: row.mailing_id,
  memberId: row.member_id,
  email: row.email,
  firstName: row.first_name,
  status: row.status,
  round: row.round,
  batch: row.batch,
  providerId: row.provider_id,
  error: row.error,
  updatedAt: row.updated_at,
});

export function stubMailingDeliveries(db: D1Database): MailingDeliveriesRepository {
  return {
    addRecipients: notHere("mailingDeliveries.addRecipients"),
    countReachable: notHere("mailingDeliveries.countReachable"),
    claimBatch: notHere("mailingDeliveries.claimBatch"),
    async markResults(mailingId, results, now) {
      if (results.length === 0) return;
      await db.batch(
        results.map((r) =>
          db
            .prepare(
              "UPDATE mailing_deliveries SET status = ?3, provider_id = COALESCE(?4, provider_id), error = ?5, updated_at = ?6 WHERE mailing_id = ?1 AND member_id = ?2",
            )
            .bind(mailingId, r.memberId, r.status, r.providerId ?? null, r.error ?? null, now),
        ),
      );
    },
    counts: notHere("mailingDeliveries.counts"),
    unreachable: notHere("mailingDeliveries.unreachable"),
    async findByProviderId(providerId) {
      const row = await db.prepare("SELECT * FROM mailing_deliveries WHERE provider_id = ?1").bind(providerId).first<DeliveryRow>();
      return row ? deliveryFromRow(row) : null;
    },
    requeueFailed: notHere("mailingDeliveries.requeueFailed"),
    anyWaiting: notHere("mailingDeliveries.anyWaiting"),
    async listForMember(memberId) {
      return (await db.prepare("SELECT * FROM mailing_deliveries WHERE member_id = ?1 ORDER BY updated_at").bind(memberId).all<DeliveryRow>()).results.map(
        deliveryFromRow,
      );
    },
    async deleteForMember(memberId) {
      return (await db.prepare("DELETE FROM mailing_deliveries WHERE member_id = ?1").bind(memberId).run()).meta.changes ?? 0;
    },
  };
}
