-- Emails and usernames are unique by their Unicode uniqueness key (fullwidth
-- forms mapped, NFC, full case folding: `domain::text::uniqueness_key`),
-- not only by ASCII case. What the partner sent stays in `email` and
-- `username` for display. The migration's hook (db/migrations.rs) fills the
-- keys of existing rows and then creates the unique indexes.
ALTER TABLE users ADD COLUMN username_key TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
