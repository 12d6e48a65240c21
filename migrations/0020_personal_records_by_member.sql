-- Whose is this record (docs/security.md): an outbox e-mail carries the id of the member it
-- is about, and a contact message the id of the signed-in member who sent it, so a member's
-- data rights find them by id. They were found by address, the spouse's included, which any
-- member could type: one member's download then held another's reset link.
ALTER TABLE outbox ADD COLUMN member_id TEXT;
CREATE INDEX outbox_member ON outbox (member_id);
ALTER TABLE contact_messages ADD COLUMN member_id TEXT;
CREATE INDEX contact_messages_member ON contact_messages (member_id);

-- Rows written before: an e-mail whose one recipient was a member's own address is about that
-- member (never a spouse's address, which nobody verifies), except the association's own
-- mail about someone else: a contact-form message and a new application, whose recipient may
-- be a member too (the secretary's address). On the Cockpit store the members are in
-- Cockpit, not here, so its old rows stay unattributed (docs/privacy.md).
UPDATE outbox
SET member_id = (SELECT m.id FROM members m WHERE lower(m.email) = lower(json_extract(outbox.recipients, '$[0]')))
WHERE member_id IS NULL AND json_array_length(recipients) = 1 AND purpose NOT IN ('contact', 'new-application');

-- A contact message sent from a member's own address, before the sender's id was kept.
UPDATE contact_messages
SET member_id = (SELECT m.id FROM members m WHERE lower(m.email) = lower(contact_messages.email))
WHERE member_id IS NULL;
