"""The memory of play: each person's results (``plays``), their stats, a guild's or a
player's last games, ratings (``storage.ratings``), forgetting a player.

A game's end is written here by the hooks :data:`GAME_END_HOOKS` (its plays, then its
ratings), which ``storage.Storage`` registers on the game store's ends (``storage.ends``): they
run in the transaction that stores the end (the commit of its last action, a finish, a forfeit
that ends it, an abort), so what these queries show is never behind or ahead of the games. A
database from before this existed gets the same rows once, at the first open
(:func:`build_once`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage import ratings, season_ratings
from storage.ends import EndedGame, GameEndHook, GameEnds
from storage.errors import PlayerInOpenGame
from storage.history_models import Forgotten, Leaderboard, PlayerStats
from storage.messages import TABLE
from storage.models import GameMessage, GameRecord, GameResult, GameStatus
from storage.reliability import forget_reliability, record_reliability
from storage.rows import fetch_games, now_text, parse_time
from storage.sql import Backend, Connection, Row

BUILT = "history_built"
"""``meta`` key set once the plays and ratings of the games ended before this code existed
have been written."""

HISTORY_LIMIT = 10
"""Games ``/game history`` shows."""


@dataclass(frozen=True, slots=True)
class PastGame:
    """An ended game for a history list: the game (``state_json`` left out) and its table
    message (``None``: none was posted, or it is not known)."""

    game: GameRecord
    table: GameMessage | None


def play_result(status: str, seat: Row, result: GameResult) -> str:
    """How the game ended for the person of ``seat`` (see ``storage.models.PLAY_RESULTS``)."""
    if status == GameStatus.ABORTED:
        return "aborted"
    if seat["left_at"] is not None:
        return "forfeit"
    if result.draw:
        return "draw"
    return "won" if seat["seat"] in result.winners else "lost"


def add_plays(conn: Connection, ended: EndedGame) -> None:
    """The game-end hook of the plays (``storage.ends``): a ``plays`` row per person of the
    game that just ended, counted in their totals."""
    plays = [
        (
            seat["user_id"],
            ended.guild_id,
            ended.ended_at,
            ended.id,
            ended.game_name,
            seat["seat"],
            play_result(ended.status, seat, ended.result),
            seat["rank"],
            seat["score"],
        )
        for seat in ended.seats
        if seat["user_id"] is not None
    ]
    fresh = [
        p
        for p in plays
        if conn.execute(
            "INSERT INTO plays (user_id, guild_id, ended_at, game_id, game_name, seat, result, "
            "rank, score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            p,
        ).rowcount
    ]
    _add_totals(conn, ended.guild_id, ended.game_name, fresh)


GAME_END_HOOKS: tuple[GameEndHook, ...] = (
    add_plays,
    ratings.rate_finished,
    season_ratings.rate_in_season,
    record_reliability,
)
"""What a game's end means for the memory of play, in this order: its plays, its ratings (all
time, then its season's: ``storage.season_ratings``), its players' reliability records
(``storage.reliability``)."""


def build(conn: Connection) -> int:
    """Run :data:`GAME_END_HOOKS` again for every ended game, in the order they ended (same
    transaction): plays, rating order and ratings from scratch. Returns how many games were
    counted."""
    conn.execute("DELETE FROM ratings")
    conn.execute("DELETE FROM season_ratings")  # each game keeps its season (season_games)
    conn.execute("DELETE FROM rated_games")
    conn.execute("DELETE FROM plays")
    conn.execute("DELETE FROM reliability")
    conn.execute("DELETE FROM player_totals")
    ended = conn.execute(
        "SELECT id FROM games WHERE started_at IS NOT NULL AND ended_at IS NOT NULL "
        "AND status IN ('finished', 'aborted') ORDER BY ended_at, id"
    ).fetchall()
    ends = GameEnds(GAME_END_HOOKS)
    for game in ended:
        ends.run(conn, game["id"])
    _mark_built(conn)
    return len(ended)


def _mark_built(conn: Connection) -> None:
    conn.execute(
        "INSERT INTO meta (key, value, updated_at) VALUES (?, '1', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        (BUILT, now_text()),
    )


def is_built(conn: Connection) -> bool:
    """Whether the games that ended before this code existed have been counted."""
    return conn.execute("SELECT 1 FROM meta WHERE key = ?", (BUILT,)).fetchone() is not None


def build_once(conn: Connection) -> int | None:
    """:func:`build` unless done before (checked in this write transaction, so two processes
    opening the file at once build it once); the games counted, ``None`` if built before."""
    if is_built(conn):
        return None
    return build(conn)


EVERY_GUILD = 0
"""``player_totals.guild_id`` of the rows that sum up every guild."""

_ADD_TOTAL = (
    "INSERT INTO player_totals (user_id, guild_id, game_name, played, won, scored, score_total, "
    "best_score, streak) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?) "
    "ON CONFLICT (user_id, guild_id, game_name) DO UPDATE SET "
    "played = player_totals.played + 1, won = player_totals.won + excluded.won, "
    "scored = player_totals.scored + excluded.scored, "
    "score_total = player_totals.score_total + excluded.score_total, "
    "best_score = CASE WHEN excluded.best_score IS NULL THEN player_totals.best_score "
    "WHEN player_totals.best_score IS NULL OR excluded.best_score > player_totals.best_score "
    "THEN excluded.best_score ELSE player_totals.best_score END, "
    "streak = CASE WHEN excluded.won = 1 THEN (CASE WHEN player_totals.streak > 0 "
    "THEN player_totals.streak + 1 ELSE 1 END) ELSE (CASE WHEN player_totals.streak < 0 "
    "THEN player_totals.streak - 1 ELSE -1 END) END"
)


def _add_totals(conn: Connection, guild_id: int, game_name: str, plays: list[tuple]) -> None:
    """Count the finished games of ``plays`` (rows as inserted into ``plays``) in each
    player's totals of this guild and of every guild."""
    rows = []
    for user_id, _guild, _ended, _game, _name, _seat, result, _rank, score in plays:
        if result == "aborted":
            continue
        won = int(result == "won")
        counted = score is not None and result != "forfeit"
        values = (won, int(counted), score if counted else 0, score if counted else None)
        streak = 1 if won else -1
        rows.append((user_id, guild_id, game_name, *values, streak))
        rows.append((user_id, EVERY_GUILD, game_name, *values, streak))
    conn.executemany(_ADD_TOTAL, rows)


def player_stats(
    conn: Connection, user_id: int, guild_id: int | None, game_name: str | None
) -> list[PlayerStats]:
    """``user_id``'s stats per game, by game name (see :meth:`HistoryStore.stats`): one row
    per game, however many games they played."""
    where = "user_id = ? AND guild_id = ?"
    params: list[object] = [user_id, EVERY_GUILD if guild_id is None else guild_id]
    if game_name is not None:
        where += " AND game_name = ?"
        params.append(game_name)
    return [
        PlayerStats(
            game_name=r["game_name"],
            played=r["played"],
            won=r["won"],
            scored=r["scored"],
            score_total=r["score_total"],
            best_score=r["best_score"],
            streak=r["streak"],
        )
        for r in conn.execute(
            "SELECT game_name, played, won, scored, score_total, best_score, streak FROM "
            f"player_totals WHERE {where} ORDER BY game_name",
            params,
        )
    ]


def past_games(conn: Connection, guild_id: int, user_id: int | None, limit: int) -> list[PastGame]:
    """The last ``limit`` games that started and ended in ``guild_id`` (of ``user_id`` only,
    when given), newest first."""
    if user_id is None:
        ids = [
            r["id"]
            for r in conn.execute(
                "SELECT id FROM games WHERE guild_id = ? AND started_at IS NOT NULL "
                "AND ended_at IS NOT NULL ORDER BY ended_at DESC, id DESC LIMIT ?",
                (guild_id, limit),
            )
        ]
    else:
        ids = [
            r["game_id"]
            for r in conn.execute(
                "SELECT game_id FROM plays WHERE user_id = ? AND guild_id = ? "
                "ORDER BY ended_at DESC, game_id DESC LIMIT ?",
                (user_id, guild_id, limit),
            )
        ]
    if not ids:
        return []
    listed = json.dumps(ids)
    games = {
        g.id: g
        for g in fetch_games(
            conn, "id IN (SELECT value FROM json_each(?))", (listed,), with_state=False
        )
    }
    tables = {
        r["game_id"]: GameMessage(
            game_id=r["game_id"],
            kind=TABLE,
            channel_id=r["channel_id"],
            message_id=r["message_id"],
            updated_at=parse_time(r["updated_at"]),  # type: ignore[arg-type]
            shown_version=r["shown_version"],
        )
        for r in conn.execute(
            "SELECT game_id, channel_id, message_id, updated_at, shown_version FROM "
            "game_messages WHERE kind = ? AND game_id IN (SELECT value FROM json_each(?))",
            (TABLE, listed),
        )
    }
    return [PastGame(games[i], tables.get(i)) for i in ids if i in games]


def forget(conn: Connection, user_id: int) -> Forgotten:
    """Forget ``user_id`` everywhere (same transaction; see :meth:`HistoryStore.forget`)."""
    open_games = [
        r["id"]
        for r in conn.execute(
            "SELECT id FROM games WHERE status IN ('lobby', 'active') AND (host_id = ? OR id IN "
            "(SELECT game_id FROM seats WHERE user_id = ?)) ORDER BY id",
            (user_id, user_id),
        )
    ]
    if open_games:
        raise PlayerInOpenGame(user_id, open_games)
    seats = conn.execute(
        "UPDATE seats SET user_id = NULL, display_name = NULL, former = 1 WHERE user_id = ?",
        (user_id,),
    ).rowcount
    conn.execute("UPDATE games SET host_id = 0 WHERE host_id = ?", (user_id,))
    plays = conn.execute("DELETE FROM plays WHERE user_id = ?", (user_id,)).rowcount
    forget_reliability(conn, user_id)
    conn.execute("DELETE FROM player_totals WHERE user_id = ?", (user_id,))
    deleted = conn.execute(
        "DELETE FROM ratings WHERE user_id = ? AND level = ''", (user_id,)
    ).rowcount
    season_ratings.forget(conn, user_id)
    conn.execute("DELETE FROM away_times WHERE user_id = ?", (user_id,))
    conn.execute("DELETE FROM players WHERE user_id = ?", (user_id,))
    conn.execute("DELETE FROM spectators WHERE user_id = ?", (user_id,))
    conn.execute("DELETE FROM game_invites WHERE user_id = ?", (user_id,))
    return Forgotten(seats, plays, deleted)


class HistoryStore:
    """Stats, ratings, past games and forgetting players, over one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def stats(
        self, user_id: int, *, guild_id: int | None, game_name: str | None = None
    ) -> list[PlayerStats]:
        """``user_id``'s stats per game (one entry per game they finished, by name), over the
        finished games of ``guild_id`` (``None``: every guild), of ``game_name`` only when
        given. Aborted games are not counted."""
        return await self._db.read(lambda conn: player_stats(conn, user_id, guild_id, game_name))

    async def past_games(
        self, guild_id: int, *, user_id: int | None = None, limit: int = HISTORY_LIMIT
    ) -> list[PastGame]:
        """The last ``limit`` games that started and ended (finished or aborted) in
        ``guild_id``, of ``user_id`` only when given, newest first."""
        return await self._db.read(lambda conn: past_games(conn, guild_id, user_id, limit))

    async def leaderboard(
        self, guild_id: int, game_name: str, *, user_id: int | None = None, limit: int = 10
    ) -> Leaderboard:
        """``guild_id``'s leaderboard of ``game_name``: the best ``limit`` ratings among
        players with at least ``storage.ratings.RATED_AFTER`` rated games, and ``user_id``'s
        own."""
        return await self._db.read(
            lambda conn: ratings.leaderboard(conn, guild_id, game_name, user_id, limit)
        )

    async def reset_leaderboard(self, guild_id: int, game_name: str) -> int:
        """Start ``guild_id``'s leaderboard of ``game_name`` afresh; returns the ratings
        deleted. The games played so far no longer count for it (a rebuild included)."""

        def change(conn: Connection) -> int:
            season_ratings.reset(conn, guild_id, game_name)  # every season's too
            return ratings.reset(conn, guild_id, game_name)

        return await self._db.write(change)

    async def rebuild_ratings(self) -> int:
        """Compute every rating again from the rated games, in the order they were rated
        (counting the ended games first if that was never done); returns the games rated.
        One transaction: the bot's commits wait meanwhile."""

        def change(conn: Connection) -> int:
            if not is_built(conn):
                build(conn)
            season_ratings.rebuild(conn)  # every season's, from the same games
            return ratings.rebuild(conn)

        return await self._db.write(change)

    async def build_once(self) -> int | None:
        """Count the games that ended before this code existed, once (at open)."""
        if await self._db.read(is_built):
            return None
        return await self._db.write(build_once)

    async def forget(self, user_id: int) -> Forgotten:
        """Forget ``user_id`` everywhere: their seats in stored games become a former
        player's (no user id, no name; results, ranks and the log stay, so every game still
        replays and others' games are unchanged), games they hosted no longer name them
        (host id 0), and their plays, ratings, away times, own settings, the games they
        watch and the invitations they had are deleted.

        Raises:
            PlayerInOpenGame: they hold a seat in, or host, a lobby or a running game.
        """
        return await self._db.write(lambda conn: forget(conn, user_id))


__all__ = [
    "BUILT",
    "GAME_END_HOOKS",
    "HISTORY_LIMIT",
    "HistoryStore",
    "PastGame",
    "build",
    "add_plays",
    "build_once",
]
