-- 0007 (PostgreSQL twin): whether a guild's tables and private screens carry pictures.
ALTER TABLE guild_settings ADD COLUMN pictures integer NOT NULL DEFAULT 1
    CHECK (pictures IN (0, 1));
