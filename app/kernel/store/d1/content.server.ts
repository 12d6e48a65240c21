import type { Id, InfoPage, PageKey } from "../records";
import { infoPageSchema, siteSettingsSchema, type SiteSettings } from "../site-settings";
import { defaultSiteSettings } from "../site-settings-defaults";
import type { ContentRepository, DocumentsRepository, ContactMessagesRepository } from "../port";
import { d1SlidesAndPagesWrites } from "./content-slides-pages-writes.server";
import { d1NewsWrites } from "./content-news-writes.server";
import { d1GalleryWrites } from "./content-gallery-writes.server";
import { d1DocumentWrites, d1PeopleWrites } from "./content-people-writes.server";
import { documentFileFromMedia } from "./document-files.server";
import { d1SettingsWrites } from "./content-settings-writes.server";
import { newId, nowSeconds } from "../ids";
import { documentFromRow, eventFromRow, galleryFromRow, newsFromRow, officeBearerFromRow, previousTeamFromRow, slideFromRow } from "./rows";
import { insertRow } from "./sql";

async function singleton(db: D1Database, name: string): Promise<unknown | null> {
  const row = await db.prepare("SELECT data FROM singletons WHERE name = ?").bind(name).first<{ data: string }>();
  return row ? JSON.parse(row.data) : null;
}

export function d1Content(db: D1Database): ContentRepository {
  const all = async <T>(sql: string, map: (row: Record<string, unknown>) => T, ...params: unknown[]) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .all<Record<string, unknown>>()
    ).results.map(map);

  return {
    async getSiteSettings(): Promise<SiteSettings> {
      const data = await singleton(db, "general");
      // A fresh database (migrations only): the association has set nothing yet.
      if (data == null) return defaultSiteSettings();
      return siteSettingsSchema.parse(data);
    },
    async getPage(key: PageKey): Promise<InfoPage | null> {
      const data = await singleton(db, key);
      const parsed = infoPageSchema.safeParse(data);
      return parsed.success ? parsed.data : null;
    },
    // rowid breaks created_at's one-second ties in the order the rows were added.
    listSlides: () => all("SELECT * FROM home_slides ORDER BY sort_order ASC, created_at ASC, rowid", slideFromRow),
    listOfficeBearers: () => all("SELECT * FROM office_bearers ORDER BY sort_order ASC, created_at ASC, rowid", officeBearerFromRow),
    listPreviousTeams: () => all("SELECT * FROM previous_teams ORDER BY created_at DESC, rowid DESC", previousTeamFromRow),
    listEvents: () => all("SELECT * FROM calendar_events ORDER BY created_at ASC, rowid", eventFromRow),
    listGalleries: () => all("SELECT * FROM galleries ORDER BY sort_order ASC, created_at ASC, rowid", galleryFromRow),
    async getGallery(id: Id) {
      const row = await db.prepare("SELECT * FROM galleries WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? galleryFromRow(row) : null;
    },
    listPublishedNews: () => all("SELECT * FROM news WHERE published = 1 ORDER BY created_at DESC", newsFromRow),
    async getPublishedNews(id: Id) {
      const row = await db.prepare("SELECT * FROM news WHERE id = ? AND published = 1").bind(id).first<Record<string, unknown>>();
      return row ? newsFromRow(row) : null;
    },
    ...d1PeopleWrites(db),
    ...d1SettingsWrites(db),
    ...d1SlidesAndPagesWrites(db),
    ...d1NewsWrites(db),
    ...d1GalleryWrites(db),
  };
}

export function d1Documents(db: D1Database, media?: R2Bucket): DocumentsRepository {
  return {
    async list() {
      const { results } = await db.prepare("SELECT * FROM documents ORDER BY created_at DESC").all<Record<string, unknown>>();
      return results.map(documentFromRow);
    },
    async get(id) {
      const row = await db.prepare("SELECT * FROM documents WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? documentFromRow(row) : null;
    },
    file: (document) => documentFileFromMedia(media, db, document.file.path),
    ...d1DocumentWrites(db),
  };
}

export function d1ContactMessages(db: D1Database): Pick<ContactMessagesRepository, "create"> {
  return {
    async create(message) {
      const { memberId, ...fields } = message;
      await insertRow(db, "contact_messages", { id: newId(), ...fields, member_id: memberId, created_at: nowSeconds() }).run();
    },
  };
}
