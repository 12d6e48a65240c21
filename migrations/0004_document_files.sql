-- The members' documents' files in the embedded default (D1 store): the bytes of each
-- file, keyed by the path the documents record names ("/documents/constitution.pdf").
-- Served only to signed-in members by /documents/{id}, never from public/. With Cockpit
-- the same path resolves against CMS_ASSETS_URL instead, and this table stays empty.
-- D1 keeps a row below 2 MB: larger files belong in Cockpit (or R2, later).
CREATE TABLE document_files (
  path TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
