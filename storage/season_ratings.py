"""Each season's ratings: the OpenSkill ratings of ``storage.ratings``, kept once more per
season (``season_ratings``), so a season's leaderboard starts fresh while the all-time one
goes on.

A game belongs to the season that was current when it ended: the game-end hook
:func:`rate_in_season` (after ``storage.ratings.rate_finished``, in the same transaction)
notes the game's season (``season_games``) and updates its contenders' ratings of that
season, exactly as the all-time update does (same model, same contenders, same order). So a
closed season's ratings never change again, and :func:`rebuild` replays each season's counted
games in the order they were rated (``rated_games.seq``) to the same numbers.

A leaderboard reset (``storage.ratings.reset``) deletes every season's ratings of the game
too (:func:`reset`; its games no longer count, a rebuild included); forget-me deletes a
person's season ratings as their all-time ones (:func:`forget`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.ratings import ordinal
from storage import ratings
from storage.ends import EndedGame, seat_rows
from storage.history_models import Leaderboard
from storage.models import GameStatus
from storage.ratings import Key, contenders, rate
from storage.rows import now_text
from storage.seasons import current_season
from storage.sql import Connection


def season_of(conn: Connection, ended: EndedGame) -> int:
    """The season ``ended`` counts in: the one noted when it ended, else the current season,
    noted now (same transaction)."""
    row = conn.execute("SELECT season FROM season_games WHERE game_id = ?", (ended.id,)).fetchone()
    if row is not None:
        return int(row["season"])
    season = current_season(conn, ended.guild_id, ended.game_name).number
    conn.execute("INSERT INTO season_games (game_id, season) VALUES (?, ?)", (ended.id, season))
    return season


def rate_in_season(conn: Connection, ended: EndedGame) -> None:
    """The game-end hook of the season ratings (``storage.ends``; after the all-time
    ratings' hook): a finished game that counts for the ratings updates its contenders'
    ratings of its season."""
    if ended.status != GameStatus.FINISHED:
        return
    game = contenders(ended.seats)
    if not game:
        return
    counted = conn.execute(
        "SELECT counted FROM rated_games WHERE game_id = ?", (ended.id,)
    ).fetchone()
    if counted is None or not counted["counted"]:
        return
    season = season_of(conn, ended)
    keys = {c.key for c in game if c.key is not None}
    priors = _priors(conn, ended.guild_id, ended.game_name, season, keys)
    board = {key: (mu, sigma, 1) for key, (mu, sigma) in rate(priors, game).items()}
    _store(conn, [((ended.guild_id, ended.game_name, season), board)], now_text(), added=True)


def _priors(
    conn: Connection, guild_id: int, game_name: str, season: int, keys: Iterable[Key]
) -> dict[Key, tuple[float, float]]:
    found: dict[Key, tuple[float, float]] = {}
    for user_id, level in keys:
        row = conn.execute(
            "SELECT mu, sigma FROM season_ratings WHERE guild_id = ? AND game_name = ? "
            "AND season = ? AND user_id = ? AND level = ?",
            (guild_id, game_name, season, user_id, level),
        ).fetchone()
        if row is not None:
            found[(user_id, level)] = (row["mu"], row["sigma"])
    return found


Board = tuple[tuple[int, str, int], Mapping[Key, tuple[float, float, int]]]
"""One season's leaderboard as computed: ``((guild_id, game_name, season), {key: (mu,
sigma, games)})``."""


def _store(conn: Connection, boards: Iterable[Board], now: str, *, added: bool) -> None:
    """Write ``boards`` (``added``: their games count on top of the stored rows')."""
    games = "season_ratings.games + 1" if added else "excluded.games"
    conn.executemany(
        "INSERT INTO season_ratings (guild_id, game_name, season, user_id, level, mu, sigma, "
        "ordinal, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, game_name, season, user_id, level) DO UPDATE SET "
        f"mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = {games}, "
        "updated_at = excluded.updated_at",
        [
            (guild_id, game_name, season, user_id, level, mu, sigma, ordinal(mu, sigma), n, now)
            for (guild_id, game_name, season), board in boards
            for (user_id, level), (mu, sigma, n) in board.items()
        ],
    )


def rebuild(conn: Connection) -> int:
    """Compute every season's ratings again from the counted rated games, each season's in
    the order they were rated (same transaction); returns how many games were rated. Gives
    the numbers the updates at each game's end gave (``storage.ratings.rebuild`` says when
    not: around a forgotten player)."""
    conn.execute("DELETE FROM season_ratings")
    state: dict[tuple[int, str, int], dict[Key, tuple[float, float, int]]] = {}
    rated = 0
    games = conn.execute(
        "SELECT r.game_id, r.guild_id, r.game_name, s.season FROM rated_games r "
        "JOIN season_games s ON s.game_id = r.game_id WHERE r.counted = 1 ORDER BY r.seq"
    ).fetchall()
    for row in games:
        game = contenders(seat_rows(conn, row["game_id"]))
        if not game:
            continue
        board = state.setdefault((row["guild_id"], row["game_name"], row["season"]), {})
        priors = {key: (mu, sigma) for key, (mu, sigma, _) in board.items()}
        for key, (mu, sigma) in rate(priors, game).items():
            board[key] = (mu, sigma, board.get(key, (0.0, 0.0, 0))[2] + 1)
        rated += 1
    _store(conn, state.items(), now_text(), added=False)
    return rated


def reset(conn: Connection, guild_id: int, game_name: str) -> int:
    """Delete every season's ratings of ``game_name`` in ``guild_id`` (a leaderboard reset,
    same transaction); how many."""
    return conn.execute(
        "DELETE FROM season_ratings WHERE guild_id = ? AND game_name = ?", (guild_id, game_name)
    ).rowcount


def forget(conn: Connection, user_id: int) -> int:
    """Delete ``user_id``'s season ratings (forget-me, same transaction); how many."""
    return conn.execute(
        "DELETE FROM season_ratings WHERE user_id = ? AND level = ''", (user_id,)
    ).rowcount


def leaderboard(
    conn: Connection,
    guild_id: int,
    game_name: str,
    season: int,
    user_id: int | None,
    limit: int = 10,
) -> Leaderboard:
    """Season ``season``'s leaderboard, as ``storage.ratings.leaderboard`` is the all-time
    one: the best ``limit`` players with at least ``storage.ratings.RATED_AFTER`` rated games in the
    season, ``user_id``'s own rating and place, and how many players it ranks."""
    scope = ("guild_id = ? AND game_name = ? AND season = ?", (guild_id, game_name, season))
    needed = int(ratings.RATED_AFTER)  # read now: tests lower it
    return ratings.board_of(conn, "season_ratings", scope, game_name, user_id, limit, needed)
