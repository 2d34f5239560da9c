-- 0006: which version of its game a message shows, so that a restart edits only the tables
-- that are behind their game (NULL: unknown, e.g. written before this migration).
ALTER TABLE game_messages ADD COLUMN shown_version INTEGER;
