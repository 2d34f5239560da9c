-- 0006 (PostgreSQL twin): which version of its game a message shows.
ALTER TABLE game_messages ADD COLUMN shown_version integer;
