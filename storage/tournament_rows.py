"""Tournaments' rows as storage reads them: a tournament with its sign-ups, the link from a
game to the table it plays, and the errors of their changes (``storage.tournaments``)."""

from __future__ import annotations

from dataclasses import dataclass

from storage.errors import StorageError
from storage.sql import Connection, Row

STATUSES = ("signup", "running", "over", "cancelled")
"""A tournament's statuses: sign-up open, rounds being played, over, cancelled."""

OPEN = ("signup", "running")
"""The statuses of a tournament that still changes."""


class TournamentNotFound(StorageError, LookupError):
    """No tournament with this id."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"no tournament {tournament_id}")
        self.tournament_id = tournament_id


class StaleTournament(StorageError):
    """A change named a version the tournament has moved past (someone changed it first), or
    a status it is no longer in.

    Attributes:
        tournament_id, expected, current: the tournament, the version read, the version now.
    """

    def __init__(self, tournament_id: int, expected: int, current: int) -> None:
        super().__init__(f"tournament {tournament_id} is at version {current}, not {expected}")
        self.tournament_id = tournament_id
        self.expected = expected
        self.current = current


class SignUpClosed(StorageError):
    """Joining or leaving a tournament whose sign-up is over (``status`` says what it is)."""

    def __init__(self, tournament_id: int, status: str) -> None:
        super().__init__(f"tournament {tournament_id} is {status}, not in sign-up")
        self.tournament_id = tournament_id
        self.status = status


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament as stored.

    Attributes:
        id, guild_id, channel_id: the tournament and where its card is.
        card_id, standings_id: the sign-up card's and the standings' message ids (``None``
            until posted).
        organiser_id, game_name: who runs it, and the game played.
        settings: how it is played, JSON text (the service's).
        record: the core's record as JSON text; ``None`` during sign-up.
        status: one of :data:`STATUSES`.
        round_deadline: the current round's deadline (stored time text) or ``None``.
        version: changes made so far; every change names it.
        signups: the people signed up, in the order they joined.
        names: each person's display name when they joined, as ``(user_id, name)`` in the
            order of ``signups`` (those whose name is known: sign-ups made before names were
            kept have none).
    """

    id: int
    guild_id: int
    channel_id: int
    card_id: int | None
    standings_id: int | None
    organiser_id: int
    game_name: str
    settings: str
    record: str | None
    status: str
    round_deadline: str | None
    version: int
    signups: tuple[int, ...]
    names: tuple[tuple[int, str], ...] = ()

    def name_of(self, user_id: int) -> str | None:
        """``user_id``'s display name when they joined (``None``: not known)."""
        return dict(self.names).get(user_id)


@dataclass(frozen=True, slots=True)
class TableLink:
    """A game playing table ``table_number`` of round ``round`` of ``tournament_id``; ``ended``
    once the game has ended, ``recorded`` once its result is in the record."""

    game_id: int
    tournament_id: int
    round: int
    table_number: int
    ended: bool
    recorded: bool


def fetch_tournament(conn: Connection, tournament_id: int) -> TournamentRow:
    """The tournament's row with its sign-ups. Raises :class:`TournamentNotFound`."""
    row = conn.execute("SELECT * FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
    if row is None:
        raise TournamentNotFound(tournament_id)
    signups = conn.execute(
        "SELECT user_id, display_name FROM tournament_signups WHERE tournament_id = ? "
        "ORDER BY joined_at, user_id",
        (tournament_id,),
    ).fetchall()
    return TournamentRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        card_id=row["card_id"],
        standings_id=row["standings_id"],
        organiser_id=row["organiser_id"],
        game_name=row["game_name"],
        settings=row["settings"],
        record=row["record"],
        status=row["status"],
        round_deadline=row["round_deadline"],
        version=row["version"],
        signups=tuple(r["user_id"] for r in signups),
        names=tuple(
            (r["user_id"], r["display_name"]) for r in signups if r["display_name"] is not None
        ),
    )


def link_of(row: Row) -> TableLink:
    """A ``tournament_tables`` row as a :class:`TableLink`."""
    return TableLink(
        game_id=row["game_id"],
        tournament_id=row["tournament_id"],
        round=row["round"],
        table_number=row["table_number"],
        ended=bool(row["ended"]),
        recorded=bool(row["recorded"]),
    )
