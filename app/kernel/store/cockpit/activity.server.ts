import type { ActivityEntry, ActivityKind, JsonValue, NewActivityEntry } from "../../activity/activity";
import { StoreUnavailableError } from "../errors";
import type { ActivityRepository } from "../port";
import { cockpitPage } from "./best-effort.server";
import type { CockpitClient, CockpitEntry } from "./client.server";
import { text } from "./shapes-loose";

/** Our own collection (the old site had none for the log; ADR 39); vendor/cockpit-v1/start.sh creates it. */
export const ACTIVITY = "activity";

/**
 * Before and after are kept as JSON text in text fields: Cockpit stores a PHP array for an
 * object, and reads an empty object back as `[]` (README of vendor/cockpit-v1), so a value
 * would not come back as it was saved. Absent values are not sent (Cockpit then keeps null).
 */
function readJson(value: unknown): JsonValue | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    return JSON.parse(value) as JsonValue;
  } catch {
    return undefined;
  }
}

/** Cockpit's answer for a collection it does not have: 412 "Collection not found". */
export function isMissingCollection(error: unknown): boolean {
  return error instanceof StoreUnavailableError && error.status === 412 && /collection not found/i.test(error.message);
}

export function activityFromCockpit(entry: CockpitEntry): ActivityEntry {
  const before = readJson(entry.before);
  const after = readJson(entry.after);
  return {
    id: entry._id,
    at: text(entry.at),
    actorId: text(entry.actorId),
    actorName: text(entry.actorName),
    // A kind this code does not know is still shown by its stored sentence.
    kind: text(entry.kind) as ActivityKind,
    subjectId: text(entry.subjectId),
    subjectName: text(entry.subjectName),
    memberId: typeof entry.memberId === "string" && entry.memberId !== "" ? entry.memberId : null,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    summary: text(entry.summary),
  };
}

/** An entry as it is saved (without an id: Cockpit gives one). */
export function activityToCockpit(entry: NewActivityEntry): Record<string, unknown> {
  const { before, after, ...fields } = entry;
  return {
    ...fields,
    ...(before === undefined ? {} : { before: JSON.stringify(before) }),
    ...(after === undefined ? {} : { after: JSON.stringify(after) }),
  };
}

export function cockpitActivity(client: CockpitClient): ActivityRepository {
  return {
    async record(entry) {
      const saved = await client.save(ACTIVITY, activityToCockpit(entry));
      return { ...entry, id: saved._id };
    },

    async list(query = {}) {
      try {
        const result = await client.find(ACTIVITY, { sort: { at: -1, _id: -1 }, ...cockpitPage(query) });
        return { rows: result.entries.map(activityFromCockpit), total: result.total };
      } catch (error) {
        // A Cockpit set up before the log existed has no collection for it: nothing was recorded
        // there (record fails and is logged), which is what the page then says.
        if (isMissingCollection(error)) return { rows: [], total: 0 };
        throw error;
      }
    },

    async listAbout(memberId, limit) {
      try {
        // Entries written before they carried the member's id are found by their subject (migration 0021).
        const result = await client.find(ACTIVITY, { filter: { $or: [{ memberId }, { subjectId: memberId }] }, sort: { at: -1, _id: -1 }, limit });
        return result.entries.map(activityFromCockpit);
      } catch (error) {
        if (isMissingCollection(error)) return [];
        throw error;
      }
    },
  };
}
