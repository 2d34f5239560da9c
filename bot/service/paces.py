"""Paces: how much time a table gives each decision, chosen in the lobby.

A pace is real time (every decision gets the same clock, Board Game Arena's "realtime") or
turn-based (each seat has a time bank: it starts at a set time, each of the seat's turns adds
a set time, up to a cap, and it runs only while the game waits for that seat — Board Game
Arena's "turn-based"). Either way, when a seat's time runs out its automatic player moves
(``bot.service.automatic``), and after three such timeouts in a row the seat is played
automatically until its player comes back (``bot.service.seats``).

The presets, and why (docs/slow-play.md): the two real-time clocks the lobby offered (1 and
5 minutes a move), and three turn-based paces named, as Board Game Arena names its own, by
the time a move gives: 6 hours (its fastest "4 moves a day"), 1 day ("1 move a day") and 3
days ("1 move every 3 days"). A bank starts at one move's time, as the first move then keeps
the pace's rhythm, and is capped higher (1 day, 3 days, 7 days), so a player who answers
quickly builds up a reserve for a busy day; Board Game Arena caps a bank at its start.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage import GameRecord

HOUR = 3600
DAY = 24 * HOUR


@dataclass(frozen=True)
class Pace:
    """One pace a table may have.

    Attributes:
        key: its name in commands and options (``"off"``, ``"1m"``, ``"1d"``...).
        per_move: seconds each decision gets (real time) or each move adds to a seat's bank
            (turn-based); ``None``: no clock at all.
        bank_start: the bank a seat starts with, in seconds (turn-based only, else ``None``).
        bank_cap: the most a bank holds, in seconds (turn-based only, else ``None``).
    """

    key: str
    per_move: int | None
    bank_start: int | None = None
    bank_cap: int | None = None

    @property
    def turn_based(self) -> bool:
        """Each seat has a time bank (away time pauses it)."""
        return self.bank_start is not None


OFF = Pace("off", None)
PACES: tuple[Pace, ...] = (
    OFF,
    Pace("1m", 60),
    Pace("5m", 5 * 60),
    Pace("6h", 6 * HOUR, 6 * HOUR, DAY),
    Pace("1d", DAY, DAY, 3 * DAY),
    Pace("3d", 3 * DAY, 3 * DAY, 7 * DAY),
)
"""The paces the lobby offers, in its menu's order."""


def pace_of(record: GameRecord) -> Pace:
    """The pace ``record`` was set up with: one of :data:`PACES`, or (a table set up before
    the presets changed: a real-time clock of 1 h or 24 h) a pace of its own, keyed
    ``"custom"``."""
    for pace in PACES:
        if (pace.per_move, pace.bank_start, pace.bank_cap) == (
            record.turn_clock,
            record.bank_start,
            record.bank_cap,
        ):
            return pace
    return Pace("custom", record.turn_clock, record.bank_start, record.bank_cap)


def pace_named(key: str) -> Pace | None:
    """The preset called ``key`` (``None``: no such preset)."""
    return next((pace for pace in PACES if pace.key == key), None)
