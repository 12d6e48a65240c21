-- Running totals per year for the subscriptions report (docs/decisions/0064-running-totals-per-year.md).

-- The UK day (YYYY-MM-DD) the money of a paid transaction came (docs/requirements.md §6.9):
-- the day received an accountant recorded (paid_on), else the day it settled in London.
-- Set when the transaction is paid; NULL while it is not. The report, its chart and its
-- downloads read it; the activity log keeps the day it was entered.
ALTER TABLE transactions ADD COLUMN received_on TEXT;
-- The paid rows made before this column: their UK day (British Summer Time runs from 01:00 UTC
-- on the last Sunday of March to 01:00 UTC on the last Sunday of October; the last Sunday of a
-- month of 31 days is the first Sunday on or after its 25th).
UPDATE transactions SET received_on = COALESCE(
  paid_on,
  CASE
    WHEN datetime(COALESCE(settled_at, created_at), 'unixepoch') >= date(strftime('%Y', COALESCE(settled_at, created_at), 'unixepoch') || '-03-25', 'weekday 0') || ' 01:00:00'
     AND datetime(COALESCE(settled_at, created_at), 'unixepoch') < date(strftime('%Y', COALESCE(settled_at, created_at), 'unixepoch') || '-10-25', 'weekday 0') || ' 01:00:00'
    THEN date(COALESCE(settled_at, created_at), 'unixepoch', '+1 hour')
    ELSE date(COALESCE(settled_at, created_at), 'unixepoch')
  END)
WHERE status = 'success';

-- The renewed table's pages: a year's paid renewals, newest received first, read in index order.
CREATE INDEX transactions_renewed ON transactions (year, payment_type, status, received_on DESC, id DESC);
-- The pending payments (/accounts/payments): oldest first, read in index order, counted from the index.
CREATE INDEX transactions_pending ON transactions (created_at, id) WHERE status = 'pending';

-- The pending table of the subscriptions report: active members, newest first, read in index
-- order (those renewed this year are skipped as read), and counted up to a limit by their last
-- renewed year.
CREATE INDEX members_pending_renewal ON members (created_at DESC, id DESC) WHERE deleted = 0 AND rejected IS NULL AND active = 1;
CREATE INDEX members_pending_count ON members (last_renewed_year) WHERE deleted = 0 AND rejected IS NULL AND active = 1;

-- Running totals per year (ADR 64): the paid renewals of a subscription year (transactions.year)
-- by the month their money was received (1–12; 0: received in another year), updated in the
-- same D1 batch as the settlement that pays one. A full recount (npm run totals:check) checks them.
CREATE TABLE renewal_totals (
  year INTEGER NOT NULL,
  month INTEGER NOT NULL,
  renewals INTEGER NOT NULL DEFAULT 0,
  -- Pence: unit amount × quantity of the paid renewals.
  amount INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (year, month)
);
INSERT INTO renewal_totals (year, month, renewals, amount)
SELECT year,
  CASE WHEN substr(received_on, 1, 4) = CAST(year AS TEXT) THEN CAST(substr(received_on, 6, 2) AS INTEGER) ELSE 0 END,
  COUNT(*),
  SUM(unit_amount * qty)
FROM transactions WHERE payment_type = 'renew' AND status = 'success'
GROUP BY 1, 2;
