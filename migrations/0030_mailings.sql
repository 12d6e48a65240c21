-- Member mailings (docs/requirements.md §13, docs/decisions/0073): in D1 on both stores, like the
-- outbox and the sessions. Everything about a person carries that person's id.

-- A mailing: a draft until it is sent or scheduled. `audience` is JSON ({"kind":"not-renewed"},
-- {"kind":"children-born","years":[2015,2016]}, {"kind":"event-tickets","eventId":"…"} …).
-- `round` counts "send the failed again": each round's batches have their own idempotency key.
-- `site_url` is the address the copies' links use, fixed when sending starts (a queue consumer
-- or the 15-minute cron has no request to take it from).
CREATE TABLE mailings (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('notice', 'newsletter')),
  subject TEXT NOT NULL,
  preview TEXT NOT NULL DEFAULT '',
  body_html TEXT NOT NULL DEFAULT '',
  -- A photo from the site's media (MediaRef JSON), sent at e-mail width from its renditions.
  photo TEXT,
  -- One call-to-action button under the text (both or neither).
  button_label TEXT NOT NULL DEFAULT '',
  button_url TEXT NOT NULL DEFAULT '',
  audience TEXT NOT NULL,
  publish_news INTEGER NOT NULL DEFAULT 0 CHECK (publish_news IN (0, 1)),
  news_id TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
  scheduled_at INTEGER,
  started_at INTEGER,
  finished_at INTEGER,
  round INTEGER NOT NULL DEFAULT 1,
  site_url TEXT,
  created_by TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX mailings_list ON mailings (created_at DESC, id);
-- The 15-minute cron reads only the scheduled ones that are due.
CREATE INDEX mailings_due ON mailings (scheduled_at) WHERE status = 'scheduled';

-- One row per recipient of a mailing, unique on (mailing, member): sending twice cannot write a
-- second copy. `batch` is the queue message (100 recipients, Resend's batch limit) that sends it.
CREATE TABLE mailing_deliveries (
  mailing_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'complained')),
  round INTEGER NOT NULL DEFAULT 1,
  batch INTEGER NOT NULL,
  provider_id TEXT,
  error TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (mailing_id, member_id)
) WITHOUT ROWID;
CREATE INDEX mailing_deliveries_batch ON mailing_deliveries (mailing_id, round, batch, status);
CREATE INDEX mailing_deliveries_status ON mailing_deliveries (mailing_id, status);
CREATE INDEX mailing_deliveries_member ON mailing_deliveries (member_id);
CREATE INDEX mailing_deliveries_provider ON mailing_deliveries (provider_id) WHERE provider_id IS NOT NULL;

-- What each member chose. No row, or newsletters NULL: "not asked" (existing members start so).
-- notices = 'no' only after the member unsubscribed from a notice's one-click link.
CREATE TABLE mail_preferences (
  member_id TEXT PRIMARY KEY,
  newsletters TEXT CHECK (newsletters IN ('yes', 'no')),
  newsletters_source TEXT,
  newsletters_at INTEGER,
  notices TEXT NOT NULL DEFAULT 'yes' CHECK (notices IN ('yes', 'no')),
  notices_at INTEGER
) WITHOUT ROWID;
CREATE INDEX mail_preferences_newsletters ON mail_preferences (newsletters, member_id);

-- Every change of those choices, as a record: when, where it was given and, for an unsubscribe
-- or a complaint, the mailing that caused it (the report's "unsubscribed because of it").
CREATE TABLE mail_preference_changes (
  id TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  topic TEXT NOT NULL CHECK (topic IN ('newsletters', 'notices')),
  given INTEGER NOT NULL CHECK (given IN (0, 1)),
  source TEXT NOT NULL CHECK (source IN ('sign-up', 'my-account', 'imported', 'accountant', 'unsubscribe', 'complaint')),
  mailing_id TEXT,
  at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX mail_preference_changes_member ON mail_preference_changes (member_id, at);
CREATE INDEX mail_preference_changes_mailing ON mail_preference_changes (mailing_id) WHERE mailing_id IS NOT NULL;

-- Addresses that bounced or complained, per member: no mailing goes to the member while their
-- e-mail is still this address. Correcting the e-mail (Edit Member) ends it.
CREATE TABLE bad_addresses (
  member_id TEXT NOT NULL,
  email TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('bounced', 'complained')),
  mailing_id TEXT,
  at INTEGER NOT NULL,
  PRIMARY KEY (member_id, email)
) WITHOUT ROWID;
CREATE INDEX bad_addresses_at ON bad_addresses (at DESC);

-- Resend webhook deliveries already handled, by their svix-id: a replay changes nothing.
CREATE TABLE webhook_receipts (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX webhook_receipts_received ON webhook_receipts (received_at);

-- Resend's webhook finds the e-mail that bounced or was complained about by Resend's id.
CREATE INDEX outbox_provider ON outbox (provider_id) WHERE provider_id IS NOT NULL;

-- A copy's headers (List-Unsubscribe …), JSON; shown in the outbox.
ALTER TABLE outbox ADD COLUMN headers TEXT;
