-- 0010: a secret of each game that its automatic players' randomness mixes in, with the game
-- id, move count and seat (bot.service.automatic). Those three are public: without the secret
-- anyone could compute a random player's hidden pick before it is revealed. It never leaves
-- the server until the finished game's record is exported (/game export), as the seed.

-- 32 hex digits (128 bits). NULL: a lobby (the secret is drawn when the game starts) or a game
-- that ended before this migration (its automatic players had no secret).
ALTER TABLE games ADD COLUMN automatic_secret TEXT;

-- The open games of before this migration get a fresh one now (a lobby's is replaced at start).
UPDATE games SET automatic_secret = lower(hex(randomblob(16)))
 WHERE status IN ('lobby', 'active');
