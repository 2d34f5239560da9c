"""A tournament's course: the changes to its record, and what is asked of it.

Every change takes a :class:`~bot.service.tournaments.model.Tournament` and returns a new one
(the record is frozen), or raises :class:`TournamentError` for a change that does not fit the
record (a user's mistake the caller words: a round started twice, a result for a table that
has one). Nothing here knows Discord, storage or the clock: the caller stores the record,
runs each table as a game, and calls :func:`record_result` when a game ends and
:func:`record_deadline` for a table still running at the round's deadline.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.service.tournaments.elimination import (
    bracket_standings,
    next_elimination_round,
    rounds_needed,
    still_in,
)
from bot.service.tournaments.model import (
    Entrant,
    Round,
    Settings,
    Table,
    TableResult,
    Tournament,
)
from bot.service.tournaments.scoring import deadline_places, places_of
from bot.service.tournaments.standings import Standings, swiss_standings
from bot.service.tournaments.swiss import next_swiss_round, table_plan
from engine.contract import Outcome

EXPORT_VERSION = 1
"""The version of :func:`export`'s shape."""


class TournamentError(ValueError):
    """A change that does not fit the tournament's record; ``args[0]`` says why (English,
    for logs: the caller shows its own text)."""


def new_tournament(settings: Settings, entrants: Sequence[Entrant]) -> Tournament:
    """A tournament with its ``entrants`` signed up and no round yet. Raises
    ``TournamentError`` for fewer than two entrants or an entrant twice."""
    if len(entrants) < 2:
        raise TournamentError("a tournament needs at least two entrants")
    if len({e.id for e in entrants}) != len(entrants):
        raise TournamentError("an entrant is signed up twice")
    return Tournament(settings=settings, entrants=tuple(entrants))


def total_rounds(tournament: Tournament) -> int:
    """The rounds the tournament plays: its settings' for Swiss, the bracket's for an
    elimination."""
    if tournament.settings.format == "elimination":
        return rounds_needed(len(tournament.entrants))
    return tournament.settings.rounds


def current_round(tournament: Tournament) -> Round | None:
    """The last round paired (running or finished), or ``None`` before round 1."""
    return tournament.rounds[-1] if tournament.rounds else None


def is_over(tournament: Tournament) -> bool:
    """Every round is played (or no round can be paired any more: fewer than two players
    left, or no table for them) and the last one has finished."""
    last = current_round(tournament)
    if last is not None and not last.finished:
        return False
    if len(tournament.rounds) >= total_rounds(tournament):
        return True
    active = len(tournament.active())
    if tournament.settings.format == "elimination":
        return last is not None and len(still_in(tournament)) < 2
    settings = tournament.settings
    return active < 2 or not table_plan(active, settings.seats, settings.min_seats)[0]


def start_round(tournament: Tournament) -> Tournament:
    """The record with its next round paired (Swiss or elimination, by its settings).
    Raises ``TournamentError`` while a round runs or once the tournament is over."""
    last = current_round(tournament)
    if last is not None and not last.finished:
        raise TournamentError(f"round {last.number} is still being played")
    if is_over(tournament):
        raise TournamentError("the tournament is over")
    if tournament.settings.format == "elimination":
        paired = next_elimination_round(tournament)
    else:
        paired = next_swiss_round(tournament)
    return tournament.model_copy(update={"rounds": (*tournament.rounds, paired)})


def _with_result(tournament: Tournament, table_number: int, result: TableResult) -> Tournament:
    last = current_round(tournament)
    if last is None:
        raise TournamentError("no round has started")
    tables = list(last.tables)
    index = next((i for i, t in enumerate(tables) if t.number == table_number), None)
    if index is None:
        raise TournamentError(f"round {last.number} has no table {table_number}")
    if tables[index].result is not None:
        raise TournamentError(f"table {table_number} already has its result")
    if len(result.places) != len(tables[index].players):
        raise TournamentError("one place per seat")
    # validated again: places that are no ranking are refused there
    tables[index] = Table.model_validate(
        {**tables[index].model_dump(), "result": result.model_dump()}
    )
    round_ = last.model_copy(update={"tables": tuple(tables)})
    return tournament.model_copy(update={"rounds": (*tournament.rounds[:-1], round_)})


def record_result(tournament: Tournament, table_number: int, places: Sequence[int]) -> Tournament:
    """The record with table ``table_number`` of the current round ended with ``places``
    (per seat, 1 = best, ties share: ``1, 1, 3``). A table played out by automatic players
    (a player removed, or one who left) ends like any other. Raises ``TournamentError``."""
    try:
        return _with_result(tournament, table_number, TableResult(places=tuple(places)))
    except ValueError as error:
        if isinstance(error, TournamentError):
            raise
        raise TournamentError(str(error)) from error


def record_outcome(tournament: Tournament, table_number: int, outcome: Outcome) -> Tournament:
    """:func:`record_result` with the places of a game's engine ``outcome``
    (``scoring.places_of``)."""
    last = current_round(tournament)
    table = next((t for t in last.tables if t.number == table_number), None) if last else None
    if table is None:
        raise TournamentError(f"no table {table_number} in the current round")
    return record_result(tournament, table_number, places_of(outcome, len(table.players)))


def record_deadline(
    tournament: Tournament, table_number: int, out_of_time: Collection[int]
) -> Tournament:
    """The record with table ``table_number`` of the current round, still running at the
    round's deadline, decided by ``scoring.deadline_places``: the seats in ``out_of_time``
    lose. Raises ``TournamentError``."""
    last = current_round(tournament)
    table = next((t for t in last.tables if t.number == table_number), None) if last else None
    if table is None:
        raise TournamentError(f"no table {table_number} in the current round")
    try:
        places = deadline_places(len(table.players), out_of_time)
    except ValueError as error:
        raise TournamentError(str(error)) from error
    result = TableResult(places=places, decided="deadline", out_of_time=tuple(sorted(out_of_time)))
    return _with_result(tournament, table_number, result)


def withdraw(
    tournament: Tournament, player: str, how: Literal["dropped", "removed"] = "dropped"
) -> Tournament:
    """The record with ``player`` withdrawn after the current round: not paired again, their
    results kept. A table of theirs still running goes on (for ``"removed"``, the caller has
    the automatic player take their seat) and counts like any other. Raises
    ``TournamentError`` for a stranger or a player already withdrawn."""
    if player not in {e.id for e in tournament.entrants}:
        raise TournamentError(f"{player} is not in the tournament")
    if player in tournament.withdrawn():
        raise TournamentError(f"{player} has already withdrawn")
    if is_over(tournament) and tournament.rounds:
        raise TournamentError("the tournament is over")
    withdrawal = {"player": player, "after_round": len(tournament.rounds), "how": how}
    return Tournament.model_validate(
        {
            **tournament.model_dump(),
            "withdrawals": [*tournament.model_dump()["withdrawals"], withdrawal],
        }
    )


def standings(tournament: Tournament) -> Standings:
    """The standings now (``final`` once the tournament is over): Swiss points and
    tie-breaks, or the bracket's order for an elimination."""
    over = is_over(tournament) and bool(tournament.rounds)
    if tournament.settings.format == "elimination":
        return bracket_standings(tournament, final=over)
    return swiss_standings(tournament, final=over)


def final_standings(tournament: Tournament) -> Standings:
    """The final standings. Raises ``TournamentError`` while the tournament goes on."""
    if not tournament.rounds or not is_over(tournament):
        raise TournamentError("the tournament is not over")
    return standings(tournament)


class Whereabouts(BaseModel):
    """Where a player stands: their ``place`` and ``points`` in the standings now, their
    ``status``, and in the current round their ``table`` number and ``seat`` (``None``
    for none), whether that table is still ``playing``, or their ``bye``. ``round`` is the
    current round's number (0 before round 1)."""

    model_config = ConfigDict(frozen=True)

    player: str
    round: int
    table: int | None
    seat: int | None
    playing: bool
    bye: bool
    place: int
    points: float
    status: str


def whereabouts(tournament: Tournament, player: str) -> Whereabouts:
    """Where ``player`` is (their next or current table, and their place): what
    ``/game tournament`` shows. Raises ``TournamentError`` for a stranger."""
    row = next((r for r in standings(tournament).rows if r.player == player), None)
    if row is None:
        raise TournamentError(f"{player} is not in the tournament")
    last = current_round(tournament)
    table = seat = None
    playing = bye = False
    if last is not None:
        bye = player in last.byes
        for candidate in last.tables:
            if player in candidate.players:
                table, seat = candidate.number, candidate.players.index(player)
                playing = candidate.result is None
    return Whereabouts(
        player=player,
        round=last.number if last else 0,
        table=table,
        seat=seat,
        playing=playing,
        bye=bye,
        place=row.place,
        points=row.points,
        status=row.status,
    )


def export(tournament: Tournament) -> dict[str, Any]:
    """The tournament's record as JSON data, with its standings beside it, like a game's
    export: ``{"version", "format", "over", "record", "standings"}`` (``record`` as
    ``model.Tournament``'s JSON, ``standings`` as ``standings.Standings``')."""
    return {
        "version": EXPORT_VERSION,
        "format": tournament.settings.format,
        "over": is_over(tournament) and bool(tournament.rounds),
        "record": tournament.model_dump(mode="json"),
        "standings": standings(tournament).model_dump(mode="json"),
    }


def load(record: dict[str, Any] | str) -> Tournament:
    """A record back from :func:`export`'s ``record`` (data or JSON text), validated."""
    if isinstance(record, str):
        return Tournament.model_validate_json(record)
    return Tournament.model_validate(record)
