"""Server admin tools: list, inspect and abort the guild's games.

Refused at run time to anyone without Manage Server (``default_permissions`` only hides the
commands, and server admins can override it).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import discord
from discord import app_commands

import engine
from bot.context import Cardroom
from bot.games import presentation
from bot.handlers.replies import ephemeral, guarded, say
from bot.i18n import N_, Translator, language_names
from bot.messages import layouts
from bot.messages.languages import tr
from bot.service.errors import UserError
from bot.texts.rendering import context_for
from bot.texts.seat_names import seat_names
from storage import GameNotFound, GameRecord, GameStatus, VerifyResult

log = logging.getLogger(__name__)


def require_admin(interaction: discord.Interaction) -> None:
    """Refuse unless the user has Manage Server in this guild.

    Raises:
        UserError: not in a guild, or the permission is missing.
    """
    permissions = interaction.permissions
    if interaction.guild_id is None or not (permissions.manage_guild or permissions.administrator):
        raise UserError(N_("You need the Manage Server permission to use this command."))


def replay_check(verification: VerifyResult, _: Translator, details: bool = True) -> str:
    """The replay check in words; storage's own (English) sentence is only the technical
    detail of a failure, shown only with ``details`` (it can quote action keys, and so hidden
    choices, which a player of the game must not see)."""
    if not verification.ok:
        if not details:
            return "❌ " + _("the replay does not match the stored game")
        return "❌ " + _(
            "the replay does not match the stored game ({problem})", problem=verification.message
        )
    if verification.replayed_version is None:
        return "✅ " + _("nothing to replay: the game has not started")
    return "✅ " + _(
        "replayed {count} actions; the stored state matches", count=verification.replayed_version
    )


def _age(record: GameRecord, _: Translator) -> str:
    minutes = int((datetime.now(UTC) - record.created_at).total_seconds() // 60)
    if minutes < 60:
        return _("{minutes} min", minutes=minutes)
    return _("{hours} h {minutes} min", hours=minutes // 60, minutes=minutes % 60)


class AdminHandlers:
    """Handlers of the admin command group."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

    async def _guild_game(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        try:
            record = await self.room.storage.games.get_game(game_id)
        except GameNotFound:
            record = None
        if record is None or record.guild_id != interaction.guild_id:
            raise UserError(N_("There is no game #{game} in this server."), game=game_id)
        return record

    @guarded("admin list")
    async def list_games(self, interaction: discord.Interaction) -> None:
        """The guild's open games, one line each."""
        require_admin(interaction)
        _ = tr(interaction)
        assert interaction.guild_id is not None
        games = await self.room.storage.games.list_games(
            interaction.guild_id, (GameStatus.LOBBY, GameStatus.ACTIVE)
        )
        if not games:
            await say(interaction, _("No open games in this server."))
            return
        lines = [_("**Open games**")]
        for game in games:
            lines.append(
                _(
                    "#{game} · {title} · <#{channel}> · {status} · {players} · {version} moves "
                    "· opened {age} ago",
                    game=game.id,
                    title=_(engine.get_game(game.game_name).info.title),
                    channel=game.channel_id,
                    status=_(str(game.status)),
                    players=", ".join(seat_names(game, _)) or _("nobody yet"),
                    version=game.version,
                    age=_age(game, _),
                )
            )
        await say(interaction, "\n".join(lines))

    @guarded("admin inspect")
    async def inspect(self, interaction: discord.Interaction, game_id: int) -> None:
        """Players, version, age and the replay check of one game; what each seat alone can
        see too, but only to an admin who is not playing in it."""
        require_admin(interaction)
        _ = tr(interaction)
        record = await self._guild_game(interaction, game_id)
        verification = await self.room.storage.verify_game(game_id)
        names = seat_names(record, _)
        # anyone who ever held a seat (a player who left included) sees no hidden card
        seated = any(s.user_id == interaction.user.id for s in record.seats)
        lines = [
            _(
                "**Game #{game}** · {title} · <#{channel}>",
                game=record.id,
                title=_(engine.get_game(record.game_name).info.title),
                channel=record.channel_id,
            ),
            _(
                "Status: {status} · {version} moves · opened {age} ago",
                status=_(str(record.status)),
                version=record.version,
                age=_age(record, _),
            ),
            _("Players: {players}", players=", ".join(names) or _("nobody yet")),
            _(
                "Replay check: {result}",
                result=replay_check(verification, _, details=not seated),
            ),
        ]
        try:
            state = engine.loads(record.state_json) if record.state_json else None
        except ValueError:
            state = None
            lines.append(_("The stored state cannot be read: abort this game to free the channel."))
        if state is not None:
            show = presentation(record.game_name)
            ctx = context_for(record, _)
            waiting = engine.deciding_seats(state) if record.status == GameStatus.ACTIVE else ()
            if waiting:  # an aborted game's state still has someone to move: nobody waits
                lines.append(
                    _("Waiting for: {players}", players=", ".join(names[s] for s in waiting))
                )
            if seated:
                lines.append(_("You play in this game, so its hidden cards are not shown."))
            elif record.status == GameStatus.ACTIVE:
                lines.append(_("**What each seat alone sees** (hidden from the others)"))
                for seat in range(state.seats):
                    summary = show.private_summary(engine.view(state, seat), ctx)
                    if summary:
                        lines.append(f"{names[seat]}: {summary}")
        await say(interaction, "\n".join(lines))

    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Autocomplete of ``game_id``: the guild's open games matching what was typed (its
        number or a word of its title), newest first, for admins only."""
        permissions = interaction.permissions
        if interaction.guild_id is None or not (
            permissions.manage_guild or permissions.administrator
        ):
            return []
        _ = tr(interaction)
        games = await self.room.storage.games.list_games(
            interaction.guild_id, (GameStatus.LOBBY, GameStatus.ACTIVE)
        )
        typed = current.strip().lstrip("#").lower()
        choices = []
        for game in reversed(games):
            title = _(engine.get_game(game.game_name).info.title)
            if typed and not (str(game.id).startswith(typed) or typed in title.lower()):
                continue
            channel = interaction.guild.get_channel(game.channel_id) if interaction.guild else None
            where = "#" + channel.name if channel else game.channel_id
            name = _(
                "#{game} · {title} · {channel} · {status} · {players} players",
                game=game.id,
                title=title,
                channel=where,
                status=_(str(game.status)),
                players=len(game.seats),
            )
            choices.append(app_commands.Choice(name=name[:100], value=game.id))
        return choices[:25]

    @guarded("admin abort")
    async def abort(self, interaction: discord.Interaction, game_id: int) -> None:
        """Ask the admin to confirm ending an open game without a result."""
        require_admin(interaction)
        _ = tr(interaction)
        record = await self._guild_game(interaction, game_id)
        if not record.is_open:
            raise UserError(N_("That game has already ended."))
        text = _(
            "Abort game #{game} ({title} in <#{channel}>, {status}, {moves} moves, players: "
            "{players})? It ends at once, without a result.",
            game=record.id,
            title=_(engine.get_game(record.game_name).info.title),
            channel=record.channel_id,
            status=_(str(record.status)),
            moves=record.version,
            players=", ".join(seat_names(record, _)) or _("nobody yet"),
        )
        await ephemeral(interaction, view=layouts.confirm_abort(record.id, text, _))

    @guarded("abort confirmation")
    async def on_abort_button(
        self, interaction: discord.Interaction, game_id: int, confirmed: bool
    ) -> None:
        """The confirmation's buttons: abort the game, or leave it be."""
        require_admin(interaction)
        _ = tr(interaction)
        await self._guild_game(interaction, game_id)
        if not confirmed:
            await interaction.response.edit_message(
                view=layouts.notice(_("Game #{game} goes on.", game=game_id))
            )
            return
        room = self.room
        record = await room.service.abort(game_id)
        log.info("game %s aborted by admin %s", game_id, interaction.user.id)
        await interaction.response.edit_message(
            view=layouts.notice(_("Game #{game} was aborted.", game=game_id))
        )
        room.spawn(room.followups.after_abort(record, room.lobbies.refresh), f"abort {game_id}")

    @guarded("admin language")
    async def set_language(self, interaction: discord.Interaction, language: str) -> None:
        """Store the language of the guild's public messages (``language``: a code of
        :func:`~bot.i18n.language_names`, or ``"discord"`` for Discord's server language) and
        show it on the guild's lobbies and tables at once."""
        require_admin(interaction)
        assert interaction.guild_id is not None
        if language != DISCORD_LANGUAGE and language not in language_names():
            raise UserError(N_("That language is not offered."))
        room = self.room
        await room.languages.choose(
            interaction.guild_id, None if language == DISCORD_LANGUAGE else language
        )
        shown = await room.languages.language(interaction.guild_id)
        _ = tr(interaction)
        if language == DISCORD_LANGUAGE:
            text = _(
                "Tables, lobbies and pings in this server now follow its language in Discord "
                "(now: {language}).",
                language=language_names()[shown],
            )
        else:
            text = _(
                "Tables, lobbies and pings in this server are now in {language}.",
                language=language_names()[shown],
            )
        await say(interaction, "✅ " + text)
        log.info("guild %s: public language set to %s", interaction.guild_id, language)
        games = await room.storage.games.list_games(
            interaction.guild_id, (GameStatus.LOBBY, GameStatus.ACTIVE)
        )
        for game in games:
            if game.status == GameStatus.LOBBY:
                room.spawn(room.lobbies.refresh(game), f"lobby {game.id} in a new language")
            else:
                room.spawn(room.tables.refresh(game.id), f"table {game.id} in a new language")

    @guarded("admin pictures")
    async def set_pictures(self, interaction: discord.Interaction, show: str) -> None:
        """Turn the pictures of the guild's tables and private screens on or off (``show``:
        ``"on"`` or ``"off"``) and show the change on the guild's tables at once."""
        require_admin(interaction)
        assert interaction.guild_id is not None
        if show not in (PICTURES_ON, PICTURES_OFF):
            raise UserError(N_("Choose on or off."))
        room = self.room
        on = show == PICTURES_ON
        await room.pictures.choose(interaction.guild_id, on)
        _ = tr(interaction)
        if on:
            text = _("Tables and private screens in this server now show pictures.")
        else:
            text = _("Tables and private screens in this server now show text only.")
        await say(interaction, "✅ " + text)
        log.info("guild %s: pictures %s", interaction.guild_id, show)
        games = await room.storage.games.list_games(interaction.guild_id, (GameStatus.ACTIVE,))
        for game in games:
            room.spawn(room.tables.refresh(game.id), f"table {game.id} with pictures {show}")


PICTURES_ON, PICTURES_OFF = "on", "off"
"""The values of ``/cardroom pictures``."""


def pictures_choices() -> list[app_commands.Choice[str]]:
    """The choices of ``/cardroom pictures``: on and off."""
    return [
        app_commands.Choice(name=N_("on: tables show pictures"), value=PICTURES_ON),
        app_commands.Choice(name=N_("off: text only"), value=PICTURES_OFF),
    ]


DISCORD_LANGUAGE = "discord"
"""The ``/cardroom language`` choice that follows Discord's server language."""


def language_choices() -> list[app_commands.Choice[str]]:
    """The choices of ``/cardroom language``: Discord's server language, then each language
    in its own words."""
    return [
        app_commands.Choice(name=N_("The server's language in Discord"), value=DISCORD_LANGUAGE),
        *(app_commands.Choice(name=name, value=code) for code, name in language_names().items()),
    ]


STATUS_NAMES = (N_("lobby"), N_("active"), N_("finished"), N_("aborted"))
"""Game statuses as shown to admins (msgids for the catalog)."""
