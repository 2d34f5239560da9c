-- 0012 (PostgreSQL twin): fair play. Each person's record per guild of the games they started
-- and finished (storage.reliability), and the host's option that refuses a join below a share
-- of finished games.

CREATE TABLE reliability (
    user_id  bigint  NOT NULL,
    guild_id bigint  NOT NULL,
    started  integer NOT NULL CHECK (started >= 1),
    finished integer NOT NULL CHECK (finished >= 0 AND finished <= started),
    PRIMARY KEY (user_id, guild_id)
);

-- The games that ended before this migration, counted once.
INSERT INTO reliability (user_id, guild_id, started, finished)
SELECT s.user_id, g.guild_id, count(*),
       sum(CASE WHEN s.left_at IS NULL AND s.away = 0 THEN 1 ELSE 0 END)
  FROM seats s JOIN games g ON g.id = s.game_id
 WHERE s.user_id IS NOT NULL AND g.started_at IS NOT NULL AND g.ended_at IS NOT NULL
   AND (g.status = 'finished' OR s.left_at IS NOT NULL OR s.away = 1)
 GROUP BY s.user_id, g.guild_id;

-- The host's option: a join is refused below this share of finished games, in percent.
ALTER TABLE games ADD COLUMN min_reliability integer
    CHECK (min_reliability IS NULL OR min_reliability BETWEEN 1 AND 100);
