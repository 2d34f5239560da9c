"""Value types shared by every game: actions and events (outcomes: ``engine.contract``)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Action(NamedTuple):
    """One decision by one seat.

    Attributes:
        seat: the deciding seat, 0-based.
        key: the action's stable short key (ASCII, at most 60 characters), e.g. ``"end"``.
            It is unique among the seat's legal actions of one state and travels inside
            Discord ``custom_id`` values.
    """

    seat: int
    key: str


PUBLIC: None = None
"""Visibility of an event everybody (players and spectators) may see."""


class Event(NamedTuple):
    """Something that happened while an action was applied.

    Attributes:
        kind: what happened, e.g. ``"harvested"``; each game documents its kinds.
        seat: the seat the event is about (usually the actor), or ``None``.
        data: JSON-compatible details (card names, counts, seats).
        visible_to: ``None`` for a public event, otherwise the tuple of seats allowed to see it.
    """

    kind: str
    seat: int | None
    data: dict[str, Any]
    visible_to: tuple[int, ...] | None = PUBLIC

    def visible_for(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) may see this event."""
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


Events = list[Event] | None
"""Where rules code collects the events it causes, in order; ``None`` when nobody will read them
(playouts, ``Game.advance``): then no event is built at all."""


def events_for(events: list[Event], viewer: int | None) -> list[Event]:
    """The events of ``events`` that ``viewer`` (a seat, ``None`` = spectator) may see, in order."""
    return [e for e in events if e.visible_for(viewer)]
