"""Each guild's ratings per game: OpenSkill (Plackett-Luce, the model for multiplayer games
with ties), updated in the transaction that stores a game's end.

The model (OpenSkill Plackett-Luce) and its update are ``engine.ratings``, shared with the
round-robin of automatic players (``python -m engine arena --round-robin``).

Who is rated: every person by user id; automatic players seated in the lobby by level, as
one contender per level (``"Cardroom AI (search)"``), so a guild sees how strong each level
is against its own players; a former player (forget-me) as a newcomer who is not kept. A
player who forfeited counts as last place. Aborted (and abandoned) games, solo games and
games without a person are not rated. The leaderboard ranks by the conservative estimate
``mu - 3 sigma`` (OpenSkill's ``ordinal``) and shows a player after :data:`RATED_AFTER`
rated games.

The order games are rated in is kept (``rated_games.seq``), so :func:`rebuild` replays
exactly the updates made as the games ended and reaches the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import ratings as shared
from engine.ratings import ordinal
from storage.ends import EndedGame, seat_rows
from storage.history_models import Leaderboard, Rating
from storage.models import GameStatus
from storage.rows import now_text
from storage.sql import Connection, Row

RATED_AFTER = 5
"""Rated games a player needs before the leaderboard shows them (the partial index
``ratings_leaderboard`` holds the same number)."""

LEVEL_ALIASES = {"ismcts": "search"}
"""Older names of automatic players' levels: one contender whatever the seat called it."""

Key = tuple[int, str]
"""Who a rating belongs to: ``(user_id, "")`` for a person, ``(0, level)`` for an automatic
player."""


@dataclass(frozen=True, slots=True)
class Contender:
    """One seat of a game to rate: ``key`` (``None``: a former player, rated as a newcomer
    and not kept) and its place, 1 = best, equal places tie."""

    key: Key | None
    place: int


def automatic_key(level: str | None) -> Key:
    """The rating key of the automatic player of ``level`` (``None``: greedy, the level of
    seats stored before levels were)."""
    name = level or "greedy"
    return (0, LEVEL_ALIASES.get(name, name))


def contenders(seats: Sequence[Row]) -> list[Contender]:
    """The contenders of a finished game from its seat rows (``user_id``, ``former``,
    ``left_at``, ``level``, ``rank``), in seat order; empty when the game is not rated (fewer
    than two seats, or no person). A seat without a rank (a draw) is placed first with the
    others; a person who forfeited is placed after everyone who did not."""
    if len(seats) < 2 or not any(s["user_id"] is not None or s["former"] for s in seats):
        return []
    forfeited = [
        (s["user_id"] is not None or bool(s["former"])) and s["left_at"] is not None for s in seats
    ]
    places = [s["rank"] or 1 for s in seats]
    last = 1 + max((p for p, gone in zip(places, forfeited, strict=True) if not gone), default=0)
    found = []
    for seat, place, gone in zip(seats, places, forfeited, strict=True):
        if seat["former"]:
            key: Key | None = None
        elif seat["user_id"] is None:
            key = automatic_key(seat["level"])
        else:
            key = (int(seat["user_id"]), "")
        found.append(Contender(key, last if gone else place))
    return found


def rate(
    priors: Mapping[Key, tuple[float, float]], game: Sequence[Contender]
) -> dict[Key, tuple[float, float]]:
    """The new ``(mu, sigma)`` of every contender key of ``game`` (``engine.ratings.rate``:
    a key without a prior starts at the model's default; a key seated more than once plays
    each seat from the same prior)."""
    return shared.rate(priors, [(c.key, c.place) for c in game])


def rate_game(
    conn: Connection,
    game_id: int,
    guild_id: int,
    game_name: str,
    seats: Sequence[Row],
) -> bool:
    """Rate a game that just finished (same transaction): note its place in the rating
    order and update its contenders' ratings. ``False`` when the game is not rated."""
    game = contenders(seats)
    if not game:
        return False
    conn.execute(
        "INSERT INTO rated_games (game_id, guild_id, game_name) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        (game_id, guild_id, game_name),
    )
    keys = {c.key for c in game if c.key is not None}
    priors = _priors(conn, guild_id, game_name, keys)
    _store(conn, guild_id, game_name, rate(priors, game), now_text())
    return True


def rate_finished(conn: Connection, ended: EndedGame) -> None:
    """The game-end hook of the ratings (``storage.ends``): rate the game that just ended
    when it finished (an aborted game is not rated)."""
    if ended.status == GameStatus.FINISHED:
        rate_game(conn, ended.id, ended.guild_id, ended.game_name, ended.seats)


def _priors(
    conn: Connection, guild_id: int, game_name: str, keys: Iterable[Key]
) -> dict[Key, tuple[float, float]]:
    found: dict[Key, tuple[float, float]] = {}
    for user_id, level in keys:
        row = conn.execute(
            "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game_name = ? "
            "AND user_id = ? AND level = ?",
            (guild_id, game_name, user_id, level),
        ).fetchone()
        if row is not None:
            found[(user_id, level)] = (row["mu"], row["sigma"])
    return found


def _store(
    conn: Connection,
    guild_id: int,
    game_name: str,
    updated: Mapping[Key, tuple[float, float]],
    now: str,
) -> None:
    conn.executemany(
        "INSERT INTO ratings (guild_id, game_name, user_id, level, mu, sigma, ordinal, games, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (guild_id, game_name, user_id, level) DO UPDATE SET mu = excluded.mu, "
        "sigma = excluded.sigma, ordinal = excluded.ordinal, games = ratings.games + 1, "
        "updated_at = excluded.updated_at",
        [
            (guild_id, game_name, user_id, level, mu, sigma, ordinal(mu, sigma), now)
            for (user_id, level), (mu, sigma) in updated.items()
        ],
    )


def rebuild(conn: Connection) -> int:
    """Compute every rating again from the rated games still counted, in their order (same
    transaction); returns how many games were rated. Gives the numbers the updates at each
    game's end gave, except around a forgotten player (then rated as a newcomer)."""
    conn.execute("DELETE FROM ratings")
    state: dict[tuple[int, str], dict[Key, tuple[float, float, int]]] = {}
    rated = 0
    games = conn.execute(
        "SELECT game_id, guild_id, game_name FROM rated_games WHERE counted = 1 ORDER BY seq"
    ).fetchall()
    for row in games:
        game = contenders(seat_rows(conn, row["game_id"]))
        if not game:
            continue
        board = state.setdefault((row["guild_id"], row["game_name"]), {})
        priors = {key: (mu, sigma) for key, (mu, sigma, _) in board.items()}
        for key, (mu, sigma) in rate(priors, game).items():
            board[key] = (mu, sigma, board.get(key, (0.0, 0.0, 0))[2] + 1)
        rated += 1
    now = now_text()
    conn.executemany(
        "INSERT INTO ratings (guild_id, game_name, user_id, level, mu, sigma, ordinal, games, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (guild_id, game_name, user_id, level, mu, sigma, ordinal(mu, sigma), games, now)
            for (guild_id, game_name), board in state.items()
            for (user_id, level), (mu, sigma, games) in board.items()
        ],
    )
    return rated


def reset(conn: Connection, guild_id: int, game_name: str) -> int:
    """Start ``guild_id``'s leaderboard of ``game_name`` afresh (same transaction): its
    ratings are deleted and its games so far no longer count, a rebuild included. Returns how
    many ratings were deleted."""
    conn.execute(
        "UPDATE rated_games SET counted = 0 WHERE guild_id = ? AND game_name = ?",
        (guild_id, game_name),
    )
    return conn.execute(
        "DELETE FROM ratings WHERE guild_id = ? AND game_name = ?", (guild_id, game_name)
    ).rowcount


def rating_of(row: Row, place: int | None) -> Rating:
    """A :class:`Rating` from a row of ``ratings`` or ``season_ratings``."""
    return Rating(
        user_id=row["user_id"] or None,
        level=row["level"] or None,
        mu=row["mu"],
        sigma=row["sigma"],
        games=row["games"],
        place=place,
    )


def leaderboard(
    conn: Connection,
    guild_id: int,
    game_name: str,
    user_id: int | None,
    limit: int = 10,
) -> Leaderboard:
    """The best ``limit`` players of the leaderboard (at least :data:`RATED_AFTER` rated
    games), ``user_id``'s own rating and place (place ``None`` before that many games), and
    how many players the leaderboard holds."""
    scope = ("guild_id = ? AND game_name = ?", (guild_id, game_name))
    return board_of(conn, "ratings", scope, game_name, user_id, limit, RATED_AFTER)


def board_of(
    conn: Connection,
    table: str,
    scope: tuple[str, tuple[Any, ...]],
    game_name: str,
    user_id: int | None,
    limit: int,
    needed: int,
) -> Leaderboard:
    """The leaderboard of the rows of ``table`` (``ratings`` or ``season_ratings``) that
    ``scope`` (an SQL condition and its values) selects, as :func:`leaderboard` says, counting
    players with at least ``needed`` rated games."""
    where = f"{scope[0]} AND games >= {needed:d}"
    rows = conn.execute(
        f"SELECT user_id, level, mu, sigma, games FROM {table} WHERE {where} "
        "ORDER BY ordinal DESC, games DESC, user_id, level LIMIT ?",
        (*scope[1], limit),
    ).fetchall()
    top = tuple(rating_of(row, place) for place, row in enumerate(rows, start=1))
    players = conn.execute(f"SELECT count(*) FROM {table} WHERE {where}", scope[1]).fetchone()[0]
    own = None
    if user_id is not None:
        row = conn.execute(
            f"SELECT user_id, level, mu, sigma, ordinal, games FROM {table} WHERE {scope[0]} "
            "AND user_id = ? AND level = ''",
            (*scope[1], user_id),
        ).fetchone()
        if row is not None:
            place = None
            if row["games"] >= needed:
                ahead = conn.execute(
                    f"SELECT count(*) FROM {table} WHERE {where} AND (ordinal > ? OR "
                    "(ordinal = ? AND (games > ? OR (games = ? AND (user_id < ? OR "
                    "(user_id = ? AND level < ?))))))",
                    (
                        *scope[1],
                        row["ordinal"],
                        row["ordinal"],
                        row["games"],
                        row["games"],
                        row["user_id"],
                        row["user_id"],
                        row["level"],
                    ),
                ).fetchone()[0]
                place = int(ahead) + 1
            own = rating_of(row, place)
    return Leaderboard(game_name, top, own, int(players))
