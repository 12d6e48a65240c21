-- Automatic renewal reminders (issue 19, ADR 0050): one row per member, membership year and
-- stage ("09-01"), written (INSERT OR IGNORE) before the reminder is sent, so a member gets
-- each stage once however often, or however many at once, the daily run goes. `sent_at` is
-- Unix seconds; the subscriptions page reads when each stage last ran and to how many.
-- Kept in D1 in both store modes (a Cockpit site has its D1 too), like content_version.
CREATE TABLE renewal_reminders (
  member_id TEXT NOT NULL,
  year INTEGER NOT NULL,
  stage TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, year, stage)
) WITHOUT ROWID;
CREATE INDEX renewal_reminders_stage ON renewal_reminders (year, stage, sent_at);
