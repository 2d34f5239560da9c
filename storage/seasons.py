"""A guild's seasons of each game: which one is current, the past ones by name, and closing
the current one (``/cardroom season start``).

Before an admin first closes a season, a guild's games of one game are all in season 1, which
has no row (and no name) yet. Closing season ``n`` is one transaction: it checks that ``n`` is
still the current season (the version check: a second click, or a second admin, finds season
``n + 1`` and changes nothing), ends season ``n`` (writing season 1's row, with its name, the
first time) and starts season ``n + 1``. From then on each game that ends counts in season
``n + 1`` (``storage.season_ratings``); season ``n``'s ratings stay as they stood, and the
all-time ratings (``storage.ratings``) go on.

Names are unique per guild and game whatever their case (:func:`fold`), 1 to
:data:`NAME_LENGTH` characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from storage.errors import StorageError
from storage.rows import now_text, parse_time
from storage.sql import Connection, Row

NAME_LENGTH = 40
"""The longest season name, in characters (the schema holds the same number)."""


class StaleSeason(StorageError):
    """The season to close is no longer the current one: ``current`` is."""

    def __init__(self, current: int) -> None:
        super().__init__(f"season {current} is the current season")
        self.current = current


class SeasonNameTaken(StorageError):
    """Another season of the game in the guild already has this name (whatever its case)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"a season is already named {name!r}")
        self.name = name


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a game in a guild.

    Attributes:
        number: 1, 2, ... in the order they started.
        name: its name (``None``: season 1 while no season was ever closed: it has none yet).
        started_at: when it started (``None``: season 1, from the guild's first game).
        ended_at: when it was closed (``None``: the current season).
    """

    number: int
    name: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None

    @property
    def current(self) -> bool:
        """Whether games that end now count in it."""
        return self.ended_at is None


FIRST = Season(1)
"""Season 1 of a guild that never closed one."""


def fold(name: str) -> str:
    """What two names that are the same must agree on: case and surrounding spaces left out."""
    return " ".join(name.split()).casefold()


def _season(row: Row) -> Season:
    return Season(
        number=row["number"],
        name=row["name"],
        started_at=parse_time(row["started_at"]),
        ended_at=parse_time(row["ended_at"]),
    )


_COLUMNS = "number, name, started_at, ended_at"


def current_season(conn: Connection, guild_id: int, game_name: str) -> Season:
    """The season games of ``game_name`` ending now in ``guild_id`` count in."""
    row = conn.execute(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND game_name = ? AND ended_at IS NULL",
        (guild_id, game_name),
    ).fetchone()
    return FIRST if row is None else _season(row)


def all_seasons(conn: Connection, guild_id: int, game_name: str) -> list[Season]:
    """Every season of ``game_name`` in ``guild_id``, the current one first, then the past
    ones newest first (``[FIRST]`` when none was ever closed)."""
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND game_name = ? ORDER BY number DESC",
        (guild_id, game_name),
    ).fetchall()
    return [_season(r) for r in rows] or [FIRST]


def find_season(conn: Connection, guild_id: int, game_name: str, name: str) -> Season | None:
    """The season named ``name`` (whatever its case), or ``None``."""
    row = conn.execute(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND game_name = ? AND folded = ?",
        (guild_id, game_name, fold(name)),
    ).fetchone()
    return None if row is None else _season(row)


def start_season(
    conn: Connection,
    guild_id: int,
    game_name: str,
    *,
    current: int,
    name: str,
    first_name: str,
) -> tuple[Season, Season]:
    """Close season ``current`` and start the next one, named ``name`` (same transaction);
    ``first_name`` names season 1 when it is the one closed and has no name yet. Returns the
    season closed and the one started.

    Raises:
        StaleSeason: ``current`` is no longer the current season (nothing changed).
        SeasonNameTaken: a season of the game is already named ``name`` (nothing changed).
        ValueError: a name is empty or longer than :data:`NAME_LENGTH`.
    """
    for text in (name, first_name):
        if not 1 <= len(text) <= NAME_LENGTH or not text.strip():
            raise ValueError(f"a season name has 1 to {NAME_LENGTH} characters: {text!r}")
    found = current_season(conn, guild_id, game_name)
    if found.number != current:
        raise StaleSeason(found.number)
    closing_name = found.name if found.name is not None else first_name
    if fold(name) == fold(closing_name) or find_season(conn, guild_id, game_name, name):
        raise SeasonNameTaken(name)
    # Read the closing season's ratings, so that a game ending at the same moment (its hook
    # writes them) conflicts with this close under PostgreSQL's serializable writes and one of
    # the two runs again: the season is closed with every game that ended in it, none after.
    conn.execute(
        "SELECT count(*) FROM season_ratings WHERE guild_id = ? AND game_name = ? AND season = ?",
        (guild_id, game_name, current),
    ).fetchone()
    now = now_text()
    if found.name is None:  # season 1 gets its row as it ends
        conn.execute(
            "INSERT INTO seasons (guild_id, game_name, number, name, folded, started_at, "
            "ended_at) VALUES (?, ?, 1, ?, ?, NULL, ?)",
            (guild_id, game_name, first_name, fold(first_name), now),
        )
    elif (
        conn.execute(
            "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND game_name = ? AND number = ? "
            "AND ended_at IS NULL",
            (now, guild_id, game_name, current),
        ).rowcount
        != 1
    ):
        raise StaleSeason(current_season(conn, guild_id, game_name).number)
    conn.execute(
        "INSERT INTO seasons (guild_id, game_name, number, name, folded, started_at, ended_at) "
        "VALUES (?, ?, ?, ?, ?, ?, NULL)",
        (guild_id, game_name, current + 1, name, fold(name), now),
    )
    closed = Season(current, closing_name, found.started_at, parse_time(now))
    return closed, Season(current + 1, name, parse_time(now))
