-- Timed state moves on the sandbox clock ("decide this customer at T",
-- "settle this transaction at T"), written with the state that needs them.

CREATE TABLE scheduled_moves (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    resource_id TEXT NOT NULL,
    due_at      INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX scheduled_moves_due ON scheduled_moves(due_at, id);
CREATE INDEX scheduled_moves_resource ON scheduled_moves(resource_id);
