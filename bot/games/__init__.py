"""Per-game presentation: how each engine game is shown in Discord (text and components)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from bot.i18n import Translator, translator
from bot.screens import HandScreen
from engine.types import Event


@dataclass(frozen=True)
class HostOption:
    """A table option the host can toggle in the lobby: the options-model ``field`` (a bool),
    its ``label`` msgid and a ``help`` msgid saying what it does."""

    field: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class Presenter:
    """How one game is shown.

    Attributes:
        table_text: ``(spectator_view, names, recent_lines, _, game_id, *, closed=False)
            -> str``; ``closed``: the game ended outside the rules (aborted, forfeit).
        hand_screen: ``(seat_view, names, private_lines, _, *, labels=None, closed=False) ->
            HandScreen``; ``labels``: seat names for buttons (mentions do not render there).
        event_line: ``(event, viewer, names, _) -> str | None``.
        select_to_key: ``(select_kind, values) -> action key | None``.
        host_options: the options the lobby offers as toggles.
        goal: one sentence (msgid) saying how the game is won, for the lobby.
    """

    table_text: Callable[..., str]
    hand_screen: Callable[..., HandScreen]
    event_line: Callable[[Event, int | None, Sequence[str], Translator], str | None]
    select_to_key: Callable[[str, Sequence[str]], str | None]
    host_options: tuple[HostOption, ...]
    goal: str = ""


def presenter(game: str) -> Presenter:
    """The presenter of engine game ``game``.

    Raises:
        KeyError: the bot cannot show that game.
    """
    from bot.games import artichokes

    return {"artichokes": artichokes.PRESENTER}[game]


def seat_screen(game: str, state: Any, seat: int) -> HandScreen:
    """What ``seat``'s private screen shows in ``state`` (its text and components), in a fixed
    language and with neutral seat names: two results are equal exactly when the player would
    see the same screen, so a button on one means the same on the other."""
    names = [f"seat {s}" for s in range(state.seats)]
    return presenter(game).hand_screen(engine.view(state, seat), names, [], translator("en"))
