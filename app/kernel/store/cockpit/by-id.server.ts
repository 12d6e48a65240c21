import type { CockpitClient, CockpitEntry, CockpitFilter } from "./client.server";

/** Cockpit's ids are 24 hex characters: anything else cannot name an entry (and costs no request). */
export const isCockpitId = (value: string) => /^[0-9a-f]{24}$/i.test(value);

/**
 * The entry with exactly this `_id` (and matching `filter`), or null. MongoLite compares
 * with PHP's loose `==`, under which hex ids that read as the same number are equal
 * ("0000000000000000000001e2" == "000000000000000000000100", both 100): so no `limit`, and the
 * exact id is picked here among what matched (one request either way).
 */
export async function findById<T extends CockpitEntry = CockpitEntry>(
  client: CockpitClient,
  collection: string,
  id: string,
  filter: CockpitFilter = {},
): Promise<T | null> {
  if (!isCockpitId(id)) return null;
  const { entries } = await client.find<T>(collection, { filter: { ...filter, _id: id } });
  return entries.find((entry) => entry._id === id) ?? null;
}
