"""Playing: "Show my hand", action buttons and selects, ``/game hand``, ``/game leave``,
``/game rules``, and what follows every action (table edit, pings)."""

from __future__ import annotations

import dataclasses
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

import engine
from bot import layouts
from bot.errors import UserError
from bot.games import presenter
from bot.i18n import N_, Translator
from bot.locks import KeyedLocks
from bot.replies import ephemeral, guarded, say, tr
from bot.service import GameSnapshot, Played
from bot.table import ended_early, seat_labels, seat_names
from storage import GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.app import CardroomBot

log = logging.getLogger(__name__)


def hand_layout(
    snapshot: GameSnapshot,
    seat: int,
    _: Translator,
    private: list[str] | None = None,
    notice: str = "",
) -> discord.ui.LayoutView:
    """``seat``'s private screen for the stored game: its view, components for its legal
    actions at the current version (none once the game has ended)."""
    record = snapshot.record
    assert snapshot.state is not None
    view = engine.view(snapshot.state, seat)
    if record.status != GameStatus.ACTIVE:
        view = _without_actions(view)
    screen = presenter(record.game_name).hand_screen(
        view,
        seat_names(record, _),
        private or [],
        _,
        labels=seat_labels(record, _),
        closed=ended_early(record),
    )
    header = _("Game #{game} · your seat", game=record.id)
    text = f"{notice}\n{header}" if notice else header
    return layouts.hand(record.id, record.version, screen, notice_text=text)


def rules_text(game_name: str, options: dict[str, Any] | None, _: Translator) -> str:
    """How the game goes, then one line per card in play (from the engine, translated)."""
    definition = engine.get_game(game_name)
    lines = [_("**{title}**", title=_(definition.title))]
    lines += [_(paragraph) for paragraph in definition.overview]
    lines += ["", _("**The cards**")]
    for card, text in definition.reference(engine.parse_options(game_name, options)):
        lines.append(f"**{_.card(card)}** — {_(text)}")
    return "\n".join(lines)


def _without_actions(view: Any) -> Any:
    """The same view with no legal actions (a game that ended outside the rules)."""
    return dataclasses.replace(view, legal=())


def private_lines(played: Played, seat: int, _: Translator) -> list[str]:
    """Worded private events of ``played`` that only ``seat`` (among others) may see."""
    show = presenter(played.snapshot.record.game_name)
    names = seat_names(played.snapshot.record, _)
    lines = []
    for step in played.steps:
        for event in engine.events_for(step.events, seat):
            if event.visible_to is not None:  # public events are on the table
                line = show.event_line(event, seat, names, _)
                if line:
                    lines.append(line)
    return lines


SCREEN_LIFETIME = 14 * 60
"""Seconds a player's screen is kept up to date: Discord lets the bot edit an interaction's
messages for 15 minutes."""


@dataclass
class OpenScreen:
    """A player's private screen the bot can still edit, and what it showed."""

    interaction: discord.Interaction
    opened: float
    shown: tuple[Any, ...] = ()
    version: int = -1


def _screen_key(snapshot: GameSnapshot, seat: int) -> tuple[Any, ...]:
    """What makes a screen worth editing: the hand, the legal actions, whose turn it is and
    who must decide, the game's status (not every move of someone else's turn)."""
    assert snapshot.state is not None
    view = engine.view(snapshot.state, seat)
    return (view.hand, view.legal, view.active, view.deciding, snapshot.record.status)


class Play:
    """Handlers for playing a running game."""

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self._screens: dict[tuple[int, int], OpenScreen] = {}
        self.in_order = KeyedLocks()
        """Per game: what follows committed changes (screens, table, pings) runs in commit
        order under this lock."""
        self._followed: dict[int, int] = {}

    def _remember(
        self, interaction: discord.Interaction, snapshot: GameSnapshot, seat: int
    ) -> None:
        """``interaction``'s answer is now ``seat``'s screen of this game (screens Discord no
        longer lets the bot edit are forgotten on the way)."""
        now = time.monotonic()
        for key in [k for k, s in self._screens.items() if now - s.opened > SCREEN_LIFETIME]:
            del self._screens[key]
        self._screens[(snapshot.id, interaction.user.id)] = OpenScreen(
            interaction, time.monotonic(), _screen_key(snapshot, seat), snapshot.record.version
        )

    async def refresh_open_screens(self, played: Played, actor: int | None) -> None:
        """Edit the screens other players still have open when what they can do changed (their
        turn came, their hand changed, the game ended) or something happened only they may
        see (cards passed to them), so they need not ask again."""
        snapshot = played.snapshot
        for seat in snapshot.record.seats:
            if not seat.is_human or seat.seat == actor or seat.user_id is None:
                continue
            screen = self._screens.get((snapshot.id, seat.user_id))
            if screen is None:
                continue
            if snapshot.record.version <= screen.version:
                continue  # it already shows this state or a newer one
            if time.monotonic() - screen.opened > SCREEN_LIFETIME:
                del self._screens[(snapshot.id, seat.user_id)]
                continue
            key = _screen_key(snapshot, seat.seat)
            _ = tr(screen.interaction)
            private = private_lines(played, seat.seat, _)
            if key == screen.shown and not private:
                continue
            try:
                await screen.interaction.edit_original_response(
                    view=hand_layout(snapshot, seat.seat, _, private)
                )
                screen.shown = key
                screen.version = snapshot.record.version
            except discord.HTTPException as exc:
                log.info(
                    "screen of game %s seat %s not editable: %s", snapshot.id, seat.seat, exc.status
                )
                self._screens.pop((snapshot.id, seat.user_id), None)
        if snapshot.record.status != GameStatus.ACTIVE:  # nothing will change them any more
            for key in [k for k in self._screens if k[0] == snapshot.id]:
                del self._screens[key]

    # ------------------------------------------------------------- components

    @guarded("Show my hand")
    async def on_show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """Send the clicking player a fresh private screen."""
        await self._send_hand(interaction, await self.bot.service.snapshot(game_id))

    @guarded("action button")
    async def on_action(
        self, interaction: discord.Interaction, game_id: int, version: int, key: str
    ) -> None:
        """Apply the clicked action, then update the player's screen in place."""
        await self._act(interaction, game_id, version, key)

    @guarded("select menu")
    async def on_select(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        values: list[str],
    ) -> None:
        """Turn the chosen values into one action and apply it."""
        snapshot = await self.bot.service.snapshot(game_id)
        key = presenter(snapshot.record.game_name).select_to_key(kind, values)
        if key is None:
            raise UserError(N_("That choice is not possible right now."), refresh_hand=True)
        await self._act(interaction, game_id, version, key)

    async def _act(
        self, interaction: discord.Interaction, game_id: int, version: int, key: str
    ) -> None:
        _ = tr(interaction)
        try:
            played = await self.bot.service.act(game_id, interaction.user.id, version, key)
        except UserError as error:
            if not error.refresh_hand:
                raise
            await self._refresh_stale(interaction, game_id, _(error.msgid, **error.fields))
            return
        seat = played.steps[0].seat
        self._remember(interaction, played.snapshot, seat)
        self.bot.spawn(self.after_played(played, actor=seat), f"after game {game_id} action")
        try:
            await interaction.response.edit_message(
                view=hand_layout(played.snapshot, seat, _, private_lines(played, seat, _))
            )
        except discord.HTTPException as exc:  # the move is saved; the table shows it
            log.warning("could not update a screen of game %s: %s", game_id, exc.text)

    async def _refresh_stale(
        self, interaction: discord.Interaction, game_id: int, notice: str
    ) -> None:
        """Replace a stale or refused screen with the current one, saying why."""
        _ = tr(interaction)
        snapshot = await self.bot.service.snapshot(game_id)
        seat = snapshot.record.seat_of(interaction.user.id)
        if seat is None or snapshot.state is None:
            raise UserError(N_("You are not playing in this game."))
        await interaction.response.edit_message(
            view=hand_layout(snapshot, seat.seat, _, notice="⚠️ " + notice)
        )
        if snapshot.record.status == GameStatus.ACTIVE:
            self._remember(interaction, snapshot, seat.seat)

    async def _send_hand(self, interaction: discord.Interaction, snapshot: GameSnapshot) -> None:
        _ = tr(interaction)
        record = snapshot.record
        if record.status == GameStatus.LOBBY or snapshot.state is None:
            raise UserError(N_("This game has not started yet."))
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            if any(s.user_id == interaction.user.id for s in record.seats):
                raise UserError(N_("You left this game: an automatic player has your seat."))
            raise UserError(N_("You are not playing in this game."))
        if record.status != GameStatus.ACTIVE:
            notice = _("This game is over.")
            await ephemeral(interaction, view=hand_layout(snapshot, seat.seat, _, notice=notice))
            return
        await ephemeral(interaction, view=hand_layout(snapshot, seat.seat, _))
        self._remember(interaction, snapshot, seat.seat)

    # --------------------------------------------------------------- commands

    @guarded("/game hand")
    async def hand_command(self, interaction: discord.Interaction) -> None:
        """``/game hand``: the caller's screen for the game in this channel."""
        game = await self._channel_game(interaction)
        await self._send_hand(interaction, await self.bot.service.snapshot(game.id))

    @guarded("/game leave")
    async def leave_command(self, interaction: discord.Interaction) -> None:
        """``/game leave``: leave the lobby, or forfeit the running game."""
        _ = tr(interaction)
        game = await self._channel_game(interaction)
        if game.status == GameStatus.LOBBY:
            record = await self.bot.service.leave_lobby(game.id, interaction.user.id)
            self.bot.spawn(self.bot.lobby.refresh_lobby_message(record), f"lobby {game.id}")
            await say(interaction, _("You left the lobby of game #{game}.", game=game.id))
            return
        played = await self.bot.service.forfeit(game.id, interaction.user.id)
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
        self.bot.spawn(self.after_played(played, actor=None, note=note), f"left {game.id}")

    async def _left_note(self, played: Played, player: str) -> str:
        """The channel's line about a player who left (in the guild's language)."""
        record = played.snapshot.record
        _ = await self.bot.tables.language(record.guild_id)
        if played.ended:
            return _("{player} left game #{game}.", player=player, game=record.id)
        return _(
            "{player} left game #{game}; an automatic player takes over their seat.",
            player=player,
            game=record.id,
        )

    @guarded("/game rules")
    async def rules_command(self, interaction: discord.Interaction, game_name: str | None) -> None:
        """``/game rules``: how the game goes and the card reference of the game here (or of
        ``game_name``), with the options of this channel's game when it is that game."""
        open_game = None
        if interaction.channel_id is not None:
            open_game = await self.bot.storage.games.find_open_game(interaction.channel_id)
        if game_name is None:
            game_name = open_game.game_name if open_game else "artichokes"
        options = open_game.options if open_game and open_game.game_name == game_name else None
        await say(interaction, rules_text(game_name, options, tr(interaction)))

    @guarded("Rules button")
    async def on_rules(self, interaction: discord.Interaction, game_id: int) -> None:
        """The table's Rules button: the rules of that game, with its options."""
        record = await self.bot.service.record(game_id)
        await say(interaction, rules_text(record.game_name, record.options, tr(interaction)))

    async def _channel_game(self, interaction: discord.Interaction) -> GameRecord:
        if interaction.channel_id is None:
            raise UserError(N_("Games are played in server channels."))
        game = await self.bot.storage.games.find_open_game(interaction.channel_id)
        if game is None:
            raise UserError(N_("There is no game in this channel. Start one with /game new."))
        return game

    # ------------------------------------------------------------ afterwards

    async def after_played(
        self, played: Played, actor: int | None, note: str | None = None
    ) -> None:
        """Everything that follows committed moves: edit the table and the screens other players
        have open, then ping whoever must decide now and did not have to before (or everyone,
        when the game ended). ``note`` (already translated) leads the channel message, which
        is then posted even when nobody is to be pinged."""
        record = played.snapshot.record
        async with self.in_order(record.id):  # in commit order; never an older one last
            if record.version < self._followed.get(record.id, -1):
                await self.bot.tables.refresh(record.id)
                return
            self._followed[record.id] = record.version
            if record.status != GameStatus.ACTIVE:
                self._followed.pop(record.id, None)
            await self._after_played(played, actor, note)

    async def _after_played(self, played: Played, actor: int | None, note: str | None) -> None:
        record = played.snapshot.record
        await self.bot.tables.refresh(record.id)
        await self.refresh_open_screens(played, actor)
        _ = await self.bot.tables.language(record.guild_id)
        names = seat_names(record, _)

        async def ping(seats: list[int], text: str | None) -> None:
            lines = [line for line in (note, text) if line]
            if lines:
                await self.bot.tables.ping(record, seats, "\n".join(lines))

        if record.status != GameStatus.ACTIVE:
            players = [s.seat for s in record.seats if s.is_human]
            await ping(
                players,
                _(
                    "{players}: game #{game} is over — see the table for the result.",
                    players=", ".join(names[s] for s in players),
                    game=record.id,
                ),
            )
            return
        state = played.snapshot.state
        assert state is not None
        deciding = engine.deciding_seats(state)
        newly = [s for s in deciding if s not in played.deciding_before and s != actor]
        await ping(
            newly,
            _(
                "{players}: your move in game #{game} — press **Show my hand** on the table.",
                players=", ".join(names[s] for s in newly),
                game=record.id,
            )
            if newly
            else None,
        )

    async def announce_start(self, snapshot: GameSnapshot) -> None:
        """Ping every player of a game that just started."""
        record = snapshot.record
        _ = await self.bot.tables.language(record.guild_id)
        assert snapshot.state is not None
        names = seat_names(record, _)
        first = engine.deciding_seats(snapshot.state)
        async with self.in_order(record.id):
            await self._announce(record, names, first, _)

    async def _announce(
        self, record: GameRecord, names: list[str], first: tuple[int, ...], _: Translator
    ) -> None:
        await self.bot.tables.ping(
            record,
            [s.seat for s in record.seats],
            _(
                "Game #{game} has started: {players}. {first} goes first — press **Show my "
                "hand** on the table.",
                game=record.id,
                players=", ".join(names),
                first=", ".join(names[s] for s in first),
            ),
        )
