import type { MediaRef } from "../records";
import { teamOrder } from "../../../features/studio";
import type { DocumentWrites, PeopleWrites } from "../port";
import { findById } from "./by-id.server";
import type { CockpitClient, CockpitEntry } from "./client.server";
import { documentFromCockpit, eventFromCockpit, officeBearerFromCockpit, previousTeamFromCockpit } from "./shapes-content";
import { media, mediaToCockpit } from "./shapes-loose";

/**
 * The studio's writes of the event calendar, the office bearers (with their previous teams)
 * and the members' documents on Cockpit v1 (docs/requirements.md §7.7, §7.9, §7.10), in the
 * old site's collections and field names (eventCalender: Month, Date, Name, url;
 * officeBearers: name, role, photo, order; officeBearersHistory: title, content; documents:
 * title, document). Cockpit answers an update with the fields sent only, so an update
 * re-reads the entry; it has no batch, so moving the team saves the previous team first
 * (nothing is lost if removing then fails).
 */

const EVENTS = "eventCalender";
const BEARERS = "officeBearers";
const HISTORY = "officeBearersHistory";
const DOCUMENTS = "documents";

/** Saves fields on an existing entry and answers it as it now is; null when it is not there. */
async function updateEntry(client: CockpitClient, collection: string, id: string, fields: (stored: CockpitEntry) => Record<string, unknown>) {
  const stored = await findById(client, collection, id);
  if (!stored) return null;
  await client.save(collection, { _id: stored._id, ...fields(stored) });
  return findById(client, collection, id);
}

async function removeEntry(client: CockpitClient, collection: string, id: string): Promise<boolean> {
  if (!(await findById(client, collection, id))) return false;
  await client.remove(collection, { _id: id });
  return true;
}

/**
 * A photo field to save: left out when it is the one stored (read back through CMS_ASSETS_URL
 * it is an absolute URL, which must not be written over the asset Cockpit keeps), null to remove it.
 */
function photoField(stored: CockpitEntry, photo: MediaRef | null, assetsBase?: string): Record<string, unknown> {
  const current = media(stored.photo, assetsBase);
  if (photo && current && photo.path === current.path) return {};
  return { photo: mediaToCockpit(photo) };
}

export function cockpitPeopleWrites(client: CockpitClient, assetsBase?: string): PeopleWrites {
  return {
    async createEvent(entry) {
      return eventFromCockpit(await client.save(EVENTS, { Month: entry.month, Date: entry.date, Name: entry.name, url: entry.url }));
    },
    async updateEvent(id, entry) {
      const saved = await updateEntry(client, EVENTS, id, () => ({ Month: entry.month, Date: entry.date, Name: entry.name, url: entry.url }));
      return saved ? eventFromCockpit(saved) : null;
    },
    deleteEvent: (id) => removeEntry(client, EVENTS, id),

    async createOfficeBearer(bearer) {
      const { entries } = await client.find(BEARERS, { fields: { order: 1 } });
      const order = entries.reduce((max, e) => Math.max(max, Number(e.order) || 0), 0) + 1;
      const saved = await client.save(BEARERS, { name: bearer.name, role: bearer.role, photo: mediaToCockpit(bearer.photo), order });
      return officeBearerFromCockpit(saved, assetsBase);
    },
    async updateOfficeBearer(id, bearer) {
      const saved = await updateEntry(client, BEARERS, id, (stored) => ({
        name: bearer.name,
        role: bearer.role,
        ...photoField(stored, bearer.photo, assetsBase),
      }));
      return saved ? officeBearerFromCockpit(saved, assetsBase) : null;
    },
    deleteOfficeBearer: (id) => removeEntry(client, BEARERS, id),
    async reorderOfficeBearers(ids) {
      const { entries } = await client.find(BEARERS, { fields: { _id: 1 } });
      // Cockpit has no batch: one save a person.
      for (const { id, order } of teamOrder(ids, new Set(entries.map((e) => e._id)))) await client.save(BEARERS, { _id: id, order });
    },

    async moveTeamToPrevious(team) {
      const saved = await client.save(HISTORY, { title: team.title, content: team.contentHtml });
      const { entries } = await client.find(BEARERS, { fields: { _id: 1 } });
      for (const entry of entries) await client.remove(BEARERS, { _id: entry._id });
      return previousTeamFromCockpit(saved);
    },
    async updatePreviousTeam(id, team) {
      const saved = await updateEntry(client, HISTORY, id, () => ({ title: team.title, content: team.contentHtml }));
      return saved ? previousTeamFromCockpit(saved) : null;
    },
    deletePreviousTeam: (id) => removeEntry(client, HISTORY, id),
  };
}

/** The file field keeps the path the studio's DocumentFileStore gave: a Cockpit asset as its file field holds it ("storage/uploads/…", ADR 47). */
export function cockpitDocumentWrites(client: CockpitClient, assetsBase?: string): DocumentWrites {
  return {
    async create(document) {
      return documentFromCockpit(await client.save(DOCUMENTS, { title: document.title, document: document.file.path }), assetsBase);
    },
    async update(id, patch) {
      const saved = await updateEntry(client, DOCUMENTS, id, () => ({
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.file === undefined ? {} : { document: patch.file.path }),
      }));
      return saved ? documentFromCockpit(saved, assetsBase) : null;
    },
    remove: (id) => removeEntry(client, DOCUMENTS, id),
  };
}
