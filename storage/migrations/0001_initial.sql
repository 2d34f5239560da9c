-- 0001: games, seats, the append-only action log, message ids, guild settings.
-- Times are ISO-8601 UTC text; Discord ids are INTEGER snowflakes; JSON columns are TEXT.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: safe in custom_ids
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    game_name        TEXT    NOT NULL,
    host_id          INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    max_seats        INTEGER NOT NULL CHECK (max_seats >= 1),
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    seed             INTEGER CHECK (seed IS NULL OR seed >= 0),
    state            TEXT,                              -- engine.dumps(); NULL in the lobby
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0), -- = actions committed
    result           TEXT    CHECK (result IS NULL OR json_valid(result)),
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    started_at       TEXT,
    ended_at         TEXT,
    set_aside_at     TEXT,                              -- state failed validation at startup
    set_aside_reason TEXT,
    CHECK (status <> 'lobby' OR (state IS NULL AND version = 0)),
    CHECK (status NOT IN ('active', 'finished')
           OR (state IS NOT NULL AND seed IS NOT NULL AND started_at IS NOT NULL)),
    CHECK (status NOT IN ('finished', 'aborted') OR (result IS NOT NULL AND ended_at IS NOT NULL))
);

-- One open (lobby or active) game per channel.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_status ON games (status, guild_id);

-- Status moves only forward: lobby -> active -> finished, lobby/active -> aborted.
CREATE TRIGGER games_status_moves_forward
BEFORE UPDATE OF status ON games
WHEN NEW.status <> OLD.status
 AND NOT ((OLD.status = 'lobby' AND NEW.status IN ('active', 'aborted'))
       OR (OLD.status = 'active' AND NEW.status IN ('finished', 'aborted')))
BEGIN
    SELECT RAISE(ABORT, 'illegal game status change');
END;

-- The version counts actions: it only ever grows by one (with one new log row).
CREATE TRIGGER games_version_steps_by_one
BEFORE UPDATE OF version ON games
WHEN NEW.version NOT IN (OLD.version, OLD.version + 1)
BEGIN
    SELECT RAISE(ABORT, 'game version must grow by exactly one');
END;

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER,                                  -- NULL: an automatic player from the start
    automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1)),
    joined_at TEXT    NOT NULL,
    left_at   TEXT,                                     -- forfeited: played automatically since
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK (user_id IS NOT NULL OR automatic = 1),
    CHECK (left_at IS NULL OR automatic = 1)
) WITHOUT ROWID;

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

CREATE TABLE actions (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seq           INTEGER NOT NULL CHECK (seq >= 1),    -- the game's version after this action
    seat          INTEGER NOT NULL,
    action_key    TEXT    NOT NULL,
    public_events TEXT    NOT NULL DEFAULT '[]',        -- JSON list of {kind, seat, data}
    created_at    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
) WITHOUT ROWID;

-- A log row is written right after its game's version was bumped to its seq.
CREATE TRIGGER actions_follow_version
BEFORE INSERT ON actions
WHEN NEW.seq IS NOT (SELECT version FROM games WHERE id = NEW.game_id)
BEGIN
    SELECT RAISE(ABORT, 'action seq must equal the game version it produced');
END;

-- The log is append-only.
CREATE TRIGGER actions_no_update
BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_no_delete
BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- Discord messages that show a game, one per kind ('lobby', 'table', ...).
CREATE TABLE game_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    kind       TEXT    NOT NULL CHECK (kind <> ''),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;

CREATE INDEX game_messages_by_message ON game_messages (message_id);

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    language        TEXT,
    default_options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(default_options)),
    updated_at      TEXT NOT NULL
);
