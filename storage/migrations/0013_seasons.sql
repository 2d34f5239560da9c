-- Seasons (storage.seasons, storage.season_ratings): an admin closes a game's season in a guild;
-- its final leaderboard stays as it stood, and the next season's ratings start fresh from the
-- games that end from then on. The all-time ratings (table ratings) go on beside them.

-- A guild's seasons of one game. Before the first is closed a guild has no row: its games are
-- in season 1. Closing season n sets its ended_at (writing season 1's row then) and inserts
-- season n + 1 (started_at, no ended_at), in one transaction. Names are unique per guild and
-- game whatever their case (folded: Python's str.casefold() of the name).
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    game_name  TEXT    NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    folded     TEXT    NOT NULL,
    started_at TEXT,                           -- NULL: season 1, from the first game
    ended_at   TEXT,                           -- NULL: the current season
    PRIMARY KEY (guild_id, game_name, number),
    UNIQUE (guild_id, game_name, folded),
    CHECK (started_at IS NOT NULL OR number = 1)
) WITHOUT ROWID;

-- One current season per guild and game.
CREATE UNIQUE INDEX seasons_current ON seasons (guild_id, game_name) WHERE ended_at IS NULL;

-- A closed season never changes again, and no season is deleted.
CREATE TRIGGER seasons_closed_stay_closed BEFORE UPDATE ON seasons
WHEN OLD.ended_at IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'a closed season does not change');
END;

CREATE TRIGGER seasons_are_kept BEFORE DELETE ON seasons
BEGIN
    SELECT RAISE(ABORT, 'a season is kept');
END;

-- The season each rated game counts in: the one current when it ended (written by a game-end
-- hook in the transaction that ends it). A rebuild replays each season's games in the order
-- of rated_games.seq.
CREATE TABLE season_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    season  INTEGER NOT NULL CHECK (season >= 1)
);

-- Each season's OpenSkill ratings: as the table ratings, per season.
CREATE TABLE season_ratings (
    guild_id   INTEGER NOT NULL,
    game_name  TEXT    NOT NULL,
    season     INTEGER NOT NULL CHECK (season >= 1),
    user_id    INTEGER NOT NULL,
    level      TEXT    NOT NULL DEFAULT '',
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    ordinal    REAL    NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_name, season, user_id, level),
    CHECK ((user_id = 0) <> (level = ''))
) WITHOUT ROWID;

CREATE INDEX season_ratings_leaderboard ON season_ratings (guild_id, game_name, season, ordinal)
    WHERE games >= 5;
CREATE INDEX season_ratings_by_user ON season_ratings (user_id) WHERE level = '';

-- Every game rated so far is in season 1, whose ratings are so far the all-time ones.
INSERT INTO season_games (game_id, season) SELECT game_id, 1 FROM rated_games;
INSERT INTO season_ratings (guild_id, game_name, season, user_id, level, mu, sigma, ordinal,
                            games, updated_at)
SELECT guild_id, game_name, 1, user_id, level, mu, sigma, ordinal, games, updated_at
  FROM ratings;
