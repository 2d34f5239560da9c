-- 0005: automatic players with a level, turn clocks, and players away after timeouts.

-- The level of the automatic player deciding for this seat ('random', 'greedy', 'ismcts'):
-- set for automatic players seated in the lobby and for seats whose player left.
ALTER TABLE seats ADD COLUMN level TEXT CHECK (level IS NULL OR length(level) <= 20);

-- Turn clock: how many timeouts in a row this seat's player has had; after 3 the seat is
-- "away" (played automatically) until its player acts again.
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0);
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));

-- The table's turn clock, in seconds (NULL: no clock).
ALTER TABLE games ADD COLUMN turn_clock INTEGER CHECK (turn_clock IS NULL OR turn_clock > 0);
