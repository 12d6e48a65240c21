import type { EmailStatus, NewOutboxEmail, OutboxEmail } from "~/kernel/store/records";
import type { OutboxRepository } from "~/kernel/store/port";

/** The outbox port in memory: what the e-mail service recorded, and every status change. */
export function memoryOutbox() {
  const emails = new Map<string, OutboxEmail>();
  const repo: OutboxRepository = {
    async add(email: NewOutboxEmail, status: EmailStatus, provider: string) {
      const record: OutboxEmail = { ...email, id: `e${emails.size + 1}`, status, provider, providerId: null, error: null, createdAt: 1, updatedAt: 1 };
      emails.set(record.id, record);
      return record;
    },
    async markResult(id, result) {
      const email = emails.get(id)!;
      emails.set(id, { ...email, status: result.status, providerId: result.providerId ?? null, error: result.error ?? null });
    },
    async claimFailed(id) {
      const email = emails.get(id);
      if (email?.status !== "failed") return false;
      emails.set(id, { ...email, status: "queued" });
      return true;
    },
    async addMany(list, status, provider) {
      return Promise.all(list.map((email) => repo.add(email, status, provider)));
    },
    async markResults(results) {
      for (const { id, ...result } of results) await repo.markResult(id, result);
    },
    async get(id) {
      return emails.get(id) ?? null;
    },
    async findByProviderId(providerId) {
      return [...emails.values()].find((email) => email.providerId === providerId) ?? null;
    },
    async list() {
      return { rows: [...emails.values()].reverse(), total: emails.size };
    },
  };
  return { repo, emails };
}
