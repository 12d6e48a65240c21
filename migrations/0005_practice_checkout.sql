-- The practice checkout (the embedded default when STRIPE_SECRET_KEY is unset; refused in
-- production): the local stand-in for Stripe's Checkout Sessions, one row per session,
-- read back by the same settlement code through app/features/payments/checkout/gateway.ts.
-- Ids look like Stripe's ("cs_practice_" + 24 hex), money in pence, times in Unix seconds.
-- A session is open until it is paid (complete, paid), cancelled or past expires_at
-- (expired, unpaid); only an open session ever changes.
CREATE TABLE practice_checkout_sessions (
  id TEXT PRIMARY KEY CHECK (id GLOB 'cs_practice_*'),
  line_items TEXT NOT NULL CHECK (json_valid(line_items) AND json_type(line_items) = 'array'),
  customer_email TEXT NOT NULL,
  client_reference_id TEXT,
  success_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata) AND json_type(metadata) = 'object'),
  amount_total INTEGER NOT NULL CHECK (amount_total >= 0),
  currency TEXT NOT NULL DEFAULT 'gbp' CHECK (currency = 'gbp'),
  description TEXT NOT NULL DEFAULT '',
  payment_status TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((status = 'complete') = (payment_status = 'paid'))
);
