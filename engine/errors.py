"""Errors raised by the engine."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action was refused; the state it was applied to has not changed.

    Attributes:
        code: machine-readable reason, one of
            ``"game_over"`` (the game has ended),
            ``"not_your_decision"`` (the seat has nothing to decide now),
            ``"illegal"`` (the seat may act, but not with this action),
            ``"unknown_seat"`` (the seat is not in this game).
        message: a short English sentence for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class UnknownGame(KeyError):
    """No game is registered under the requested name."""
