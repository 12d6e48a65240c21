-- Members' data rights (issue 19, part G, ADR 0056): contact messages erased on the Cockpit
-- store. Cockpit v1's API cannot delete a `contactus` form entry, so the ids of erased ones
-- are kept here and the inbox leaves them out (the entries are then deleted by hand in
-- Cockpit's admin, docs/privacy.md). Unused on the D1 store, which deletes the rows.
CREATE TABLE erased_contact_messages (
  message_id TEXT PRIMARY KEY
);
