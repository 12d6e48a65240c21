-- Abuse limits (ARCHITECTURE.md point 9): fixed-window counters, one row per key
-- ("contact:ip:203.0.113.7", "contact:email:ada@example.com" ...). The window is
-- part of the row, so a hit is one upsert that starts a new window or counts on.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  hits INTEGER NOT NULL CHECK (hits > 0)
) WITHOUT ROWID;
CREATE INDEX rate_limits_expires ON rate_limits (expires_at);
