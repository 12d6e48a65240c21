-- A fourth role, 'steward' (shown as "Door steward"): the door and nothing else
-- (docs/decisions/0065-door-steward-role.md). SQLite cannot change a CHECK constraint in
-- place, so the members table is rebuilt as 0009 did (SQLite's documented "make other kinds
-- of table schema changes" steps): every column, default, constraint and index exactly as
-- 0009 and 0016 left them (0016 added `rejected`, last), with 'steward' added to the role
-- CHECK. Nothing references members (no foreign keys, triggers or views up to 0023), so no
-- other table moves. The columns are named in the copy, never `SELECT *`.

CREATE TABLE members_0024 (
  id TEXT PRIMARY KEY,
  member_number INTEGER UNIQUE CHECK (member_number IS NULL OR member_number > 0),
  email TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash TEXT NOT NULL,
  title TEXT NOT NULL CHECK (title IN ('Mr', 'Mrs', 'Miss', 'Dr', 'Other')),
  full_name TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  county TEXT NOT NULL DEFAULT '',
  postcode TEXT NOT NULL DEFAULT '',
  mobile TEXT NOT NULL DEFAULT '',
  membership TEXT NOT NULL CHECK (membership IN ('Family', 'Single')),
  spouse TEXT CHECK (spouse IS NULL OR json_valid(spouse)),
  children TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(children) AND json_type(children) = 'array' AND json_array_length(children) <= 5),
  consents TEXT NOT NULL CHECK (json_valid(consents)),
  role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'editor', 'steward', 'accountant')),
  active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
  registration_paid INTEGER NOT NULL DEFAULT 0 CHECK (registration_paid IN (0, 1)),
  last_renewed_year INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  reset_key TEXT,
  reset_key_expires_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  password_changed_at REAL,
  rejected TEXT
);

INSERT INTO members_0024 (
  id, member_number, email, password_hash, title, full_name, address, city, county, postcode, mobile, membership,
  spouse, children, consents, role, active, registration_paid, last_renewed_year, deleted, reset_key, reset_key_expires_at,
  created_at, updated_at, password_changed_at, rejected
)
SELECT
  id, member_number, email, password_hash, title, full_name, address, city, county, postcode, mobile, membership,
  spouse, children, consents, role, active, registration_paid, last_renewed_year, deleted, reset_key, reset_key_expires_at,
  created_at, updated_at, password_changed_at, rejected
FROM members;

DROP TABLE members;
ALTER TABLE members_0024 RENAME TO members;

CREATE INDEX members_deleted_created ON members (deleted, created_at DESC);
CREATE INDEX members_deleted_name ON members (deleted, full_name);
CREATE INDEX members_renewal ON members (deleted, active, last_renewed_year);
