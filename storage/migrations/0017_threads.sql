-- A thread per game. A game may be played in a thread of its own, its card (the lobby
-- message) in the channel the thread belongs to; then any number of games share that channel.
-- Games played in a channel itself stay one per channel. Spectators, invitations, "play
-- again", and when a finished game's thread is to be archived.

-- The channel holding the game's card when the game is played in a thread of its own
-- (channel_id is the thread; equal to parent_id until the thread exists). NULL: played in
-- channel_id itself.
ALTER TABLE games ADD COLUMN parent_id INTEGER;
-- Only the host and the people invited may join the lobby.
ALTER TABLE games ADD COLUMN invited_only INTEGER NOT NULL DEFAULT 0 CHECK (invited_only IN (0, 1));
-- The game this lobby plays again ("Play again").
ALTER TABLE games ADD COLUMN again_of INTEGER REFERENCES games (id);

-- One open game per channel: among the games played in the channel itself.
DROP INDEX games_one_open_per_channel;
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active') AND parent_id IS NULL;
CREATE INDEX games_by_parent ON games (parent_id) WHERE parent_id IS NOT NULL;
-- One open lobby (or game) plays a game again.
CREATE UNIQUE INDEX games_one_again
    ON games (again_of) WHERE again_of IS NOT NULL AND status IN ('lobby', 'active');

-- Whether a guild's new games get a thread each (`/cardroom threads`); on unless turned off.
ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 1 CHECK (threads IN (0, 1));

-- The people a lobby's host invited (`/game new invite:`, "Play again").
CREATE TABLE game_invites (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

-- The people watching a game (its card's Watch button), until they stop.
CREATE TABLE spectators (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    since   TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX spectators_by_user ON spectators (user_id);

-- Threads of ended games that are to be archived at due_at (deleted once archived).
CREATE TABLE thread_archives (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id),
    thread_id INTEGER NOT NULL,
    due_at    TEXT    NOT NULL
);
