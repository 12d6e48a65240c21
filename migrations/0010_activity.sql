-- The activity log (/accounts/activity): who changed what in the back office, and when.
-- Rows are added, never changed. `at` is an ISO 8601 instant in UTC, so text order is time
-- order; before_value/after_value are JSON (NULL when the change has none).
CREATE TABLE activity (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  subject_name TEXT NOT NULL,
  before_value TEXT CHECK (before_value IS NULL OR json_valid(before_value)),
  after_value TEXT CHECK (after_value IS NULL OR json_valid(after_value)),
  summary TEXT NOT NULL
);
CREATE INDEX activity_at ON activity (at DESC);
