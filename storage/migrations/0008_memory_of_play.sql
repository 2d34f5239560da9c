-- 0008: the memory of play — each person's results, ratings, and former players.

-- A seat may now belong to "a former player": a person who asked to be forgotten
-- (/game forget-me). Their seats in ended games keep their results but lose who held them
-- (user_id and display_name NULL, former = 1). SQLite cannot change a CHECK in place, so the
-- table is rebuilt with the same columns, as SQLite's documentation says (the migration runner
-- turns foreign keys off meanwhile and checks them all before COMMIT: the log's rows still
-- point at their seats).

CREATE TABLE seats_new (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,                      -- NULL: an automatic player, or a former player
    automatic    INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1)),
    joined_at    TEXT    NOT NULL,
    left_at      TEXT,                         -- forfeited: played automatically since
    display_name TEXT    CHECK (display_name IS NULL OR length(display_name) <= 100),
    score        INTEGER,
    rank         INTEGER CHECK (rank IS NULL OR rank >= 1),
    level        TEXT    CHECK (level IS NULL OR length(level) <= 20),
    timeouts     INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    away         INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
    former       INTEGER NOT NULL DEFAULT 0 CHECK (former IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK (user_id IS NOT NULL OR automatic = 1 OR former = 1),
    CHECK (former = 0 OR (user_id IS NULL AND display_name IS NULL)),
    CHECK (left_at IS NULL OR automatic = 1)
) WITHOUT ROWID;

INSERT INTO seats_new (game_id, seat, user_id, automatic, joined_at, left_at, display_name,
                       score, rank, level, timeouts, away)
SELECT game_id, seat, user_id, automatic, joined_at, left_at, display_name,
       score, rank, level, timeouts, away
FROM seats;

DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;

CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Seats are added and removed only while the game is a lobby.
CREATE TRIGGER seats_insert_only_in_lobby
BEFORE INSERT ON seats
WHEN (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'lobby'
BEGIN
    SELECT RAISE(ABORT, 'seats can only be added to a lobby');
END;

CREATE TRIGGER seats_delete_only_in_lobby
BEFORE DELETE ON seats
WHEN (SELECT status FROM games WHERE id = OLD.game_id) IS NOT 'lobby'
BEGIN
    SELECT RAISE(ABORT, 'seats can only be removed from a lobby');
END;

-- Who holds a seat changes only in a lobby (joining, leaving); outside it exactly one change
-- is allowed: a seat of an ended game becomes a former player's, for good.
CREATE TRIGGER seats_holder_fixed_outside_lobby
BEFORE UPDATE OF user_id, display_name, former ON seats
WHEN (NEW.user_id IS NOT OLD.user_id OR NEW.display_name IS NOT OLD.display_name
      OR NEW.former IS NOT OLD.former)
 AND NOT ((SELECT status FROM games WHERE id = OLD.game_id) IS 'lobby'
          AND OLD.former = 0 AND NEW.former = 0)
 AND NOT ((SELECT status FROM games WHERE id = OLD.game_id) IN ('finished', 'aborted')
          AND NEW.former = 1 AND NEW.user_id IS NULL AND NEW.display_name IS NULL)
BEGIN
    SELECT RAISE(ABORT, 'a seat changes hands only in a lobby, or becomes a former player''s');
END;

-- One row per person per game that started and ended: what /game stats and /game history
-- read, in the order each player's games ended. Written in the transaction that ends the
-- game (storage.history.record_game_end); forget-me deletes a person's rows.
CREATE TABLE plays (
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER NOT NULL,
    ended_at  TEXT    NOT NULL,
    game_id   INTEGER NOT NULL REFERENCES games (id),
    game_name TEXT    NOT NULL,
    seat      INTEGER NOT NULL,
    result    TEXT    NOT NULL CHECK (result IN ('won', 'lost', 'draw', 'forfeit', 'aborted')),
    rank      INTEGER,
    score     INTEGER,
    PRIMARY KEY (user_id, guild_id, ended_at, game_id)
) WITHOUT ROWID;

-- Each person's record per guild and game, kept as their games end (/game stats reads one row
-- per game, however many games they played); guild_id 0 sums up every guild. streak: n > 0
-- won the last n, n < 0 won none of the last -n. Forfeits count, aborted games do not.
CREATE TABLE player_totals (
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game_name   TEXT    NOT NULL,
    played      INTEGER NOT NULL CHECK (played >= 1),
    won         INTEGER NOT NULL CHECK (won >= 0),
    scored      INTEGER NOT NULL CHECK (scored >= 0),
    score_total INTEGER NOT NULL,
    best_score  INTEGER,
    streak      INTEGER NOT NULL CHECK (streak <> 0),
    PRIMARY KEY (user_id, guild_id, game_name)
) WITHOUT ROWID;

-- A guild's last games (/game history without a player).
CREATE INDEX games_ended_by_guild ON games (guild_id, ended_at)
    WHERE started_at IS NOT NULL AND ended_at IS NOT NULL;

-- The finished games that count for the ratings, in the order they were rated (the order they
-- ended): a rebuild replays exactly this order. counted = 0 once a leaderboard reset put the
-- game behind it.
CREATE TABLE rated_games (
    seq       INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL UNIQUE REFERENCES games (id),
    guild_id  INTEGER NOT NULL,
    game_name TEXT    NOT NULL,
    counted   INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1))
);

CREATE INDEX rated_games_by_leaderboard ON rated_games (guild_id, game_name);

-- Each guild's OpenSkill ratings per game: people by user id, automatic players per level
-- (user_id 0). ordinal = mu - 3 sigma, what the leaderboard ranks by.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game_name  TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    level      TEXT    NOT NULL DEFAULT '',
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    ordinal    REAL    NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_name, user_id, level),
    CHECK ((user_id = 0) <> (level = ''))
) WITHOUT ROWID;

-- The leaderboard: players with at least 5 rated games, best first.
CREATE INDEX ratings_leaderboard ON ratings (guild_id, game_name, ordinal) WHERE games >= 5;
