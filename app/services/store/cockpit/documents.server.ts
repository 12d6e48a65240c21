import type { DocumentsRepository } from "../port";
import type { CockpitClient } from "./client.server";
import { findById } from "./by-id.server";
import { orderBy } from "./content.server";
import { documentFromCockpit } from "./shapes-content";
import { seconds } from "./shapes-loose";

/**
 * Members' documents from the `documents` collection, newest first. The file field
 * (`document`, an asset or a path) becomes a path under /storage/uploads, resolved to an
 * absolute URL with CMS_ASSETS_URL; app/services/documents.server.ts streams it from there.
 */
export function cockpitDocuments(client: CockpitClient, assetsBase?: string): DocumentsRepository {
  return {
    async list() {
      const { entries } = await client.find("documents", { sort: { _created: -1 } });
      return orderBy(entries, [(e) => seconds(e._created), -1]).map((e) => documentFromCockpit(e, assetsBase));
    },
    async get(id) {
      const entry = await findById(client, "documents", id);
      return entry ? documentFromCockpit(entry, assetsBase) : null;
    },
  };
}
