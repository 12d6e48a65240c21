-- The D1 store: one table per collection of the spec. Money in pence, times in
-- Unix seconds, booleans as 0/1, ids as 24-hex text (the same shape as Cockpit's
-- _id, so imported records keep their ids).

-- Singletons (general, aboutUs, aboutSchool) are documents: JSON checked by the app's schema.
CREATE TABLE singletons (
  name TEXT PRIMARY KEY CHECK (name IN ('general', 'aboutUs', 'aboutSchool')),
  data TEXT NOT NULL CHECK (json_valid(data)),
  updated_at INTEGER NOT NULL
);

CREATE TABLE home_slides (
  id TEXT PRIMARY KEY,
  banner_image TEXT NOT NULL CHECK (json_valid(banner_image)),
  small_text TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE office_bearers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT '',
  photo TEXT CHECK (photo IS NULL OR json_valid(photo)),
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE previous_teams (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  content_html TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE calendar_events (
  id TEXT PRIMARY KEY,
  month TEXT NOT NULL DEFAULT '',
  date TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  url TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE galleries (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  featured_image TEXT NOT NULL CHECK (json_valid(featured_image)),
  images TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(images) AND json_type(images) = 'array'),
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE news (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  excerpt_html TEXT NOT NULL DEFAULT '',
  content_html TEXT NOT NULL DEFAULT '',
  image TEXT CHECK (image IS NULL OR json_valid(image)),
  published INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX news_published_created ON news (published, created_at DESC);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  file TEXT NOT NULL CHECK (json_valid(file)),
  created_at INTEGER NOT NULL
);

CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  lastname TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL,
  notes TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE members (
  id TEXT PRIMARY KEY,
  member_number INTEGER UNIQUE CHECK (member_number IS NULL OR member_number > 0),
  email TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash TEXT NOT NULL,
  title TEXT NOT NULL CHECK (title IN ('Mr', 'Mrs', 'Miss', 'Dr', 'Other')),
  full_name TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  county TEXT NOT NULL DEFAULT '',
  postcode TEXT NOT NULL DEFAULT '',
  mobile TEXT NOT NULL DEFAULT '',
  membership TEXT NOT NULL CHECK (membership IN ('Family', 'Single')),
  spouse TEXT CHECK (spouse IS NULL OR json_valid(spouse)),
  children TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(children) AND json_type(children) = 'array' AND json_array_length(children) <= 5),
  consents TEXT NOT NULL CHECK (json_valid(consents)),
  role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'accountant')),
  active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
  registration_paid INTEGER NOT NULL DEFAULT 0 CHECK (registration_paid IN (0, 1)),
  last_renewed_year INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  reset_key TEXT,
  reset_key_expires_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX members_deleted_created ON members (deleted, created_at DESC);
CREATE INDEX members_deleted_name ON members (deleted, full_name);
CREATE INDEX members_renewal ON members (deleted, active, last_renewed_year);

CREATE TABLE transactions (
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
  payment_type TEXT NOT NULL CHECK (payment_type IN ('registration', 'renew', 'ticket')),
  ticket_id TEXT,
  checkout_session_id TEXT,
  created_at INTEGER NOT NULL,
  settled_at INTEGER
);
CREATE INDEX transactions_user ON transactions (user_id, status, created_at DESC);
CREATE INDEX transactions_report ON transactions (year, payment_type, status);

CREATE TABLE tickets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  membership TEXT NOT NULL CHECK (membership IN ('Family', 'Single')),
  year INTEGER NOT NULL,
  price INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1)),
  used INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1)),
  code TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX tickets_user_open ON tickets (user_id, paid, used, created_at DESC);
CREATE INDEX tickets_report ON tickets (year, paid, title);

CREATE TABLE ticket_attendees (
  ticket_id TEXT NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  band TEXT NOT NULL CHECK (band IN ('adult', 'parent', 'above13', 'above5', 'below5')),
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
  name TEXT NOT NULL,
  admitted_at INTEGER,
  PRIMARY KEY (ticket_id, band, position)
);

CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  recipients TEXT NOT NULL CHECK (json_valid(recipients) AND json_type(recipients) = 'array'),
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL DEFAULT '',
  purpose TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'stored')),
  provider TEXT NOT NULL,
  provider_id TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX outbox_created ON outbox (created_at DESC);
