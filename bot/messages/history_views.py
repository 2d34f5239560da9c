"""The components and layouts of the memory of play: a replay's ⏮ ◀ ▶ ⏭ buttons and its
"go to" menu, and the confirmations of ``/cardroom leaderboard reset`` and
``/game forget-me``. Like every component, each is a persistent ``DynamicItem`` whose
``custom_id`` carries all it needs (a replay's game and the step to show), so a replay goes
on after a restart.

``custom_id`` formats:

- ``cr:rp:<game>:<step>:<nav>`` — show ``step`` of the finished game (``nav``: ``first``,
  ``back``, ``next``, ``last``, which keeps the four buttons' ids apart)
- ``cr:rpgo:<game>`` — the "go to" menu; its values are step numbers
- ``cr:lbreset:<game name>:<yes|no>`` — an admin's confirmation of a leaderboard reset
- ``cr:forget:<user>:<yes|no>`` — a player's confirmation of ``/game forget-me``
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from bot.i18n import Translator
from bot.messages.cards import CARD_ITEMS
from bot.messages.components import DYNAMIC_ITEMS
from bot.messages.direct_views import DIRECT_ITEMS
from bot.messages.layouts import NEUTRAL, _layout, clip, gallery
from bot.messages.season_views import SEASON_ITEMS
from bot.messages.tournament_views import TOURNAMENT_ITEMS
from bot.messages.undo_button import UndoButton
from bot.pictures.base import Picture
from bot.texts.history import step_label

REPLAY_TEMPLATE = r"cr:rp:(?P<game>[0-9]{1,18}):(?P<step>[0-9]{1,6}):(?P<nav>first|back|next|last)"
REPLAY_GO_TEMPLATE = r"cr:rpgo:(?P<game>[0-9]{1,18})"
RESET_TEMPLATE = r"cr:lbreset:(?P<name>[a-z_]{1,30}):(?P<choice>yes|no)"
FORGET_TEMPLATE = r"cr:forget:(?P<user>[0-9]{1,20}):(?P<choice>yes|no)"

GO_TO_CHOICES = 25
"""Steps the "go to" menu offers (Discord's most), spread over the game."""


class HistoryHandlers(Protocol):
    """What these components call; the bot's handlers provide it (``bot.handlers``)."""

    async def on_replay(self, interaction: discord.Interaction, game: int, step: int) -> None:
        """Show ``step`` of a replay."""

    async def on_leaderboard_reset(
        self, interaction: discord.Interaction, game_name: str, confirmed: bool
    ) -> None:
        """A reset confirmation's button."""

    async def on_forget(
        self, interaction: discord.Interaction, user_id: int, confirmed: bool
    ) -> None:
        """A forget-me confirmation's button."""


def _handlers(interaction: discord.Interaction) -> HistoryHandlers:
    found: HistoryHandlers = interaction.client.components  # type: ignore[attr-defined]
    return found


def _label(item: ui.Item[Any]) -> str:
    return getattr(item, "label", None) or "-"


class ReplayButton(ui.DynamicItem[ui.Button], template=REPLAY_TEMPLATE):
    """⏮ ◀ ▶ ⏭: show another step of a finished game's replay."""

    def __init__(
        self, game_id: int, step: int, nav: str, label: str = "", disabled: bool = False
    ) -> None:
        emoji = {"first": "⏮️", "back": "◀️", "next": "▶️", "last": "⏭️"}[nav]
        super().__init__(
            ui.Button(
                label=label[:80] or None,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cr:rp:{game_id}:{step}:{nav}",
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["step"]), match["nav"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _handlers(interaction).on_replay(interaction, self.game_id, self.step)


class ReplayGoSelect(ui.DynamicItem[ui.Select], template=REPLAY_GO_TEMPLATE):
    """The replay's "go to" menu: one of the game's steps."""

    def __init__(
        self,
        game_id: int,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"cr:rpgo:{game_id}",
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ReplayGoSelect:
        select = cls(int(match["game"]))
        select.item = item  # type: ignore[assignment]
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = list(self.item.values)
        # exactly a value the menu offers (a step's number as str() writes it), never "03"
        offered = len(values) == 1 and re.fullmatch(r"0|[1-9][0-9]{0,8}", values[0])
        step = int(values[0]) if offered else -1
        await _handlers(interaction).on_replay(interaction, self.game_id, step)


class ResetButton(ui.DynamicItem[ui.Button], template=RESET_TEMPLATE):
    """Confirm (or not) an admin's ``/cardroom leaderboard reset``."""

    def __init__(self, game_name: str, confirmed: bool, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                custom_id=f"cr:lbreset:{game_name}:{'yes' if confirmed else 'no'}",
            )
        )
        self.game_name = game_name
        self.confirmed = confirmed

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ResetButton:
        return cls(match["name"], match["choice"] == "yes", _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _handlers(interaction).on_leaderboard_reset(
            interaction, self.game_name, self.confirmed
        )


class ForgetButton(ui.DynamicItem[ui.Button], template=FORGET_TEMPLATE):
    """Confirm (or not) ``/game forget-me``."""

    def __init__(self, user_id: int, confirmed: bool, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                custom_id=f"cr:forget:{user_id}:{'yes' if confirmed else 'no'}",
            )
        )
        self.user_id = user_id
        self.confirmed = confirmed

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["user"]), match["choice"] == "yes", _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _handlers(interaction).on_forget(interaction, self.user_id, self.confirmed)


HISTORY_ITEMS = (ReplayButton, ReplayGoSelect, ResetButton, ForgetButton)
"""The components of this module."""
PERSISTENT_ITEMS = (
    *DYNAMIC_ITEMS,
    *HISTORY_ITEMS,
    *DIRECT_ITEMS,
    *CARD_ITEMS,
    UndoButton,
    *SEASON_ITEMS,
    *TOURNAMENT_ITEMS,
)
"""Every persistent component the bot dispatches by ``custom_id``: register them with
``bot.add_dynamic_items``."""


def go_to_steps(step: int, steps: int) -> list[int]:
    """The steps the "go to" menu offers: all of them in a short game, else
    :data:`GO_TO_CHOICES` spread evenly from the start to the end, with ``step`` among them."""
    if steps + 1 <= GO_TO_CHOICES:
        return list(range(steps + 1))
    spread = {round(i * steps / (GO_TO_CHOICES - 2)) for i in range(GO_TO_CHOICES - 1)}
    return sorted(spread | {step})


def replay(
    game_id: int,
    heading: str,
    table: str,
    step: int,
    steps: int,
    accent: int,
    _: Translator,
    picture: Picture | None = None,
) -> ui.LayoutView:
    """One step of a replay: where it is, the table then (its picture, when there is one, and
    its text), the four buttons and the menu."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(accent_colour=accent)
    container.add_item(ui.TextDisplay(clip(heading)))
    container.add_item(ui.Separator())
    if picture is not None:
        container.add_item(gallery(picture))
    container.add_item(ui.TextDisplay(clip(table)))
    container.add_item(
        ui.ActionRow(
            ReplayButton(game_id, 0, "first", disabled=step == 0),
            ReplayButton(game_id, max(step - 1, 0), "back", disabled=step == 0),
            ReplayButton(game_id, min(step + 1, steps), "next", disabled=step == steps),
            ReplayButton(game_id, steps, "last", disabled=step == steps),
        )
    )
    options = [
        discord.SelectOption(
            label=step_label(choice, steps, _)[:100], value=str(choice), default=choice == step
        )
        for choice in go_to_steps(step, steps)
    ]
    container.add_item(ui.ActionRow(ReplayGoSelect(game_id, _("Go to move…"), options)))
    view.add_item(container)
    return view


def confirm(text: str, yes: ui.Item[Any], no: ui.Item[Any]) -> ui.LayoutView:
    """A question and its two buttons."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=NEUTRAL
    )
    container.add_item(ui.ActionRow(yes, no))
    view.add_item(container)
    return view
