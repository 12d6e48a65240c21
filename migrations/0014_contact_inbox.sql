-- The contact inbox (issue 19): what the accountants did with each contact message. One
-- table for both stores, keyed by the message's id (D1's contact_messages.id, or the
-- Cockpit `contactus` entry's _id): Cockpit's forms cannot be changed through its API, so
-- the state lives beside the messages rather than in them (ADR 0049). No row: unread.
CREATE TABLE contact_message_state (
  message_id TEXT PRIMARY KEY,
  read_at INTEGER,
  handled_at INTEGER,
  handled_note TEXT,
  handled_by TEXT,
  replied_at INTEGER,
  replied_by TEXT
);
