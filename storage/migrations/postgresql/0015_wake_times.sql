-- 0015 (PostgreSQL twin): when the bot must next look at a running game by itself (a
-- reminder, a deadline, an automatic player's move), indexed so that a start reads the games
-- due soonest instead of every running game.
ALTER TABLE games ADD COLUMN wake_at text;

UPDATE games SET wake_at = coalesce(deadline, updated_at) WHERE status = 'active';

CREATE INDEX games_by_wake ON games (wake_at, id) WHERE wake_at IS NOT NULL;
