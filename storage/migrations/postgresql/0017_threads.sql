-- PostgreSQL twin: a thread per game; spectators, invitations, "play again", and when
-- a finished game's thread is to be archived.

ALTER TABLE games ADD COLUMN parent_id bigint;
ALTER TABLE games ADD COLUMN invited_only integer NOT NULL DEFAULT 0
    CHECK (invited_only IN (0, 1));
ALTER TABLE games ADD COLUMN again_of bigint REFERENCES games (id);

DROP INDEX games_one_open_per_channel;
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active') AND parent_id IS NULL;
CREATE INDEX games_by_parent ON games (parent_id) WHERE parent_id IS NOT NULL;
CREATE UNIQUE INDEX games_one_again
    ON games (again_of) WHERE again_of IS NOT NULL AND status IN ('lobby', 'active');

ALTER TABLE guild_settings ADD COLUMN threads integer NOT NULL DEFAULT 1
    CHECK (threads IN (0, 1));

CREATE TABLE game_invites (
    game_id bigint NOT NULL REFERENCES games (id),
    user_id bigint NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE spectators (
    game_id bigint NOT NULL REFERENCES games (id),
    user_id bigint NOT NULL,
    since   text   NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX spectators_by_user ON spectators (user_id);

CREATE TABLE thread_archives (
    game_id   bigint PRIMARY KEY REFERENCES games (id),
    thread_id bigint NOT NULL,
    due_at    text   NOT NULL
);
