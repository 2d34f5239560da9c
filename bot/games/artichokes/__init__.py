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
        HostOption(
            "rhubarb", N_("Rhubarb promo"), N_("adds the 6 Rhubarb cards to the Garden Stack")
        ),
        HostOption(
            "auto_end_turn",
            N_("Automatic end of turn"),
            N_("ends your turn when nothing in your hand can be played"),
        ),
    ),
    goal=N_(
        "Goal: be the first to draw a hand without Artichokes at the end of your turn. "
        "Rules: the Rules button on the table, or /game rules."
    ),
)
