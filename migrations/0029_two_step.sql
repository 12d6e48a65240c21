-- Two-step verification (docs/decisions/0071-two-step-verification.md), in D1 on both stores.

-- A member's authenticator-app set-up: the secret sealed with a key from SESSION_SECRET
-- (app/features/two-step/secret-box.server.ts), never in the clear. confirmed_at is NULL while
-- the set-up waits for its first code (such a row turns nothing on). last_used_step is the
-- newest 30-second step whose code was accepted: a code of that step or an older one is
-- refused, so a code seen over a shoulder cannot be used again (RFC 6238 §5.2).
CREATE TABLE two_step (
  member_id TEXT PRIMARY KEY,
  secret_sealed TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  last_used_step INTEGER
) WITHOUT ROWID;

-- The ten recovery codes given at set-up, as SHA-256 hashes; each works once (used_at).
CREATE TABLE two_step_recovery_codes (
  member_id TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (member_id, code_hash)
) WITHOUT ROWID;

-- The site's security settings an accountant changes (so far one: "staff_two_step", whether
-- accountants and editors must use two-step verification; no row means off, and
-- `npm run admin:create` turns it on for a new production site).
CREATE TABLE security_settings (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL,
  changed_at INTEGER NOT NULL,
  changed_by TEXT
) WITHOUT ROWID;
