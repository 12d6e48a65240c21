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
-- 1 once an unpaid ticket's hold on its places has been given back (its checkout expired,
-- ADR 43): the running count of places took its people off then (ADR 62).
ALTER TABLE tickets ADD COLUMN hold_released INTEGER NOT NULL DEFAULT 0;
-- An event's tickets: its unpaid holds still counted, oldest first (the release of expired holds).
CREATE INDEX tickets_by_event ON tickets (event_id, paid, hold_released, created_at);
-- The events report's pages of an event's paid tickets, newest first, read in index order.
CREATE INDEX tickets_event_report ON tickets (event_id, paid, created_at DESC, id DESC);
-- The report's titles of a year's paid tickets that have no event (older than events).
CREATE INDEX tickets_without_event ON tickets (year, title) WHERE event_id IS NULL AND paid = 1;

-- How each ticket on a page of the events report was paid (its 'success' transaction), found by the ticket.
CREATE INDEX transactions_ticket ON transactions (ticket_id, status);

-- A refund of a ticket names the ticket's event (its places and the report's refunded total).
ALTER TABLE refunds ADD COLUMN event_id TEXT;
-- 1 once the event's running totals took this succeeded refund in (ADR 62): taken in once.
ALTER TABLE refunds ADD COLUMN totals_applied INTEGER NOT NULL DEFAULT 0;

-- Running totals per event (ADR 62), updated in the same D1 batch as the write they follow:
-- places held (capacity), and the events report's figures. A full recount
-- (npm run totals:check, and the daily run) checks them.
CREATE TABLE event_totals (
  event_id TEXT PRIMARY KEY REFERENCES events (id),
  -- People on paid tickets not refunded in full, and on unpaid ones whose hold is not released.
  places_held INTEGER NOT NULL DEFAULT 0,
  tickets_paid INTEGER NOT NULL DEFAULT 0,
  -- Pence: the prices of the paid tickets, and the succeeded refunds of the event's tickets.
  amount_paid INTEGER NOT NULL DEFAULT 0,
  amount_refunded INTEGER NOT NULL DEFAULT 0,
  -- People on the paid tickets, per band.
  adult INTEGER NOT NULL DEFAULT 0,
  parent INTEGER NOT NULL DEFAULT 0,
  above13 INTEGER NOT NULL DEFAULT 0,
  above5 INTEGER NOT NULL DEFAULT 0,
  below5 INTEGER NOT NULL DEFAULT 0,
  -- People admitted at the door.
  admitted INTEGER NOT NULL DEFAULT 0
);
