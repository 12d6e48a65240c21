-- When a member's password last changed (Unix seconds with milliseconds, hence REAL):
-- sessions signed in before it are refused (docs/decisions/0007-sessions.md).
ALTER TABLE members ADD COLUMN password_changed_at REAL;
