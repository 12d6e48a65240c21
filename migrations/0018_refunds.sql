-- Refunds (issue 19, ADR 0055): one row per refund of a paid transaction, in D1 on both
-- stores (like the contact inbox's state, ADR 0049): Cockpit's collections have no
-- conditional write, and "never refund more than was paid" must hold under a double submit.
-- The id is made when the refund form is shown, so the same form posted twice is one
-- refund, and Stripe's idempotency key is derived from it. Money in pence, times in Unix seconds.
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  transaction_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  -- The transaction's payment type and year, so the reports' totals can show refunds (net).
  payment_type TEXT NOT NULL DEFAULT '',
  year INTEGER,
  amount INTEGER NOT NULL CHECK (amount > 0),
  reason TEXT NOT NULL DEFAULT '',
  by_name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- 'card': through the card provider; 'record': money given back another way (cash, bank), recorded only.
  method TEXT NOT NULL CHECK (method IN ('card', 'record')),
  -- The provider's refund id (re_...); null for a recorded refund or while the card refund is asked for.
  provider_refund_id TEXT UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  -- 1 when this refund brings the transaction's refunds up to what was paid.
  completes INTEGER NOT NULL DEFAULT 0 CHECK (completes IN (0, 1)),
  -- A ticket's transaction: the ticket, its event and how many people it held (a full refund frees them).
  ticket_id TEXT,
  event_title TEXT,
  event_year INTEGER,
  people INTEGER NOT NULL DEFAULT 0,
  -- A registration, renewal or upgrade: what the accountant decided ('kept' or 'undone'), null until asked.
  membership_decision TEXT CHECK (membership_decision IS NULL OR membership_decision IN ('kept', 'undone'))
);
CREATE INDEX refunds_transaction ON refunds (transaction_id);
CREATE INDEX refunds_user ON refunds (user_id);
CREATE INDEX refunds_ticket ON refunds (ticket_id);
CREATE INDEX refunds_report ON refunds (year, payment_type);
