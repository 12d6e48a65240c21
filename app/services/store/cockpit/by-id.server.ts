import type { CockpitClient, CockpitEntry, CockpitFilter } from "./client.server";

/** Cockpit's ids are 24 hex characters: anything else cannot name an entry (and costs no request). */
export const isCockpitId = (value: string) => /^[0-9a-f]{24}$/i.test(value);

/**
 * The entry with exactly this `_id` (and matching `filter`), or null. MongoLite compares
 * with PHP's loose `==`, under which two all-digit ids such as "160000000000000000000001"
 * and "160000000000000000000003" are the same number (1.6e23): so no `limit`, and the
 * exact id is picked here among what matched.
 */
export async function findById<T extends CockpitEntry = CockpitEntry>(client: CockpitClient, collection: string, id: string, filter: CockpitFilter = {}): Promise<T | null> {
  if (!isCockpitId(id)) return null;
  const { entries } = await client.find<T>(collection, { filter: { ...filter, _id: id } });
  return entries.find((entry) => entry._id === id) ?? null;
}
