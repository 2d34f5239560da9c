-- 0003 (PostgreSQL twin): per-seat results, who made each logged action, per-game deadlines.
ALTER TABLE seats ADD COLUMN score integer;
ALTER TABLE seats ADD COLUMN rank integer CHECK (rank IS NULL OR rank >= 1);
ALTER TABLE actions ADD COLUMN actor text NOT NULL DEFAULT 'player'
    CHECK (actor IN ('player', 'automatic', 'timeout'));
ALTER TABLE games ADD COLUMN deadline text;
