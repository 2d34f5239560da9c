-- Seasons, the PostgreSQL twin (storage.seasons, storage.season_ratings): see the SQLite file for
-- what each table holds.

CREATE TABLE seasons (
    guild_id   bigint  NOT NULL,
    game_name  text    NOT NULL,
    number     integer NOT NULL CHECK (number >= 1),
    name       text    NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    folded     text    NOT NULL,
    started_at text,
    ended_at   text,
    PRIMARY KEY (guild_id, game_name, number),
    UNIQUE (guild_id, game_name, folded),
    CHECK (started_at IS NOT NULL OR number = 1)
);

CREATE UNIQUE INDEX seasons_current ON seasons (guild_id, game_name) WHERE ended_at IS NULL;

CREATE FUNCTION cardroom_season_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.ended_at IS NULL THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION USING
        MESSAGE = 'a closed season does not change, and a season is kept',
        ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TRIGGER seasons_closed_stay_closed BEFORE UPDATE OR DELETE ON seasons
FOR EACH ROW EXECUTE FUNCTION cardroom_season_kept();

CREATE TABLE season_games (
    game_id bigint  PRIMARY KEY REFERENCES games (id),
    season  integer NOT NULL CHECK (season >= 1)
);

CREATE TABLE season_ratings (
    guild_id   bigint           NOT NULL,
    game_name  text             NOT NULL,
    season     integer          NOT NULL CHECK (season >= 1),
    user_id    bigint           NOT NULL,
    level      text             NOT NULL DEFAULT '',
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL CHECK (sigma > 0),
    ordinal    double precision NOT NULL,
    games      integer          NOT NULL CHECK (games >= 0),
    updated_at text             NOT NULL,
    PRIMARY KEY (guild_id, game_name, season, user_id, level),
    CHECK ((user_id = 0) <> (level = ''))
);

CREATE INDEX season_ratings_leaderboard ON season_ratings (guild_id, game_name, season, ordinal)
    WHERE games >= 5;
CREATE INDEX season_ratings_by_user ON season_ratings (user_id) WHERE level = '';

INSERT INTO season_games (game_id, season) SELECT game_id, 1 FROM rated_games;
INSERT INTO season_ratings (guild_id, game_name, season, user_id, level, mu, sigma, ordinal,
                            games, updated_at)
SELECT guild_id, game_name, 1, user_id, level, mu, sigma, ordinal, games, updated_at
  FROM ratings;
