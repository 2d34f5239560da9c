"""The data objects the use cases hand back: a stored game with its state, and what a change
did."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import engine
from engine import Event
from storage import GameRecord


@dataclass(frozen=True)
class Move:
    """One applied action: whose seat, which key, the events it produced, and who made it
    (``"player"``, ``"automatic"`` or ``"timeout"``)."""

    seat: int
    key: str
    events: list[Event]
    actor: str = "player"

    @property
    def automatic(self) -> bool:
        """An automatic player made it."""
        return self.actor != "player"


@dataclass
class GameSnapshot:
    """A game as stored, with its parsed state (``None`` for a lobby).

    ``record.state_json`` is always ``None`` here: the stored text of a started game is not
    kept beside its parsed ``state`` (it would double what a live game holds in memory).
    """

    record: GameRecord
    state: engine.GameState | None

    def __post_init__(self) -> None:
        if self.record.state_json is not None:
            self.record = replace(self.record, state_json=None)

    @property
    def id(self) -> int:
        """The game id."""
        return self.record.id


@dataclass
class Played:
    """The result of a change to a running game (a user's action, a forfeit, automatic moves
    after a restart): the game after it and every move applied, in order.

    Attributes:
        snapshot: the game now.
        moves: the applied moves (a user's own first, then automatic moves that followed).
        ended: the game is over now.
        deciding_before: the seats the game waited for before the change.
    """

    snapshot: GameSnapshot
    moves: list[Move] = field(default_factory=list)
    ended: bool = False
    deciding_before: tuple[int, ...] = ()

    def events(self) -> list[Event]:
        """Every event of every move, in order."""
        return [event for move in self.moves for event in move.events]
