-- Gift Aid and donations (docs/requirements.md §14, ADR 74). Declarations, donations, claims and
-- the Gift Aid settings are D1 on both stores, like refunds (ADR 0055) and mailings (ADR 73):
-- "no payment is ever claimed twice" must hold under a double submit, which needs a unique key.

-- 1. A donation is a transaction of its own kind. SQLite cannot widen a CHECK, so the table is
--    rebuilt with the same columns, rows and indexes, and 'donation' allowed.
CREATE TABLE transactions_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  unit_amount INTEGER NOT NULL CHECK (unit_amount >= 0),
  qty INTEGER NOT NULL DEFAULT 1 CHECK (qty >= 1),
  year INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
  price_ref TEXT NOT NULL DEFAULT '',
  membership_type TEXT NOT NULL CHECK (membership_type IN ('Family', 'Single')),
  member_name TEXT NOT NULL DEFAULT '',
  member_email TEXT NOT NULL DEFAULT '',
  payment_type TEXT NOT NULL CHECK (payment_type IN ('registration', 'renew', 'ticket', 'donation')),
  ticket_id TEXT,
  checkout_session_id TEXT,
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  family_details TEXT CHECK (family_details IS NULL OR json_valid(family_details)),
  method TEXT CHECK (method IS NULL OR method IN ('card', 'cash', 'bank', 'cheque')),
  reference TEXT,
  paid_on TEXT,
  received_on TEXT
);
INSERT INTO transactions_new (id, user_id, title, unit_amount, qty, year, status, price_ref, membership_type, member_name, member_email,
  payment_type, ticket_id, checkout_session_id, created_at, settled_at, family_details, method, reference, paid_on, received_on)
SELECT id, user_id, title, unit_amount, qty, year, status, price_ref, membership_type, member_name, member_email,
  payment_type, ticket_id, checkout_session_id, created_at, settled_at, family_details, method, reference, paid_on, received_on
FROM transactions;
DROP TABLE transactions;
ALTER TABLE transactions_new RENAME TO transactions;
CREATE INDEX transactions_user ON transactions (user_id, status, created_at DESC);
CREATE INDEX transactions_report ON transactions (year, payment_type, status);
CREATE INDEX transactions_ticket ON transactions (ticket_id, status);
CREATE INDEX transactions_renewed ON transactions (year, payment_type, status, received_on DESC, id DESC);
CREATE INDEX transactions_pending ON transactions (created_at, id) WHERE status = 'pending';
-- The Gift Aid page and the donations report: paid payments of some kinds in a period of UK days.
CREATE INDEX transactions_received ON transactions (payment_type, received_on) WHERE status = 'success';

-- 2. A person who gave without an account (a visitor on /donate). A member who donates signed
--    in is the member: their donation carries the member's id. Donors are never signed in.
CREATE TABLE donors (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  full_name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- Erasure (docs/privacy.md): the name and e-mail are replaced by a pseudonym.
  pseudonymised_at INTEGER
);

-- 3. Gift Aid declarations (HMRC Chapter 3): one record per declaration given, never edited
--    away. person_id is a member's id or a donor's id (person_kind says which).
CREATE TABLE gift_aid_declarations (
  id TEXT PRIMARY KEY,
  person_id TEXT NOT NULL,
  person_kind TEXT NOT NULL CHECK (person_kind IN ('member', 'donor')),
  -- How it was given: at sign-up, on My Account, on the donation form, or a paper form an accountant entered.
  origin TEXT NOT NULL CHECK (origin IN ('sign-up', 'my-account', 'donation', 'paper')),
  -- The wording shown (features/gift-aid/declaration-wording.ts); 'sign-up-2019' for the consents made before this.
  wording_version TEXT NOT NULL,
  -- The name and home address as given ('Other' or '' title: none).
  title TEXT NOT NULL DEFAULT '',
  full_name TEXT NOT NULL,
  -- The address lines joined by "\n", the house name or number among them.
  address TEXT NOT NULL DEFAULT '',
  postcode TEXT NOT NULL DEFAULT '',
  -- The UK day (YYYY-MM-DD) it takes effect: payments on or after it are covered.
  given_on TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- Who entered it: the person themself (their own id), or the accountant who typed a paper form.
  created_by TEXT NOT NULL,
  -- Cancelled: payments on or before this UK day stay covered; later ones are not.
  withdrawn_on TEXT,
  withdrawn_at INTEGER,
  withdrawn_by TEXT,
  -- An accountant corrected the name or address (a claim's problem): when and who.
  corrected_at INTEGER,
  corrected_by TEXT,
  -- Erasure after HMRC's six years: name and address replaced by the pseudonym.
  pseudonymised_at INTEGER
);
CREATE INDEX gift_aid_declarations_person ON gift_aid_declarations (person_id, given_on);
-- At most one "from sign-up" declaration per member, so the backfill can run again.
CREATE UNIQUE INDEX gift_aid_declarations_sign_up ON gift_aid_declarations (person_id) WHERE origin = 'sign-up';

-- Existing members' sign-up consents become declarations dated from their registration (UK day:
-- British Summer Time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
-- Sunday of October, as in 0026; the Cockpit store's backfill uses received-day.ts ukIsoDay).
INSERT OR IGNORE INTO gift_aid_declarations (id, person_id, person_kind, origin, wording_version, title, full_name, address, postcode,
  given_on, created_at, created_by)
SELECT lower(hex(randomblob(12))), id, 'member', 'sign-up', 'sign-up-2019', CASE WHEN title = 'Other' THEN '' ELSE title END, full_name,
  address, postcode,
  CASE
    WHEN datetime(created_at, 'unixepoch') >= date(strftime('%Y', created_at, 'unixepoch') || '-03-25', 'weekday 0') || ' 01:00:00'
     AND datetime(created_at, 'unixepoch') < date(strftime('%Y', created_at, 'unixepoch') || '-10-25', 'weekday 0') || ' 01:00:00'
    THEN date(created_at, 'unixepoch', '+1 hour')
    ELSE date(created_at, 'unixepoch')
  END,
  created_at, id
FROM members
WHERE json_extract(consents, '$.giftAid') = 1 AND rejected IS NULL;

-- 4. A donation: its transaction (kind 'donation'), whose it is, the message and Gift Aid.
CREATE TABLE donations (
  transaction_id TEXT PRIMARY KEY,
  person_id TEXT NOT NULL,
  person_kind TEXT NOT NULL CHECK (person_kind IN ('member', 'donor')),
  amount INTEGER NOT NULL CHECK (amount >= 100 AND amount <= 100000),
  message TEXT NOT NULL DEFAULT '',
  gift_aid INTEGER NOT NULL DEFAULT 0 CHECK (gift_aid IN (0, 1)),
  declaration_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX donations_person ON donations (person_id);
CREATE INDEX donations_created ON donations (created_at DESC, transaction_id);

-- 5. Claims. A claim's payments are rows keyed by the transaction: a payment is in one claim at
--    most, whatever two treasurers do at once. Reopening a claim deletes its rows (the claim
--    stays, with the reason), so its payments can be claimed again.
CREATE TABLE gift_aid_claims (
  id TEXT PRIMARY KEY,
  -- The period: UK days, inclusive.
  period_from TEXT NOT NULL,
  period_to TEXT NOT NULL,
  payments INTEGER NOT NULL,
  -- Pence: the donations claimed on, and the Gift Aid (25%) asked for.
  total INTEGER NOT NULL,
  gift_aid INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'reopened')),
  -- HMRC's reference, typed by the treasurer; once set, the claim can no longer be reopened.
  hmrc_reference TEXT,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  reopened_at INTEGER,
  reopened_by TEXT,
  reopen_reason TEXT
);
CREATE INDEX gift_aid_claims_created ON gift_aid_claims (created_at DESC, id);
-- "Refunded after claiming": the refunds made since the latest claim, read from here.
CREATE INDEX refunds_created ON refunds (created_at);

CREATE TABLE gift_aid_claim_items (
  transaction_id TEXT PRIMARY KEY,
  claim_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  declaration_id TEXT NOT NULL,
  -- The schedule row as claimed (HMRC's columns), so the claim's download never changes.
  title TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  house TEXT NOT NULL,
  postcode TEXT NOT NULL,
  -- The UK day of the payment and the pence claimed on (the payment less any refund then).
  paid_on TEXT NOT NULL,
  amount INTEGER NOT NULL
);
CREATE INDEX gift_aid_claim_items_claim ON gift_aid_claim_items (claim_id, paid_on, transaction_id);
CREATE INDEX gift_aid_claim_items_person ON gift_aid_claim_items (person_id);

-- 6. The accountants' Gift Aid settings: one row. Eligible kinds are a JSON array of
--    'registration', 'renew', 'donation' (tickets never qualify).
CREATE TABLE gift_aid_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  eligible_kinds TEXT NOT NULL DEFAULT '["donation"]' CHECK (json_valid(eligible_kinds)),
  charity_reference TEXT NOT NULL DEFAULT '',
  charity_name TEXT NOT NULL DEFAULT '',
  updated_at INTEGER,
  updated_by TEXT
);
INSERT INTO gift_aid_settings (id) VALUES (1);
