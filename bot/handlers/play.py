"""Playing: the table's private-screen button, action buttons and menus, ``/game hand`` and
``/game leave`` (the rules and help: ``bot.handlers.reference``)."""

from __future__ import annotations

import asyncio
import logging

import discord

import engine
from bot.context import Cardroom
from bot.games import presentation
from bot.handlers.draw_ahead import draw_ahead
from bot.handlers.places import game_here
from bot.handlers.replies import ephemeral, guarded, say, showing
from bot.handlers.spectators import Spectators
from bot.i18n import N_
from bot.messages import layouts
from bot.messages.languages import tr
from bot.messages.picture_guard import REPLY, UPDATE, Route
from bot.messages.pictures import edit_files
from bot.messages.table_look import TableLook
from bot.pictures.base import Picture
from bot.service import GameSnapshot, Played
from bot.service.errors import OutOfDate, UserError
from bot.service.play import MOVED_ON
from bot.service.stamps import stamp
from bot.texts.decisions import decode
from bot.texts.rendering import (
    confirmation_screen,
    private_lines,
    seat_screen,
)
from bot.texts.seat_names import seat_names
from bot.texts.specs import Screen
from storage import GameRecord, GameStatus

log = logging.getLogger(__name__)


class PlayHandlers:
    """Handlers for playing a running game."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room
        self.spectators = Spectators(room)

    # ------------------------------------------------------------- components

    @guarded("private screen button")
    async def on_show_screen(self, interaction: discord.Interaction, game_id: int) -> None:
        """Send the clicking player a fresh private screen (a player away after timeouts
        who opens it is back)."""
        back = await self.room.service.come_back(game_id, interaction.user.id)
        await self._send_screen(interaction, await self.room.service.snapshot(game_id), back)

    @guarded("action button")
    async def on_action(
        self, interaction: discord.Interaction, game_id: int, since: int, key: str
    ) -> None:
        """Apply the clicked action, then update the player's screen in place."""
        await self._act(interaction, game_id, since, key)

    @guarded("select menu")
    async def on_select(
        self,
        interaction: discord.Interaction,
        game_id: int,
        since: int,
        kind: str,
        chunk: int,
        values: list[str],
    ) -> None:
        """Turn the chosen values into the action they stand for and apply it; values the
        menu of that decision did not offer are refused."""
        try:
            snapshot = await self.room.service.active(game_id)
            key = self._chosen(snapshot, interaction.user.id, since, kind, values)
        except OutOfDate as error:  # they are shown the game as it is now
            where = await self._where(interaction, game_id)
            await self._refused(interaction, game_id, where, error)
            return
        await self._act(interaction, game_id, since, key)

    def _chosen(
        self, snapshot: GameSnapshot, user_id: int, since: int, kind: str, values: list[str]
    ) -> str:
        """The action key that ``values``, chosen in the menu of ``user_id``'s decision
        ``kind`` stamped ``since``, stand for.

        Raises:
            UserError: not seated.
            OutOfDate: that decision is gone or re-stamped; values the menu never offered.
        """
        seat = self.room.service.seat_of(snapshot.record, user_id)
        assert snapshot.state is not None
        decision = next((d for d in engine.decisions(snapshot.state, seat) if d.kind == kind), None)
        if decision is None or stamp(snapshot.record, seat, decision.since) != since:
            raise OutOfDate(MOVED_ON)
        key = decode(decision, values)
        if key is None:
            raise OutOfDate(N_("That choice was not offered."))
        return key

    async def _where(self, interaction: discord.Interaction, game_id: int) -> str:
        """Which message the click came from: ``"table"`` (the game's public table),
        ``"screen"`` (the clicker's own private screen: an ephemeral answering one of their
        own interactions) or ``"other"`` (anything else — never edited with private text)."""
        message = interaction.message
        if message is None:
            return "other"
        stored = await self.room.tables.message(game_id)
        if stored is not None and stored.message_id == message.id:
            return "table"
        meta = message.interaction_metadata
        if message.flags.ephemeral and meta is not None and meta.user.id == interaction.user.id:
            return "screen"
        return "other"

    @guarded("confirmation")
    async def on_confirm(
        self, interaction: discord.Interaction, game_id: int, since: int, key: str
    ) -> None:
        """ "Yes" to an "are you sure?": make the move it asked about (refused like any
        click when the game has moved on since)."""
        await self._act(interaction, game_id, since, key, confirmed=True)

    @guarded("back button")
    async def on_back(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "No" to an "are you sure?": the player's screen as it is, nothing changed."""
        snapshot = await self.room.service.snapshot(game_id)
        await self._show_screen(interaction, snapshot, await self._where(interaction, game_id))

    async def _act(
        self,
        interaction: discord.Interaction,
        game_id: int,
        since: int,
        key: str,
        *,
        confirmed: bool = False,
    ) -> None:
        _ = tr(interaction)
        where = await self._where(interaction, game_id)
        if not confirmed and await self._ask_first(interaction, game_id, since, key, where):
            return
        try:
            played = await self.room.service.act(
                game_id,
                interaction.user.id,
                since,
                key,
                prepare=draw_ahead(self.room, interaction.user.id, where, _.language),
            )
        except OutOfDate as error:  # they are shown the game as it is now
            await self._refused(interaction, game_id, where, error)
            return
        seat = played.moves[0].seat
        record = played.snapshot.record
        # the follow-ups skip the screen this click answers; a click on the table answers
        # none of the player's own, so a private screen they have open follows too
        followups = self.room.followups.after_played(
            played, actor=None if where == "table" else seat
        )
        if where != "table":
            self.room.spawn(followups, f"after game {game_id} action")
        try:
            if where == "table":  # public controls: the answer is the table itself
                tables = self.room.tables
                look = await tables.render(played.snapshot, urgent=True, form=UPDATE)
                try:
                    looks: dict[Picture | None, TableLook] = {look.picture: look}

                    async def table(picture: Picture | None) -> discord.ui.LayoutView:
                        if picture not in looks:  # refused: the table without its picture
                            looks[picture] = await tables.render(played.snapshot, picture=False)
                        return looks[picture].view

                    guard = self.room.pictures.guard
                    shown = await showing(interaction, guard, look.picture, table, update=True)
                    await tables.shown(played.snapshot, looks[shown])
                finally:  # after the answer, so that its table edit is not made twice
                    self.room.spawn(followups, f"after game {game_id} action")
                return
            private = private_lines(record, played.events(), seat, _)
            await self._show_screen(interaction, played.snapshot, where, private=private)
        except discord.HTTPException as exc:  # the move is saved; the table shows it
            log.warning("could not answer a move in game %s: %s", game_id, exc.text)

    async def _ask_first(
        self, interaction: discord.Interaction, game_id: int, since: int, key: str, where: str
    ) -> bool:
        """If the game's presentation asks "are you sure?" before this move, ask it (on the
        clicker's own screen in place, else in a new private message) and change nothing;
        whether it asked. Clicks that are not the clicker's current move are left to the
        move itself, which refuses them."""
        snapshot = await self.room.service.snapshot(game_id)
        record, state = snapshot.record, snapshot.state
        seat = record.seat_of(interaction.user.id)
        if state is None or seat is None or record.status != GameStatus.ACTIVE:
            return False
        if not any(
            stamp(record, seat.seat, d.since) == since for d in engine.decisions(state, seat.seat)
        ):
            return False
        _ = tr(interaction)
        screen = confirmation_screen(record, state, seat.seat, key, _)
        if screen is None:
            return False
        layout = layouts.seat(record.id, screen, accent=presentation(record.game_name).accent)
        if where == "screen":
            # the question shows no picture: the screen's is dropped, not left behind
            await interaction.response.edit_message(view=layout, **edit_files(None))
        else:
            await ephemeral(interaction, view=layout)
        self.room.screens.remember(interaction, snapshot, screen)  # a move replaces the question
        return True

    async def _refused(
        self, interaction: discord.Interaction, game_id: int, where: str, error: UserError
    ) -> None:
        """A stale or refused click: the clicker's current screen, saying why (in place only
        on their own screen; the table and others' messages are left as they are). Once the
        game has ended, someone with no seat in it (never had one, or left) is only told
        why."""
        snapshot = await self.room.service.snapshot(game_id)
        record = snapshot.record
        if record.status != GameStatus.ACTIVE and record.seat_of(interaction.user.id) is None:
            raise error
        if where != "table":
            notice = "⚠️ " + error.text(tr(interaction))
            await self._show_screen(interaction, snapshot, where, notice=notice)
            return
        await self._refuse_table_click(interaction, snapshot, error)

    async def _refuse_table_click(
        self, interaction: discord.Interaction, snapshot: GameSnapshot, error: UserError
    ) -> None:
        """A refused click on the table's controls: say why privately, with the clicker's
        own screen when they play; the table is left as it is."""
        _ = tr(interaction)
        record, state = snapshot.record, snapshot.state
        seat = record.seat_of(interaction.user.id)
        if seat is None or state is None:
            raise UserError(N_("You are not playing in this game."))
        waiting = [s for s in engine.deciding_seats(state) if s != seat.seat]
        if (
            record.status == GameStatus.ACTIVE
            and waiting
            and not engine.decisions(state, seat.seat)
        ):
            names = seat_names(record, _)
            notice = "⚠️ " + _(
                "It is {player}'s turn: only they can use these buttons.",
                player=", ".join(names[s] for s in waiting),
            )
        else:
            notice = "⚠️ " + error.text(_)
        await self._show_screen(interaction, snapshot, "other", notice=notice)

    async def _show_screen(
        self,
        interaction: discord.Interaction,
        snapshot: GameSnapshot,
        where: str,
        *,
        private: list[str] | None = None,
        notice: str = "",
    ) -> None:
        """Answer with the clicker's private screen: edited in place when the click came from
        their own screen, a new private message otherwise."""
        _ = tr(interaction)
        record, state = snapshot.record, snapshot.state
        if state is None:
            raise UserError(N_("This game has not started yet."))
        seat = self.room.service.seat_of(record, interaction.user.id)
        update = where == "screen"
        route = Route.of_interaction(interaction, UPDATE if update else REPLY)
        drawing = asyncio.ensure_future(
            self.room.pictures.seat(record, state, seat, _.language, route=route)
        )
        try:  # the picture is handed to its worker, then drawn while the text is written
            await asyncio.sleep(0)
            screen = seat_screen(record, state, seat, _, private or [], notice=notice)
        except BaseException:
            drawing.cancel()
            raise
        await self._answer(interaction, record, screen, await drawing, update=update)
        if record.status == GameStatus.ACTIVE:
            self._remember(interaction, snapshot, seat_screen(record, state, seat, _), seat)

    def _remember(
        self, interaction: discord.Interaction, snapshot: GameSnapshot, bare: Screen, seat: int
    ) -> None:
        """Keep the answer's screen current; if it is behind what an edit showed meanwhile,
        bring it up to date now."""
        user_id = interaction.user.id
        if self.room.screens.remember(interaction, snapshot, bare):
            screens, service = self.room.screens, self.room.service

            async def catch_up() -> None:
                await screens.catch_up(await service.snapshot(snapshot.id), seat, user_id)

            self.room.spawn(catch_up(), f"game {snapshot.id} screen catch-up")

    async def _answer(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        screen: Screen,
        picture: Picture | None,
        *,
        update: bool = False,
    ) -> None:
        """Answer with the private ``screen`` of ``record``'s game and its ``picture`` (in
        place with ``update``, else in a new private message; refused with its picture, again
        without)."""
        accent = presentation(record.game_name).accent

        async def layout(shown: Picture | None) -> discord.ui.LayoutView:
            return layouts.seat(record.id, screen, accent=accent, picture=shown)

        await showing(interaction, self.room.pictures.guard, picture, layout, update=update)

    async def _send_screen(
        self, interaction: discord.Interaction, snapshot: GameSnapshot, back: bool = False
    ) -> None:
        _ = tr(interaction)
        record, state = snapshot.record, snapshot.state
        if record.status == GameStatus.LOBBY or state is None:
            raise UserError(N_("This game has not started yet."))
        if record.seat_of(interaction.user.id) is None:  # a spectator: the public view
            await self.spectators.screen(interaction, snapshot)
            return
        seat = self.room.service.seat_of(record, interaction.user.id)
        route = Route.of_interaction(interaction, REPLY)
        picture = await self.room.pictures.seat(record, state, seat, _.language, route=route)
        if record.status != GameStatus.ACTIVE:
            screen = seat_screen(record, state, seat, _, notice=_("This game is over."))
            await self._answer(interaction, record, screen, picture)
            return
        notice = _("Welcome back: you play your seat again.") if back else ""
        screen = seat_screen(record, state, seat, _, notice=notice)
        await self._answer(interaction, record, screen, picture)
        self._remember(interaction, snapshot, seat_screen(record, state, seat, _), seat)

    # --------------------------------------------------------------- commands

    @guarded("/game hand")
    async def hand_command(
        self, interaction: discord.Interaction, game_id: int | None = None
    ) -> None:
        """``/game hand``: the caller's screen for the game in this channel (``game_id``:
        which, where several are played)."""
        game = await game_here(self.room, interaction, game_id)
        await self._send_screen(interaction, await self.room.service.snapshot(game.id))

    @guarded("/game leave")
    async def leave_command(
        self, interaction: discord.Interaction, game_id: int | None = None
    ) -> None:
        """``/game leave``: leave the lobby, or forfeit the running game (``game_id``:
        which, where several are played)."""
        _ = tr(interaction)
        room = self.room
        game = await game_here(self.room, interaction, game_id)
        if game.status == GameStatus.LOBBY:
            record = await room.service.leave_lobby(game.id, interaction.user.id)
            room.spawn(room.lobbies.refresh(record), f"lobby {game.id}")
            room.threads.rename(game.id)
            await say(interaction, _("You left the lobby of game #{game}.", game=game.id))
            return
        played = await room.service.forfeit(game.id, interaction.user.id)
        if played.ended:
            await say(interaction, _("You left game #{game}. The game is over.", game=game.id))
        else:
            await say(
                interaction,
                _(
                    "You left game #{game}. An automatic player takes over your seat.",
                    game=game.id,
                ),
            )
        note = await self._left_note(played, interaction.user.mention)
        room.spawn(room.followups.after_played(played, actor=None, note=note), f"left {game.id}")

    async def _left_note(self, played: Played, player: str) -> str:
        """The channel's line about a player who left (in the guild's language)."""
        record = played.snapshot.record
        _ = await self.room.languages.public(record.guild_id)
        if played.ended:
            return _("{player} left game #{game}.", player=player, game=record.id)
        return _(
            "{player} left game #{game}; an automatic player takes over their seat.",
            player=player,
            game=record.id,
        )
