-- One-time console sign-in links (`payctl open`), kept in the database so
-- that a link made by one process opens on any other that shares it, and
-- one opening consumes it everywhere.
CREATE TABLE sign_in_links (
    id         INTEGER PRIMARY KEY,
    token_hash BLOB NOT NULL UNIQUE,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    next       TEXT NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sign_in_links_user ON sign_in_links (user_id, expires_at);
CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);
