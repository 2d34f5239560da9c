-- 0003: per-seat results written when a game finishes, who made each logged action, and a
-- per-game deadline for turn clocks.

-- The seat's final score (games that end with scores) and rank (1 = best; equal scores share
-- a rank). NULL while the game runs, and for games that ended without ranks (draws, aborts).
ALTER TABLE seats ADD COLUMN score INTEGER;
ALTER TABLE seats ADD COLUMN rank INTEGER CHECK (rank IS NULL OR rank >= 1);

-- Who made the move: the seat's player, an automatic player, or the turn clock on timeout.
ALTER TABLE actions ADD COLUMN actor TEXT NOT NULL DEFAULT 'player'
    CHECK (actor IN ('player', 'automatic', 'timeout'));

-- When the pending decision times out (ISO-8601 UTC); NULL: no clock is running.
ALTER TABLE games ADD COLUMN deadline TEXT;
