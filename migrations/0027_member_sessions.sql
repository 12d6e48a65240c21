-- Sessions as records (docs/decisions/0070-sessions-as-records.md; ADR 7). Every sign-in has a
-- row here, keyed by the random id its signed cookie carries; a cookie without a row (one from
-- before this migration, or one signed out) signs nobody in. D1 on both stores, like the rate
-- limits. Rows go once they have expired (the daily run).
CREATE TABLE member_sessions (
  -- The cookie's sessionId: 128 random bits as 32 hex digits.
  id TEXT PRIMARY KEY,
  -- No foreign key: on the Cockpit store the members are not in D1.
  member_id TEXT NOT NULL,
  -- Unix seconds with milliseconds (the cookie's issuedAt): a sign-in just after a password
  -- change is never mistaken for one before it.
  created_at REAL NOT NULL,
  -- Unix seconds; written at most once per 5 minutes per session (ADR 70).
  last_seen_at INTEGER NOT NULL,
  -- Unix seconds: when the cookie stops being accepted anyway (SESSION_MAX_AGE after sign-in).
  expires_at INTEGER NOT NULL,
  -- What the browser said it was, cut to 400 characters, for "Signed-in devices"; NULL when it said nothing.
  user_agent TEXT,
  -- Cloudflare's two-letter country of the sign-in (request.cf.country); NULL when unknown.
  country TEXT,
  -- 1: the session signs nobody in until its second step is done (ADR 71).
  second_step_required INTEGER NOT NULL DEFAULT 0 CHECK (second_step_required IN (0, 1)),
  -- Unix seconds of the second step on this session; NULL until it is done.
  second_step_at INTEGER,
  -- Unix seconds of the sign-out (this device, or from another one); NULL while signed in.
  revoked_at INTEGER
) WITHOUT ROWID;
-- A member's devices (the sessions page), newest first.
CREATE INDEX member_sessions_member ON member_sessions (member_id, expires_at);
-- The daily run's cleanup.
CREATE INDEX member_sessions_expires ON member_sessions (expires_at);
