"""A game's card: the lobby message that stays in the channel while the game is played in a
thread of its own (``bot.texts.cards`` holds its words), with its buttons: **Watch** and
**Stop watching** while it runs, **Play again** once it is over; and the Join buttons of
``/game open``. Every button is a persistent ``ui.DynamicItem`` (it works after a restart):

- ``cr:card:<game>:<op>`` — ``watch``, ``unwatch``, ``again`` (on the card, the final table
  and ``/game watching``)
- ``cr:open:<game>`` — join a lobby from ``/game open``
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord
from discord import ui

from bot.games import presentation
from bot.i18n import Translator
from bot.messages import layouts
from bot.texts.cards import card_text
from storage import GameRecord, GameStatus

CARD_TEMPLATE = r"cr:card:(?P<game>[0-9]{1,18}):(?P<op>watch|unwatch|again)"
OPEN_TEMPLATE = r"cr:open:(?P<game>[0-9]{1,18})"
WATCH, UNWATCH, AGAIN = "watch", "unwatch", "again"


class CardHandlers(Protocol):
    """What the card's buttons call (``bot.handlers.threads.ThreadHandlers``)."""

    async def on_card(self, interaction: discord.Interaction, game: int, op: str) -> None:
        """Watch, Stop watching or Play again."""

    async def on_open_join(self, interaction: discord.Interaction, game: int) -> None:
        """Join a lobby from ``/game open``."""


def _handlers(interaction: discord.Interaction) -> CardHandlers:
    found: CardHandlers = interaction.client.components.threads  # type: ignore[attr-defined]
    return found


def _label(item: ui.Item[Any]) -> str:
    return getattr(item, "label", None) or "-"


class CardButton(ui.DynamicItem[ui.Button], template=CARD_TEMPLATE):
    """Watch, Stop watching or Play again, for one game."""

    def __init__(self, game_id: int, op: str, label: str, style: str = "secondary") -> None:
        styles = {"primary": discord.ButtonStyle.primary, "success": discord.ButtonStyle.success}
        super().__init__(
            ui.Button(
                label=label[:80],
                style=styles.get(style, discord.ButtonStyle.secondary),
                custom_id=f"cr:card:{game_id}:{op}",
            )
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(int(match["game"]), match["op"], _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _handlers(interaction).on_card(interaction, self.game_id, self.op)


class OpenJoinButton(ui.DynamicItem[ui.Button], template=OPEN_TEMPLATE):
    """Join one lobby from the list of ``/game open``."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80], style=discord.ButtonStyle.success, custom_id=f"cr:open:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> OpenJoinButton:
        return cls(int(match["game"]), _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _handlers(interaction).on_open_join(interaction, self.game_id)


CARD_ITEMS = (CardButton, OpenJoinButton)
"""The persistent components of this module (``bot.messages.history_views.PERSISTENT_ITEMS``
lists them with the others)."""


def again_button(game_id: int, _: Translator) -> CardButton:
    """**Play again** for the finished game ``game_id`` (the card's, the final table's)."""
    return CardButton(game_id, AGAIN, _("Play again"), "success")


def card_layout(record: GameRecord, _: Translator) -> discord.ui.LayoutView | None:
    """The card of ``record``, a game played in its thread once it started: Watch and Stop
    watching while it runs, Play again once it finished; ``None`` while it shows as its lobby
    (a lobby, one closed as a lobby, or a game played in its channel)."""
    if record.status == GameStatus.LOBBY or record.started_at is None or record.parent_id is None:
        return None
    view = ui.LayoutView(timeout=None)
    view.stop()  # only dynamic items: nothing to keep listening (see layouts._layout)
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(layouts.clip(card_text(record, _))),
        accent_colour=presentation(record.game_name).accent,
    )
    buttons: list[ui.Item[Any]] = []
    if record.status == GameStatus.ACTIVE:
        buttons = [
            CardButton(record.id, WATCH, _("Watch"), "primary"),
            CardButton(record.id, UNWATCH, _("Stop watching")),
        ]
    elif record.status == GameStatus.FINISHED:
        buttons = [again_button(record.id, _)]
    if buttons:
        container.add_item(ui.ActionRow(*buttons))
    view.add_item(container)
    return view


def open_layout(text: str, lobbies: Sequence[GameRecord], _: Translator) -> discord.ui.LayoutView:
    """``/game open``: ``text`` and a Join button per lobby (at most 25, five a row)."""
    view = layouts.notice(text)
    buttons = [OpenJoinButton(r.id, _("Join #{game}", game=r.id)) for r in lobbies[:25]]
    for start in range(0, len(buttons), 5):
        view.add_item(ui.ActionRow(*buttons[start : start + 5]))
    return view


def watching_layout(text: str, games: Sequence[GameRecord], _: Translator) -> discord.ui.LayoutView:
    """``/game watching``: ``text`` and a Stop watching button per running game followed."""
    view = layouts.notice(text)
    running = [g for g in games if g.status in (GameStatus.ACTIVE, GameStatus.LOBBY)][:25]
    buttons = [CardButton(g.id, UNWATCH, _("Stop watching #{game}", game=g.id)) for g in running]
    for start in range(0, len(buttons), 5):
        view.add_item(ui.ActionRow(*buttons[start : start + 5]))
    return view
