"""The private screen's "↶ Undo": take back the clicker's own move (``engine.undo``), then
show their screen as the game now stands; the table says "alice took back a move"."""

from __future__ import annotations

import logging

import discord

from bot.context import Cardroom
from bot.handlers.play import PlayHandlers
from bot.handlers.replies import guarded
from bot.messages.languages import tr
from bot.service.errors import OutOfDate

log = logging.getLogger(__name__)


class UndoHandlers:
    """The Undo button's handler; answers with the clicker's screen as ``play`` shows it."""

    def __init__(self, room: Cardroom, play: PlayHandlers) -> None:
        self.room = room
        self.play = play

    @guarded("undo button")
    async def on_undo(self, interaction: discord.Interaction, game_id: int, seq: int) -> None:
        """Take back the clicker's move logged as ``seq``; a stale Undo (the move taken back
        already, another seat moved since, the game moved on) gets the usual line on their
        screen as it is now."""
        _ = tr(interaction)
        where = await self.play._where(interaction, game_id)
        try:
            played = await self.room.service.take_back(game_id, interaction.user.id, seq)
        except OutOfDate as error:  # they are shown the game as it is now
            await self.play._refused(interaction, game_id, where, error)
            return
        seat = self.room.service.seat_of(played.snapshot.record, interaction.user.id)
        followups = self.room.followups.after_played(played, actor=seat)
        self.room.spawn(followups, f"after game {game_id} take-back")
        said = ["↶ " + _("You took back your move.")]  # (a line only they see)
        try:
            await self.play._show_screen(interaction, played.snapshot, where, private=said)
        except discord.HTTPException as exc:  # the take-back is saved; the table shows it
            log.warning("could not answer a take-back in game %s: %s", game_id, exc.text)
