"""The stamp a component carries for the decisions it answers (``custom_id``'s ``since``).

The engine stamps each decision with the step at which it was made (``Decision.since``), and a
take-back restores a state exactly, stamps included (``engine.undo``): after a move taken back
and a different one made, a seat's decision may carry the same stamp as one shown before the
take-back, for a state its player never saw. So the stamp shown and checked by the bot joins
the engine's with how many moves that seat took back (``Seat.undone``): every component shown
to the seat before its take-back is out of date after it, and a click on one is refused as any
stale click is (the player is shown the game as it is). Other seats' stamps do not move: a
take-back leaves their decisions as they were (the rule), so their buttons stay good.
"""

from __future__ import annotations

from storage import GameRecord

_TAKE_BACK = 10**6
"""The stamp's weight of one take-back: above any step a game reaches (the longest games
take a few hundred steps). ``custom_id`` keeps nine digits for the stamp, so the count of
take-backs is taken modulo a thousand: a stale component could match again only after exactly
a thousand more take-backs by its seat at the very same step."""


def stamp(record: GameRecord, seat: int, since: int) -> int:
    """The stamp of ``seat``'s decisions stamped ``since`` by the engine in ``record``'s game
    as it is now: ``since`` unchanged while the seat took nothing back (the ``custom_id`` of a
    game without take-backs is as before), else ``since + (undone mod 1000) * 10**6``; at
    most nine digits, as ``custom_id`` keeps them."""
    undone = record.seats[seat].undone if 0 <= seat < len(record.seats) else 0
    return since % _TAKE_BACK + undone % 1000 * _TAKE_BACK
