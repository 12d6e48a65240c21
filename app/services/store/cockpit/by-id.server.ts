import type { CockpitClient, CockpitEntry, CockpitFilter } from "./client.server";

/** Cockpit's ids are 24 hex characters: anything else cannot name an entry (and costs no request). */
export const isCockpitId = (value: string) => /^[0-9a-f]{24}$/i.test(value);

/**
 * The entry with exactly this `_id` (and matching `filter`), or null. MongoLite compares
 * with PHP's loose `==`, under which a hex id that reads as a number in float notation
 * ("1e50000000000000000000000" and "10e4999999...") equals another: so no `limit`, and the
 * exact id is picked here among what matched (one request either way).
 */
export async function findById<T extends CockpitEntry = CockpitEntry>(client: CockpitClient, collection: string, id: string, filter: CockpitFilter = {}): Promise<T | null> {
  if (!isCockpitId(id)) return null;
  const { entries } = await client.find<T>(collection, { filter: { ...filter, _id: id } });
  return entries.find((entry) => entry._id === id) ?? null;
}
