import type { CockpitEntry } from "./client.server";

/** A key to order Cockpit entries by, read from the entry's loose values. */
export type OrderKey = (e: CockpitEntry) => number | string;

/**
 * A stable sort on several keys, each ascending (1) or descending (-1). MongoLite sorts
 * numeric strings as text, so the adapters order the read values themselves (ADR 3).
 */
export function orderBy(entries: CockpitEntry[], ...keys: Array<[OrderKey, 1 | -1]>): CockpitEntry[] {
  return [...entries].sort((a, b) => {
    for (const [key, direction] of keys) {
      const x = key(a);
      const y = key(b);
      if (x < y) return -direction;
      if (x > y) return direction;
    }
    return 0;
  });
}
