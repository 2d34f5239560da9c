-- 0015: when the bot must next look at a running game by itself (a reminder, a deadline, an
-- automatic player's move), indexed: a start reads the games due soonest instead of every
-- running game, and a process keeps in memory only the clocks due within the hour.

-- ISO-8601 UTC as the other times; NULL: nothing to do until someone moves.
ALTER TABLE games ADD COLUMN wake_at TEXT;

-- The running games of before: at their deadline, or (none) at the first start, which finds
-- out what is due (an automatic player's move) and writes the next wake.
UPDATE games SET wake_at = coalesce(deadline, updated_at) WHERE status = 'active';

CREATE INDEX games_by_wake ON games (wake_at, id) WHERE wake_at IS NOT NULL;
