-- 0004 (PostgreSQL twin): facts about this installation, by key.
CREATE TABLE meta (
    key        text PRIMARY KEY CHECK (key <> ''),
    value      text NOT NULL,
    updated_at text NOT NULL
);
