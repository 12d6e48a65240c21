-- Sessions ended by logout (ADR 7): the session's random id, kept until the session would
-- have expired anyway; after that its cookie is refused for its age and the row is swept.
CREATE TABLE revoked_sessions (
  id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX revoked_sessions_expires ON revoked_sessions (expires_at);
