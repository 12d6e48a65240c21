-- A 'Convert to Family' payment carries the spouse and children it adds (ADR 26): the
-- member's record changes only when the payment settles, so a cancelled upgrade leaves
-- nothing behind. JSON: {spouse, children, consents}; NULL for every other payment.
ALTER TABLE transactions ADD COLUMN family_details TEXT CHECK (family_details IS NULL OR json_valid(family_details));
