"""What a direct message about a game looks like: "Your move in <game> #12" (or a reminder),
a link to the table, and a button that opens the player's private screen right there.

A click on that button arrives as Discord sends clicks in a DM with the bot: no guild,
``user`` instead of ``member``, and ``app_permissions`` without View Channel or Send
Messages (interactions/receiving-and-responding.mdx, Interaction Object). So it has its own
``custom_id`` (``cr:dm:<game>``) and its own handler, which finds the game by that id and
checks the clicker against its seats (``bot.handlers.direct``); no channel check applies.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

import engine
from bot.games import presentation
from bot.i18n import Translator
from bot.messages.components import handlers
from bot.messages.layouts import clip
from storage import GameRecord

DIRECT_SCREEN_TEMPLATE = r"cr:dm:(?P<game>[0-9]{1,18})"


class DirectScreenButton(ui.DynamicItem[ui.Button], template=DIRECT_SCREEN_TEMPLATE):
    """In a direct message: open the player's private screen of game ``game_id``."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"cr:dm:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> DirectScreenButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "-")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_direct_screen(interaction, self.game_id)


DIRECT_ITEMS = (DirectScreenButton,)
"""The persistent components of direct messages."""


def game_name(record: GameRecord, _: Translator) -> str:
    """ "<game> #12": the game's title in ``_``'s language and its number."""
    title = _(engine.get_game(record.game_name).info.title)
    return _("{title} #{game}", title=title, game=record.id)


def direct_message(record: GameRecord, text: str, link: str | None, _: Translator) -> ui.LayoutView:
    """A direct message about ``record``: ``text``, then a link to the table (``link``, when
    there is one) and the button that opens the player's private screen, in ``_``'s
    language."""
    show = presentation(record.game_name)
    view = ui.LayoutView(timeout=None)
    view.stop()  # dispatched by custom_id: discord.py need not keep it
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=show.accent
    )
    buttons: list[ui.Item[Any]] = []
    if link:
        buttons.append(ui.Button(label=_("Go to the table")[:80], url=link))
    buttons.append(DirectScreenButton(record.id, _(show.private_label)))
    container.add_item(ui.ActionRow(*buttons))
    view.add_item(container)
    return view


def turn_text(record: GameRecord, _: Translator, left: str | None = None) -> str:
    """ "**Your move in <game> #12**" and, under a pace, the time the player has."""
    lines = [_("**Your move in {game}**", game=game_name(record, _))]
    if left is not None:
        lines.append(_("⏳ {left} left, then the automatic player moves for you.", left=left))
    return "\n".join(lines)
