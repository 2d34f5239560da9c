"""Abandon All Artichokes in Discord: ``events`` (event lines) and ``render`` (table, hand)."""

from __future__ import annotations

from bot.games import HostOption, Presenter
from bot.games.artichokes.events import event_line
from bot.games.artichokes.render import hand_screen, select_to_key, table_text
from bot.i18n import N_

PRESENTER = Presenter(
    table_text=table_text,
    hand_screen=hand_screen,
    event_line=event_line,
    select_to_key=select_to_key,
    host_options=(
        HostOption("rhubarb", N_("Rhubarb promo")),
        HostOption("auto_end_turn", N_("Automatic end of turn")),
    ),
)
