-- 0014 (PostgreSQL twin): how many moves each seat took back (engine.undo): the stamp of that
-- seat's components joins it (bot.service.stamps), so that a take-back puts out of date the
-- taker's own screens only.

ALTER TABLE seats ADD COLUMN undone integer NOT NULL DEFAULT 0 CHECK (undone >= 0);

UPDATE seats SET undone = (
    SELECT count(*) FROM actions a
    WHERE a.game_id = seats.game_id AND a.seat = seats.seat AND a.undoes IS NOT NULL
);
