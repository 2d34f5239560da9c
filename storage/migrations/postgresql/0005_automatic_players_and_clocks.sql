-- 0005 (PostgreSQL twin): automatic players with a level, turn clocks, players away.
ALTER TABLE seats ADD COLUMN level text CHECK (level IS NULL OR length(level) <= 20);
ALTER TABLE seats ADD COLUMN timeouts integer NOT NULL DEFAULT 0 CHECK (timeouts >= 0);
ALTER TABLE seats ADD COLUMN away integer NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
ALTER TABLE games ADD COLUMN turn_clock integer CHECK (turn_clock IS NULL OR turn_clock > 0);
