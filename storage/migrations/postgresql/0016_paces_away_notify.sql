-- 0016 (PostgreSQL twin): slow play — a turn-based pace gives each seat a time bank; players
-- say when they are away; each player says how they hear that a move waits for them.

ALTER TABLE games ADD COLUMN bank_start integer CHECK (bank_start IS NULL OR bank_start > 0);
ALTER TABLE games ADD COLUMN bank_cap integer CHECK (bank_cap IS NULL OR bank_cap > 0);

ALTER TABLE seats ADD COLUMN bank_ms bigint CHECK (bank_ms IS NULL OR bank_ms >= 0);
ALTER TABLE seats ADD COLUMN bank_since text;
ALTER TABLE seats ADD COLUMN reminders integer NOT NULL DEFAULT 0 CHECK (reminders >= 0);

UPDATE games SET turn_clock = 86400, bank_start = 86400, bank_cap = 259200
 WHERE status = 'lobby' AND turn_clock IS NOT NULL AND turn_clock NOT IN (60, 300);

CREATE TABLE away_times (
    guild_id  bigint NOT NULL,
    user_id   bigint NOT NULL,
    starts_at text   NOT NULL,
    ends_at   text   NOT NULL,
    PRIMARY KEY (guild_id, user_id, starts_at),
    CHECK (ends_at >= starts_at)
);
CREATE INDEX away_times_by_end ON away_times (ends_at);

CREATE TABLE players (
    user_id         bigint  PRIMARY KEY,
    notify          text    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
    language        text    CHECK (language IS NULL OR length(language) <= 16),
    dm_refused_told integer NOT NULL DEFAULT 0 CHECK (dm_refused_told IN (0, 1)),
    updated_at      text    NOT NULL
);

-- The time banks a move replaced (JSON), kept in the log row of a move its seat may take back,
-- so that the take-back gives every bank back as it stood before the move.
ALTER TABLE actions ADD COLUMN banks_before text;

DROP TRIGGER actions_no_update ON actions;

CREATE TRIGGER actions_no_update
BEFORE UPDATE ON actions FOR EACH ROW
WHEN (NOT (OLD.undone_by IS NULL AND NEW.undone_by IS NOT NULL AND NEW.undone_at IS NOT NULL
           AND (NEW.game_id, NEW.seq, NEW.seat, NEW.action_key, NEW.public_events,
                NEW.created_at, NEW.actor) = (OLD.game_id, OLD.seq, OLD.seat, OLD.action_key,
                OLD.public_events, OLD.created_at, OLD.actor)
           AND NEW.undoes IS NOT DISTINCT FROM OLD.undoes
           AND NEW.banks_before IS NOT DISTINCT FROM OLD.banks_before))
EXECUTE FUNCTION cardroom_refuse('the action log is append-only (a move is only marked taken back)');
