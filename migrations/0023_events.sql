-- Events as records (docs/decisions/0060-events-as-records.md): several events a year, each
-- with its own date, venue, capacity, prices and booking window. Kept in D1 on both stores
-- (the Cockpit contract has no events collection), like the refunds.
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  -- YYYY-MM-DD; "" while not set.
  date TEXT NOT NULL DEFAULT '',
  -- 24-hour HH:MM; "" while not set.
  start_time TEXT NOT NULL DEFAULT '',
  end_time TEXT NOT NULL DEFAULT '',
  venue TEXT NOT NULL DEFAULT '',
  description_html TEXT NOT NULL DEFAULT '',
  -- The photo (a MediaRef as JSON), or NULL.
  image TEXT,
  -- People the event takes; 0: no limit.
  capacity INTEGER NOT NULL DEFAULT 0,
  ticket_type TEXT NOT NULL,
  pattern TEXT NOT NULL,
  -- The prices per band in pence and their Stripe price ids (JSON, the settings' ticket shape).
  prices TEXT NOT NULL,
  -- The first day bookings are taken ("" : from now) and the last.
  booking_opens_on TEXT NOT NULL DEFAULT '',
  last_booking_date TEXT NOT NULL,
  published INTEGER NOT NULL DEFAULT 0,
  members_only INTEGER NOT NULL DEFAULT 1,
  cancelled_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX events_by_date ON events (date, id);

-- A ticket's event. NULL: a ticket the adoption matched to no event (ADR 60).
ALTER TABLE tickets ADD COLUMN event_id TEXT REFERENCES events (id);
CREATE INDEX tickets_by_event ON tickets (event_id, paid, created_at);
