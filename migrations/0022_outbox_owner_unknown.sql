-- Whose is this record (docs/security.md): the e-mails written before they carried the id of
-- the member they are about, and that migration 0020 could not attribute here (on the Cockpit
-- store the members are in Cockpit, not in this database), are marked for the daily run. It
-- looks each one's recipient up among the members' own addresses through the store, Cockpit's
-- API included, sets the member it finds and clears the mark either way (ADR 0050). Only an
-- e-mail to one address, and never the association's mail about someone else.
ALTER TABLE outbox ADD COLUMN owner_unknown INTEGER NOT NULL DEFAULT 0 CHECK (owner_unknown IN (0, 1));
UPDATE outbox SET owner_unknown = 1
WHERE member_id IS NULL AND json_array_length(recipients) = 1 AND purpose NOT IN ('contact', 'new-application');
CREATE INDEX outbox_owner_unknown ON outbox (owner_unknown) WHERE owner_unknown = 1;
