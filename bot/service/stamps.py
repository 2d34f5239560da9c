"""The stamp a component carries for the decisions it answers (``custom_id``'s ``since``).

The engine stamps each decision with the step at which it was made (``Decision.since``), and a
take-back restores a state exactly, stamps included (``engine.undo``): after a move taken back
and a different one made, a decision may carry the same stamp as one shown before the
take-back, for a state the player never saw. So the stamp shown and checked by the bot joins
the engine's with how many moves of the game were taken back (``GameRecord.undone``): every
component shown before a take-back is out of date after it, and a click on one is refused as
any stale click is (the player is shown the game as it is).
"""

from __future__ import annotations

from storage import GameRecord

_TAKE_BACK = 10**6
"""The stamp's weight of one take-back: above any step a game reaches (the longest games
take a few hundred steps). ``custom_id`` keeps nine digits for the stamp, so the count of
take-backs is taken modulo a thousand: a stale component could match again only after exactly
a thousand more take-backs at the very same step."""


def stamp(record: GameRecord, since: int) -> int:
    """The stamp of decisions stamped ``since`` by the engine in ``record``'s game as it is
    now: ``since`` unchanged while no move was taken back (the ``custom_id`` of a game
    without take-backs is as before), else ``since + (undone mod 1000) * 10**6``; at most
    nine digits, as ``custom_id`` keeps them."""
    return since % _TAKE_BACK + record.undone % 1000 * _TAKE_BACK
