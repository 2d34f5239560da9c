-- Tournaments (issue 52; storage.tournaments): a tournament's row, the people signed up, and the
-- link from each game to the tournament table it plays. The record itself (pairings, results,
-- withdrawals) is the pure core's JSON (bot/service/tournaments: model.Tournament), stored whole
-- and changed under the row's version, like a game's state.

CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: safe in custom_ids
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,                  -- where the card is
    card_id        INTEGER,                           -- the sign-up card (NULL until posted)
    standings_id   INTEGER,                           -- the standings under it
    organiser_id   INTEGER NOT NULL,
    game_name      TEXT    NOT NULL,
    settings       TEXT    NOT NULL CHECK (json_valid(settings)),  -- how it is played
    record         TEXT    CHECK (record IS NULL OR json_valid(record)), -- NULL in sign-up
    status         TEXT    NOT NULL DEFAULT 'signup'
                   CHECK (status IN ('signup', 'running', 'over', 'cancelled')),
    round_deadline TEXT,                              -- the current round's, when running
    version        INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    CHECK (status = 'signup' OR status = 'cancelled' OR record IS NOT NULL)
);
CREATE INDEX tournaments_open ON tournaments (guild_id) WHERE status IN ('signup', 'running');

-- The people signed up while sign-up is open (the record's entrants once it starts).
CREATE TABLE tournament_signups (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- A game that plays a tournament table. `ended` is set by the game-end hook in the transaction
-- that ends the game; `recorded` once its result is in the tournament's record.
CREATE TABLE tournament_tables (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_number  INTEGER NOT NULL CHECK (table_number >= 1),
    ended         INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)),
    recorded      INTEGER NOT NULL DEFAULT 0 CHECK (recorded IN (0, 1)),
    UNIQUE (tournament_id, round, table_number)
);
CREATE INDEX tournament_tables_unrecorded ON tournament_tables (tournament_id) WHERE recorded = 0;
