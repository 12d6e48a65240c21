-- The members' documents' files now live in the MEDIA bucket (R2), keyed by the record's
-- path (docs/decisions/0040-uploads-and-renditions.md). SQL cannot write to R2, so the
-- bytes are moved first by `npm run documents:to-r2` (`-- --remote` for the deployed
-- database; npm start, npm run dev and the import move a local database's by themselves).
--
-- This migration drops document_files only when it is empty: while a row is left, the
-- INSERT below breaks the CHECK, the migration fails with
-- "CHECK constraint failed: document_files_must_be_moved_first__run_npm_run_documents_to_r2",
-- nothing of it is applied, and no file is lost.
CREATE TABLE document_files_move_check (
  rows_left INTEGER NOT NULL,
  CONSTRAINT document_files_must_be_moved_first__run_npm_run_documents_to_r2 CHECK (rows_left = 0)
);
INSERT INTO document_files_move_check (rows_left) SELECT COUNT(*) FROM document_files;
DROP TABLE document_files_move_check;
DROP TABLE document_files;
