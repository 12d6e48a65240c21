import { ERASED_VALUE, erasedActivity } from "../../../features/data-rights";
import { ATTENDEE_BANDS, BAND_LIMITS } from "../records";
import { d1PersonalOutbox, d1PersonalRefunds } from "../d1/personal-data-outbox.server";
import type { PersonalDataRepository } from "../port";
import { ACTIVITY, activityFromCockpit, isMissingCollection } from "./activity.server";
import type { CockpitClient } from "./client.server";
import { readContactMessages } from "./contact.server";
import { erasedContactMessageIds, markContactMessagesErased } from "./erased-contact-messages.server";
import { MEMBERTRANSACTIONS } from "./shapes-transactions";
import { BAND_KEYS, TICKETS } from "./shapes-tickets";

/**
 * Data rights on Cockpit (docs/requirements.md §8, ADR 0056). The outbox is in D1 on both stores.
 * Cockpit has no bulk update: each of the member's transactions and tickets is saved in turn
 * (a member has a handful). Cockpit v1's API cannot delete a form entry, so a contact message
 * is marked erased in D1 and the inbox no longer shows it; the entry itself is deleted by hand
 * in Cockpit's admin (docs/privacy.md).
 */
export function cockpitPersonalData(client: CockpitClient, db: D1Database): PersonalDataRepository {
  // Cockpit v1's forms/export has no filter: the entries are read and the member's kept.
  const byThem = async (memberId: string) => {
    const erased = await erasedContactMessageIds(db);
    return (await readContactMessages(client)).filter((message) => message.memberId === memberId && !erased.has(message.id));
  };

  return {
    ...d1PersonalOutbox(db),
    ...d1PersonalRefunds(db),
    async contactMessagesBy(memberId) {
      return (await byThem(memberId)).sort((a, b) => b.createdAt - a.createdAt);
    },
    async eraseContactMessagesBy(memberId) {
      const messages = await byThem(memberId);
      await markContactMessagesErased(
        db,
        messages.map((message) => message.id),
      );
      return messages.length;
    },
    async deleteContactMessagesBefore(cutoff) {
      const erased = await erasedContactMessageIds(db);
      const old = (await readContactMessages(client)).filter((message) => message.createdAt < cutoff && !erased.has(message.id));
      await markContactMessagesErased(
        db,
        old.map((message) => message.id),
      );
      return old.length;
    },
    async pseudonymisePayments(userId, as) {
      const transactions = await client.find(MEMBERTRANSACTIONS, { filter: { userId }, fields: { _id: 1, paymentReference: 1 } });
      for (const entry of transactions.entries) {
        // An offline payment's reference is free text, often the payer's name: erased, as on D1.
        const reference = typeof entry.paymentReference === "string" && entry.paymentReference !== "" ? { paymentReference: ERASED_VALUE } : {};
        await client.save(MEMBERTRANSACTIONS, { _id: entry._id, memberName: as.name, memberEmail: as.email, familyDetails: "", ...reference });
      }
      const tickets = await client.find(TICKETS, { filter: { userId } });
      for (const entry of tickets.entries) {
        const names: Record<string, string> = {};
        for (const band of ATTENDEE_BANDS) {
          for (let position = 1; position <= BAND_LIMITS[band].max; position++) {
            const key = BAND_KEYS[band].name(position);
            if (typeof entry[key] === "string" && entry[key].trim() !== "") names[key] = as.name;
          }
        }
        await client.save(TICKETS, { _id: entry._id, email: as.email, ...names });
      }
      return transactions.entries.length + tickets.entries.length;
    },
    async pseudonymiseActivity(ids, names, pseudonym) {
      if (ids.length === 0) return 0;
      let found;
      try {
        found = await client.find(ACTIVITY, { filter: { $or: ids.flatMap((id) => [{ memberId: id }, { subjectId: id }, { actorId: id }]) } });
      } catch (error) {
        if (isMissingCollection(error)) return 0;
        throw error;
      }
      const changed = erasedActivity(found.entries.map(activityFromCockpit), { ids, names, pseudonym });
      for (const { id, before, after, ...texts } of changed) {
        // Before and after are JSON text there (activity.server.ts activityToCockpit).
        const values = {
          ...(before === undefined ? {} : { before: JSON.stringify(before) }),
          ...(after === undefined ? {} : { after: JSON.stringify(after) }),
        };
        await client.save(ACTIVITY, { _id: id, ...texts, ...values });
      }
      return changed.length;
    },
  };
}
