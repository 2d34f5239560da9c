-- 0007: whether a guild's tables and private screens carry pictures (`/cardroom pictures`);
-- on unless an admin turned them off.
ALTER TABLE guild_settings ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1));
