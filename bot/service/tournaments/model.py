"""A tournament's record: pure data, frozen pydantic models that export to JSON and back.

The record holds what happened and nothing derived: the settings, the entrants, each round's
tables (with their results once finished) and byes, and who withdrew when. Standings, the next
pairing and a player's whereabouts are computed from it (``standings``, ``swiss``,
``elimination``, ``progress``), so a record read back after a restart gives the same answers.

Shape of ``Tournament.model_dump(mode="json")`` (``docs/tournaments.md`` has an example)::

    {"settings": {"format": "swiss", "seats": 3, "min_seats": 1, "rounds": 4,
                  "tie_breaks": ["buchholz_cut1", "buchholz", "sonneborn_berger", "wins"]},
     "entrants": [{"id": "u:123", "rating": 25.1}, ...],
     "rounds": [{"number": 1,
                 "tables": [{"number": 1, "players": ["u:123", "u:456", "a:2"],
                             "result": {"places": [1, 3, 2], "decided": "played",
                                        "out_of_time": []}}, ...],
                 "byes": ["u:789"]}, ...],
     "withdrawals": [{"player": "u:456", "after_round": 2, "how": "dropped"}]}

Player ids are strings (Discord sends its snowflakes as strings too, and JSON numbers lose
precision past 2**53); the wiring layer chooses them (a user, an automatic entrant).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Format = Literal["swiss", "elimination"]
TieBreak = Literal["buchholz_cut1", "buchholz", "buchholz_median", "sonneborn_berger", "wins"]
DEFAULT_TIE_BREAKS: tuple[TieBreak, ...] = ("buchholz_cut1", "buchholz", "sonneborn_berger", "wins")
MAX_SEATS = 5
"""The most seats a tournament table has (tables of 2 to 5: ``docs/tournaments.md``)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Settings(_Frozen):
    """How a tournament is played.

    Attributes:
        format: ``"swiss"`` (any seat count) or ``"elimination"`` (single elimination,
            2 seats only).
        seats: the seats of a full table, 2 to :data:`MAX_SEATS`.
        min_seats: the fewest seats the game allows (its ``GameInfo.min_players``): a Swiss
            round may seat some tables one seat smaller than ``seats`` when this allows it
            (``swiss.table_plan``); never below 2.
        rounds: Swiss rounds to play; for elimination, ignored (the bracket decides: see
            ``elimination.rounds_needed``).
        tie_breaks: the order in which ties on points are broken (``standings``).
    """

    format: Format = "swiss"
    seats: int = Field(default=2, ge=2, le=MAX_SEATS)
    min_seats: int = Field(default=2, ge=1, le=MAX_SEATS)
    rounds: int = Field(default=4, ge=1, le=64)
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS

    @model_validator(mode="after")
    def _coherent(self) -> Settings:
        if self.format == "elimination" and self.seats != 2:
            raise ValueError("single elimination is for 2-seat tables")
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise ValueError("a tie-break is named twice")
        return self


class Entrant(_Frozen):
    """One player signed up: ``id`` (unique in the tournament) and ``rating``, the rating that
    seeds round 1 (higher first; the conservative ``mu - 3 sigma`` the leaderboard shows).
    Entrants of equal rating keep their sign-up order."""

    id: str = Field(min_length=1)
    rating: float = 0.0


class TableResult(_Frozen):
    """How a finished table ended.

    Attributes:
        places: per seat (the table's ``players`` order), 1 = best; tied seats share a place
            and the next place skips (1, 1, 3), as ``engine.contract.Outcome.ranks``.
        decided: ``"played"`` (the game ended, possibly played out by automatic players) or
            ``"deadline"`` (stopped at the round's deadline: ``scoring.deadline_places``).
        out_of_time: at a deadline, the seats that were out of time; else empty.
    """

    places: tuple[int, ...]
    decided: Literal["played", "deadline"] = "played"
    out_of_time: tuple[int, ...] = ()


class Table(_Frozen):
    """One table of a round: its ``number`` (1 = the top table), its ``players`` in seat
    order, and its ``result`` once it has ended (``None`` while it runs)."""

    number: int = Field(ge=1)
    players: tuple[str, ...] = Field(min_length=2, max_length=MAX_SEATS)
    result: TableResult | None = None

    @model_validator(mode="after")
    def _result_fits(self) -> Table:
        if self.result is not None:
            places = self.result.places
            if len(places) != len(self.players):
                raise ValueError("one place per seat")
            if tuple(sorted(places)) != _competition(sorted(places)):
                raise ValueError(f"places {places} are not a ranking (1, 1, 3, ...)")
            if any(not 0 <= seat < len(self.players) for seat in self.result.out_of_time):
                raise ValueError("out_of_time names a seat the table does not have")
        return self


def _competition(places: list[int]) -> tuple[int, ...]:
    """The competition ranking ("1224") that sorted ``places`` should be."""
    return tuple(1 + sum(other < place for other in places) for place in places)


class Round(_Frozen):
    """One round: its ``number`` (from 1), its ``tables`` and the players with a ``bye``
    (no table this round; the points ``scoring.bye_points`` says)."""

    number: int = Field(ge=1)
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        """Every table of the round has its result."""
        return all(table.result is not None for table in self.tables)


class Withdrawal(_Frozen):
    """A player who left the tournament: ``after_round`` is the last round they were paired
    in (0 = before round 1), ``how`` is ``"dropped"`` (their choice, between rounds) or
    ``"removed"`` (by an organiser; a table they sat at is played out by the automatic
    player and counts like any other)."""

    player: str
    after_round: int = Field(ge=0)
    how: Literal["dropped", "removed"]


class Tournament(_Frozen):
    """A tournament's whole record (the module docstring shows its JSON). Build one with
    ``progress.new_tournament``; change it only through ``progress`` (each change returns a
    new record)."""

    settings: Settings
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()

    @model_validator(mode="after")
    def _unique(self) -> Tournament:
        ids = [entrant.id for entrant in self.entrants]
        if len(set(ids)) != len(ids):
            raise ValueError("an entrant is signed up twice")
        known = set(ids)
        for round_ in self.rounds:
            seated = [p for table in round_.tables for p in table.players] + list(round_.byes)
            if len(set(seated)) != len(seated) or not set(seated) <= known:
                raise ValueError(f"round {round_.number} seats a player twice or a stranger")
        return self

    def seed_order(self) -> tuple[str, ...]:
        """Entrant ids by rating (highest first), equal ratings in sign-up order: seed 1
        first. The last word on every full tie."""
        indexed = sorted(enumerate(self.entrants), key=lambda item: (-item[1].rating, item[0]))
        return tuple(entrant.id for _, entrant in indexed)

    def withdrawn(self) -> dict[str, Withdrawal]:
        """The players who withdrew, by id."""
        return {w.player: w for w in self.withdrawals}

    def active(self) -> tuple[str, ...]:
        """The players still in (not withdrawn), in seed order."""
        gone = self.withdrawn()
        return tuple(p for p in self.seed_order() if p not in gone)
