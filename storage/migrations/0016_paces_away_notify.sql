-- 0016: slow play — a turn-based pace gives each seat a time bank; players say when they are
-- away; each player says how they hear that a move waits for them.

-- A turn-based pace (BGA's "turn-based"): the bank each seat starts with and the most a bank
-- holds, in seconds; each move adds turn_clock seconds. Both NULL: a real-time pace (turn_clock
-- seconds for every decision) or none (turn_clock NULL too).
ALTER TABLE games ADD COLUMN bank_start INTEGER CHECK (bank_start IS NULL OR bank_start > 0);
ALTER TABLE games ADD COLUMN bank_cap INTEGER CHECK (bank_cap IS NULL OR bank_cap > 0);

-- A seat's time bank in milliseconds, as it stood at bank_since (NULL: the pace's start);
-- bank_since: when the game began to wait for this seat (NULL: it does not), the bank running
-- from then; reminders: the reminders sent during that wait. The bot's service decides them,
-- in the transaction of each move (storage.SeatBank).
ALTER TABLE seats ADD COLUMN bank_ms INTEGER CHECK (bank_ms IS NULL OR bank_ms >= 0);
ALTER TABLE seats ADD COLUMN bank_since TEXT;
ALTER TABLE seats ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0 CHECK (reminders >= 0);

-- The lobby no longer offers the real-time clocks of 1 h and 24 h a move: a lobby set to one
-- gets the turn-based pace of a day a move (bank up to 3 days). Running games keep theirs.
UPDATE games SET turn_clock = 86400, bank_start = 86400, bank_cap = 259200
 WHERE status = 'lobby' AND turn_clock IS NOT NULL AND turn_clock NOT IN (60, 300);

-- The times a player is away in a guild (`/game away`): their banks in its turn-based games
-- do not run from starts_at to ends_at (ends_at moves earlier with `/game back`).
CREATE TABLE away_times (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id, starts_at),
    CHECK (ends_at >= starts_at)
);
CREATE INDEX away_times_by_end ON away_times (ends_at);

-- How each player hears that a move waits for them (`/game notify`): a mention in the game's
-- channel, a direct message, or nothing; their language (for the direct messages); whether
-- they were told how to allow direct messages after Discord refused one.
CREATE TABLE players (
    user_id         INTEGER PRIMARY KEY,
    notify          TEXT    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
    language        TEXT    CHECK (language IS NULL OR length(language) <= 16),
    dm_refused_told INTEGER NOT NULL DEFAULT 0 CHECK (dm_refused_told IN (0, 1)),
    updated_at      TEXT    NOT NULL
);

-- The time banks a move replaced (JSON, [[seat, bank_ms, bank_since, reminders], ...]), kept
-- in the log row of a move its seat may take back (undo), so that the take-back gives every
-- bank back as it stood before the move: a move and its take-back add no time to any bank.
ALTER TABLE actions ADD COLUMN banks_before TEXT;

-- The log stays append-only but for one change: a move is marked taken back, once.
DROP TRIGGER actions_no_update;

CREATE TRIGGER actions_no_update
BEFORE UPDATE ON actions
WHEN NOT (OLD.undone_by IS NULL AND NEW.undone_by IS NOT NULL AND NEW.undone_at IS NOT NULL
          AND NEW.game_id = OLD.game_id AND NEW.seq = OLD.seq AND NEW.seat = OLD.seat
          AND NEW.action_key = OLD.action_key AND NEW.public_events = OLD.public_events
          AND NEW.created_at = OLD.created_at AND NEW.actor = OLD.actor
          AND NEW.undoes IS OLD.undoes AND NEW.banks_before IS OLD.banks_before)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only (a move is only marked taken back)');
END;
