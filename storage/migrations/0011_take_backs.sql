-- 0011: taking back a move (undo, engine.undo). A move taken back stays in the log, marked
-- with the take-back that took it back and when; the take-back is a log row of its own (its
-- seq is the version it made: the version still grows by one with one new log row), of key
-- 'undo', naming the move it took back. The state is the engine's replay of the moves that
-- stand, so state.step = version - 2 * undone.

ALTER TABLE actions ADD COLUMN undoes INTEGER;    -- a take-back: the seq of the move taken back
ALTER TABLE actions ADD COLUMN undone_by INTEGER; -- a move taken back: the take-back's seq
ALTER TABLE actions ADD COLUMN undone_at TEXT;    -- a move taken back: when

-- How many moves were taken back (the state's step is version - 2 * undone).
ALTER TABLE games ADD COLUMN undone INTEGER NOT NULL DEFAULT 0 CHECK (undone >= 0);

-- The move its seat may take back now (the engine's rule, judged when it was committed):
-- its seq, seat and key; NULL when there is none. Cleared by every other change of the game.
ALTER TABLE games ADD COLUMN takeback_seq INTEGER;
ALTER TABLE games ADD COLUMN takeback_seat INTEGER;
ALTER TABLE games ADD COLUMN takeback_key TEXT;

-- The log stays append-only but for one change: a move is marked taken back, once.
DROP TRIGGER actions_no_update;

CREATE TRIGGER actions_no_update
BEFORE UPDATE ON actions
WHEN NOT (OLD.undone_by IS NULL AND NEW.undone_by IS NOT NULL AND NEW.undone_at IS NOT NULL
          AND NEW.game_id = OLD.game_id AND NEW.seq = OLD.seq AND NEW.seat = OLD.seat
          AND NEW.action_key = OLD.action_key AND NEW.public_events = OLD.public_events
          AND NEW.created_at = OLD.created_at AND NEW.actor = OLD.actor
          AND NEW.undoes IS OLD.undoes)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only (a move is only marked taken back)');
END;
