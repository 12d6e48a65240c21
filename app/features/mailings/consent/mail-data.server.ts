import type { Store } from "~/kernel/store/port";
import type { Id } from "~/kernel/store/records";
import { mailData, type MailData } from "./mail-data";

/** The member's mail records for "Download my data" (docs/requirements.md §8.2, §13), found by their id. */
export async function collectMailData(store: Store, memberId: Id): Promise<MailData> {
  const [preferences, changes, deliveries, badAddresses] = await Promise.all([
    store.mailPreferences.get(memberId),
    store.mailPreferences.changesForMember(memberId),
    store.mailingDeliveries.listForMember(memberId),
    store.badAddresses.forMember(memberId),
  ]);
  const ids = [...new Set([...deliveries.map((d) => d.mailingId), ...changes.flatMap((c) => (c.mailingId ? [c.mailingId] : []))])];
  const mailings = await Promise.all(ids.map((id) => store.mailings.get(id)));
  const subjects = new Map(mailings.flatMap((m) => (m ? [[m.id, m.subject] as const] : [])));
  return mailData({ preferences, changes, deliveries, badAddresses, subjects });
}

/** Erasure (docs/requirements.md §8.3): the member's choices, their changes, their deliveries and bad addresses go. */
export async function eraseMailData(store: Store, memberId: Id): Promise<void> {
  await store.mailPreferences.deleteForMember(memberId);
  await store.mailingDeliveries.deleteForMember(memberId);
  await store.badAddresses.deleteForMember(memberId);
}
