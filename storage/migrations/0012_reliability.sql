-- 0012: fair play. Each person's record per guild of the games they started and finished
-- (storage.reliability, written by a game-end hook in the transaction that ends the game), and
-- the host's option that refuses a join below a share of finished games.

-- started: games that started with them seated and ended, counting against them or not;
-- finished: those they played to the end themselves. A game they left (forfeited, or
-- abandoned), or that the automatic player played out for them after three missed clocks
-- (away), counts as started, not finished; a game an admin aborted under them counts not at all.
CREATE TABLE reliability (
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    started  INTEGER NOT NULL CHECK (started >= 1),
    finished INTEGER NOT NULL CHECK (finished >= 0 AND finished <= started),
    PRIMARY KEY (user_id, guild_id)
) WITHOUT ROWID;

-- The games that ended before this migration, counted once.
INSERT INTO reliability (user_id, guild_id, started, finished)
SELECT s.user_id, g.guild_id, count(*),
       sum(CASE WHEN s.left_at IS NULL AND s.away = 0 THEN 1 ELSE 0 END)
  FROM seats s JOIN games g ON g.id = s.game_id
 WHERE s.user_id IS NOT NULL AND g.started_at IS NOT NULL AND g.ended_at IS NOT NULL
   AND (g.status = 'finished' OR s.left_at IS NOT NULL OR s.away = 1)
 GROUP BY s.user_id, g.guild_id;

-- The host's option: a join is refused below this share of finished games, in percent
-- (NULL: anyone may join; new players always may).
ALTER TABLE games ADD COLUMN min_reliability INTEGER
    CHECK (min_reliability IS NULL OR min_reliability BETWEEN 1 AND 100);
