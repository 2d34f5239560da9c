-- 0010 (PostgreSQL twin): a secret of each game that its automatic players' randomness mixes
-- in (bot.service.automatic), never shown until the finished game's record is exported.

-- 32 hex digits (128 bits); NULL: a lobby, or a game that ended before this migration.
ALTER TABLE games ADD COLUMN automatic_secret text;

-- The open games of before this migration get a fresh one now: gen_random_uuid() draws from
-- the server's strong random source (122 random bits, written as 32 hex digits).
UPDATE games SET automatic_secret = replace(gen_random_uuid()::text, '-', '')
 WHERE status IN ('lobby', 'active');
