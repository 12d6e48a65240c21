-- The content version (ADR 42): one number, part of the key of both caches of public
-- content (the content read cache and the visitors' page cache). Every studio write adds
-- one, so the next visitor request misses both caches and sees the change at once.
-- Kept in D1 in both store modes (a Cockpit site has its D1 too).
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 0);
