"""Discord layouts (Components V2 ``ui.LayoutView``) built from plain screens.

Every layout is rebuilt from stored data each time; no state lives in a view (``timeout=None``,
persistent dynamic items only).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import ui

from bot.components import ActionButton, ActionSelect, LobbyButton, RulesButton, ShowHandButton
from bot.i18n import Translator
from bot.screens import HandScreen

TEXT_LIMIT = 3900  # Discord allows 4000 characters of text per message; keep a margin
ACCENT = discord.Colour.from_rgb(94, 140, 49)  # artichoke green


def _clip(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def notice(text: str) -> ui.LayoutView:
    """A layout holding only ``text``."""
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.TextDisplay(_clip(text)))
    return view


def lobby(
    game_id: int,
    text: str,
    options: Sequence[tuple[str, str, bool]],
    _: Translator,
    closed: bool = False,
) -> ui.LayoutView:
    """The lobby: ``text`` (players and options), Join/Leave/Start/Cancel, and one toggle per
    host option ``(field, label, on)``; every button disabled once ``closed``."""
    view = ui.LayoutView(timeout=None)
    container = ui.Container(ui.TextDisplay(_clip(text)), accent_colour=ACCENT)
    if not closed:
        container.add_item(
            ui.ActionRow(
                LobbyButton(game_id, "join", _("Join"), "success"),
                LobbyButton(game_id, "leave", _("Leave")),
                LobbyButton(game_id, "start", _("Start"), "primary"),
                LobbyButton(game_id, "cancel", _("Cancel"), "danger"),
            )
        )
        if options:
            container.add_item(
                ui.ActionRow(
                    *(
                        LobbyButton(
                            game_id,
                            f"opt.{field}",
                            _("{option}: {state}", option=label, state=_("on") if on else _("off")),
                        )
                        for field, label, on in options
                    )
                )
            )
    view.add_item(container)
    return view


def table(game_id: int, text: str, _: Translator, finished: bool = False) -> ui.LayoutView:
    """The public table with its "Show my hand" button (disabled once the game has ended)."""
    view = ui.LayoutView(timeout=None)
    container = ui.Container(ui.TextDisplay(_clip(text)), accent_colour=ACCENT)
    container.add_item(
        ui.ActionRow(
            ShowHandButton(game_id, _("Show my hand"), disabled=finished),
            RulesButton(game_id, _("Rules")),
        )
    )
    view.add_item(container)
    return view


def hand(game_id: int, version: int, screen: HandScreen, notice_text: str = "") -> ui.LayoutView:
    """A player's private screen: an optional notice line, the text, and its components."""
    view = ui.LayoutView(timeout=None)
    text = f"{notice_text}\n\n{screen.text}" if notice_text else screen.text
    container = ui.Container(ui.TextDisplay(_clip(text)), accent_colour=ACCENT)
    for select in screen.selects:
        container.add_item(
            ui.ActionRow(
                ActionSelect(
                    game_id,
                    version,
                    select.kind,
                    placeholder=select.placeholder,
                    options=[
                        discord.SelectOption(label=o.label[:100], value=o.value)
                        for o in select.options
                    ],
                    min_values=select.min_values,
                    max_values=select.max_values,
                )
            )
        )
    for row in screen.rows:
        container.add_item(
            ui.ActionRow(*(ActionButton(game_id, version, b.key, b.label, b.style) for b in row))
        )
    view.add_item(container)
    return view
