-- Sign-in failure counters (app/kernel/http/rate-limits.ts, SIGN_IN_FAILURE_RULES) make the
-- next attempt wait a time that grows with the failures, counted from the last one:
-- so a counter row also remembers when it was last counted (Unix seconds; 0 = never).
ALTER TABLE rate_limits ADD COLUMN last_hit_at INTEGER NOT NULL DEFAULT 0;
