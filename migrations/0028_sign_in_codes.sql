-- E-mailed sign-in codes (docs/decisions/0069): one row per code asked for. Only hashes are
-- kept: of the 6-digit code (HMAC with the site's secret), of the one-tap link's token, and of
-- the random value in the asking browser's cookie, which the code and the link must come back
-- with. member_id is NULL when the e-mail matched nobody: the answer is the same, and no
-- code is sent. A code works once (used_at), for 10 minutes (expires_at), and until its 5th
-- wrong try (failures).
CREATE TABLE sign_in_codes (
  id TEXT PRIMARY KEY,
  member_id TEXT,
  browser_hash TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  link_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  used_at INTEGER
) WITHOUT ROWID;
CREATE INDEX sign_in_codes_expires ON sign_in_codes (expires_at);
