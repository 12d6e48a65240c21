-- Members search and keyset paging (docs/requirements.md §6.2, ADR 63).
--
-- One FTS5 row per member, whose rowid is the member's rowid: every name in the household
-- (member, spouse, children), the e-mail addresses, the member number (as 42 and MMA42), the
-- phones and the postcode (each also without its spaces, so "M145AB" and "07700900123" match).
-- The search asks for a prefix of each word the accountant types ("sara* thomas*"), which the
-- unicode61 tokenizer reads without accents or case.
--
-- The index follows the members table through the three triggers below. A migration that
-- rebuilds `members` (CREATE, copy, DROP, RENAME) drops them with the old table: it must
-- create them again and refill the index (the last two statements of this file), as ADR 63 says.

CREATE VIRTUAL TABLE members_search USING fts5(
  names,
  emails,
  numbers,
  phones,
  postcode,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- A deleted or changed row's words leave the index at once, not when FTS5 next merges its
-- segments: an erased member's names must not stay in the index's blocks (docs/requirements.md §8.3).
INSERT INTO members_search (members_search, rank) VALUES ('secure-delete', 1);

-- What the index holds for a member, in one place for the triggers and the refill.
CREATE VIEW members_search_text AS
SELECT
  rowid AS member_rowid,
  trim(
    full_name || ' ' || coalesce(json_extract(spouse, '$.name'), '') || ' ' ||
    coalesce((SELECT group_concat(json_extract(child.value, '$.name'), ' ') FROM json_each(members.children) AS child), '')
  ) AS names,
  trim(email || ' ' || coalesce(json_extract(spouse, '$.email'), '')) AS emails,
  CASE WHEN member_number IS NULL THEN '' ELSE member_number || ' MMA' || member_number END AS numbers,
  trim(
    mobile || ' ' || replace(replace(mobile, ' ', ''), '-', '') || ' ' ||
    coalesce(json_extract(spouse, '$.mobile'), '') || ' ' || replace(replace(coalesce(json_extract(spouse, '$.mobile'), ''), ' ', ''), '-', '')
  ) AS phones,
  trim(postcode || ' ' || replace(postcode, ' ', '')) AS postcode
FROM members;

CREATE TRIGGER members_search_insert AFTER INSERT ON members BEGIN
  INSERT INTO members_search (rowid, names, emails, numbers, phones, postcode)
  SELECT member_rowid, names, emails, numbers, phones, postcode FROM members_search_text WHERE member_rowid = new.rowid;
END;

CREATE TRIGGER members_search_update AFTER UPDATE OF full_name, spouse, children, email, member_number, mobile, postcode ON members BEGIN
  DELETE FROM members_search WHERE rowid = old.rowid;
  INSERT INTO members_search (rowid, names, emails, numbers, phones, postcode)
  SELECT member_rowid, names, emails, numbers, phones, postcode FROM members_search_text WHERE member_rowid = new.rowid;
END;

CREATE TRIGGER members_search_delete AFTER DELETE ON members BEGIN
  DELETE FROM members_search WHERE rowid = old.rowid;
END;

-- The members tables page by keyset (ADR 63): newest first and by name, within the current or
-- the deleted list, each ending in the id that breaks ties.
CREATE INDEX members_list_created ON members (deleted, created_at, id);
CREATE INDEX members_list_name ON members (deleted, full_name COLLATE NOCASE, id);

DELETE FROM members_search;
INSERT INTO members_search (rowid, names, emails, numbers, phones, postcode)
SELECT member_rowid, names, emails, numbers, phones, postcode FROM members_search_text;
