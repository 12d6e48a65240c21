-- Issue 19 (ADR 0052): an applicant the accountants rejected keeps its record, with the
-- reason and time as JSON ({"reason": "...", "at": 1700000000}); NULL for everyone else.
-- Rejected records are also deleted = 1 and are left out of both members lists.
ALTER TABLE members ADD COLUMN rejected TEXT;
