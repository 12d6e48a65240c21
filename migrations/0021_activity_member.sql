-- Whose is this record (docs/security.md): an activity entry carries the id of the member it
-- is about, whatever its subject (a refund's payer, the holder of a ticket admitted at the
-- door, a message's signed-in sender), so an erasure finds every entry about the member by
-- one indexed id. Erasure also looks for entries by the actor's id and the subject's id:
-- indexed too, so it reads the entries it changes, not the log.
ALTER TABLE activity ADD COLUMN member_id TEXT;
CREATE INDEX activity_member ON activity (member_id);
CREATE INDEX activity_actor ON activity (actor_id);
CREATE INDEX activity_subject ON activity (subject_id);

-- Entries written before: about a member (subject), one of their tickets or payments, or a
-- message they sent signed in. On the Cockpit store those records are in Cockpit, not here;
-- its older entries are found by their subject's id (app/features/data-rights/erasure.ts).
UPDATE activity SET member_id = subject_id
WHERE member_id IS NULL AND subject_id IN (SELECT id FROM members);
UPDATE activity SET member_id = (SELECT t.user_id FROM tickets t WHERE t.id = activity.subject_id)
WHERE member_id IS NULL AND subject_id IN (SELECT id FROM tickets);
UPDATE activity SET member_id = (SELECT x.user_id FROM transactions x WHERE x.id = activity.subject_id)
WHERE member_id IS NULL AND subject_id IN (SELECT id FROM transactions);
UPDATE activity SET member_id = (SELECT c.member_id FROM contact_messages c WHERE c.id = activity.subject_id)
WHERE member_id IS NULL AND subject_id IN (SELECT id FROM contact_messages);
