-- 0004: facts about this installation, by key (e.g. the fingerprint of the slash commands last
-- synced to Discord, so they are synced again only when they change).
CREATE TABLE meta (
    key        TEXT PRIMARY KEY CHECK (key <> ''),
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
) WITHOUT ROWID;
