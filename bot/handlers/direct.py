"""Clicks in direct messages: the button of "Your move in <game> #12" that opens the player's
private screen.

Such a click comes as Discord sends clicks in a DM with the bot
(interactions/receiving-and-responding.mdx, Interaction Object): no ``guild_id``, ``user``
instead of ``member``, ``context`` 1 (BOT_DM), and ``app_permissions`` without View Channel or
Send Messages — so no channel permission is checked here (it would refuse every such click):
the game is found by the id in the ``custom_id``, the clicker checked against its seats, and
the screen is the clicker's own ephemeral answer, which needs no permission at all.
"""

from __future__ import annotations

import discord

from bot.context import Cardroom
from bot.handlers.play import PlayHandlers
from bot.handlers.replies import guarded


class DirectHandlers:
    """The components of direct messages (``bot.messages.direct_views``)."""

    def __init__(self, room: Cardroom, play: PlayHandlers) -> None:
        self.room = room
        self.play = play

    @guarded("direct message screen button")
    async def on_screen(self, interaction: discord.Interaction, game_id: int) -> None:
        """Open the clicker's private screen of game ``game_id`` (a player away after
        timeouts who opens it is back).

        Refused (a friendly ephemeral, nothing changed): no such game; the clicker has no
        seat in it (``seat_of``: never had one, or left).
        """
        service = self.room.service
        record = await service.record(game_id)  # UserError: no such game
        service.seat_of(record, interaction.user.id)  # UserError: not a player of it
        back = await service.come_back(game_id, interaction.user.id)
        await self.play._send_screen(interaction, await service.snapshot(game_id), back)
