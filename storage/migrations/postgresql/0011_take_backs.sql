-- 0011 (PostgreSQL twin): taking back a move (undo, engine.undo). A move taken back stays in
-- the log, marked with the take-back that took it back and when; the take-back is a log row
-- of its own, of key 'undo', naming the move it took back; state.step = version - 2 * undone.

ALTER TABLE actions ADD COLUMN undoes bigint;    -- a take-back: the seq of the move taken back
ALTER TABLE actions ADD COLUMN undone_by bigint; -- a move taken back: the take-back's seq
ALTER TABLE actions ADD COLUMN undone_at text;   -- a move taken back: when

-- How many moves were taken back (the state's step is version - 2 * undone).
ALTER TABLE games ADD COLUMN undone integer NOT NULL DEFAULT 0 CHECK (undone >= 0);

-- The move its seat may take back now: its seq, seat and key; NULL when there is none.
ALTER TABLE games ADD COLUMN takeback_seq bigint;
ALTER TABLE games ADD COLUMN takeback_seat integer;
ALTER TABLE games ADD COLUMN takeback_key text;

-- The log stays append-only but for one change: a move is marked taken back, once.
DROP TRIGGER actions_no_update ON actions;

CREATE TRIGGER actions_no_update
BEFORE UPDATE ON actions FOR EACH ROW
WHEN (NOT (OLD.undone_by IS NULL AND NEW.undone_by IS NOT NULL AND NEW.undone_at IS NOT NULL
           AND (NEW.game_id, NEW.seq, NEW.seat, NEW.action_key, NEW.public_events,
                NEW.created_at, NEW.actor) = (OLD.game_id, OLD.seq, OLD.seat, OLD.action_key,
                OLD.public_events, OLD.created_at, OLD.actor)
           AND NEW.undoes IS NOT DISTINCT FROM OLD.undoes))
EXECUTE FUNCTION cardroom_refuse('the action log is append-only (a move is only marked taken back)');
