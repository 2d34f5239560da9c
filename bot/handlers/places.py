"""Where a new game goes (a thread of its own, a forum post, or its channel), and telling the
people invited to it: what ``/game new`` and "Play again" share; and which game a command
run in a channel means, where several may be played."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.context import Cardroom
from bot.i18n import N_
from bot.messages import discord_io
from bot.service.errors import UserError
from bot.texts.history import game_title
from storage import LOBBY, GameRecord

CHANNEL, THREAD, FORUM = "channel", "thread", "forum"
THREAD_NEEDS: tuple[tuple[str, str], ...] = (
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
)
"""``(discord.Permissions attribute, display name msgid)`` a thread per game needs."""
MENTION = re.compile(r"<@!?([0-9]{15,20})>")


@dataclass(frozen=True)
class Place:
    """Where a new game goes: ``kind`` (:data:`CHANNEL`, :data:`THREAD` or :data:`FORUM`),
    the channel of its card (the forum, for a post), and the permissions (msgids) whose lack
    kept it out of a thread."""

    kind: str
    channel_id: int
    missing: list[str] = field(default_factory=list)


async def game_here(
    room: Cardroom, interaction: discord.Interaction, game_id: int | None = None
) -> GameRecord:
    """The open game a command run in the interaction's channel means (``game_id``: the one
    named, where several are played; ``ThreadUseCases.game_here``).

    Raises:
        UserError: outside a channel, or as ``ThreadUseCases.game_here``.
    """
    if interaction.channel_id is None:
        raise UserError(N_("Games are played in server channels."))
    return await room.service.threads.game_here(
        interaction.channel_id, interaction.user.id, game_id
    )


def invited_ids(text: str | None) -> list[int]:
    """The users mentioned in ``invite:`` (``<@id>`` as Discord writes a mention)."""
    return [int(found) for found in MENTION.findall(text or "")]


async def tell_invited(room: Cardroom, record: GameRecord, invited: Sequence[int]) -> None:
    """Mention the people invited to ``record`` where it is played, with a link to its
    lobby (a new message: mentions notify only there)."""
    if not invited:
        return
    _ = await room.languages.public(record.guild_id)
    stored = await room.storage.messages.get(record.id, LOBBY)
    link = (
        ""
        if stored is None
        else discord_io.message_link(record.guild_id, stored.channel_id, stored.message_id)
    )
    text = _(
        "{players}: <@{inviter}> invites you to play {title} (game #{game}) — press **Join** "
        "on its lobby: {link}",
        players=", ".join(f"<@{u}>" for u in invited),
        inviter=record.host_id,
        title=game_title(record.game_name, _),
        game=record.id,
        link=link,
    )
    mentions = discord.AllowedMentions(users=[discord.Object(u) for u in invited])
    channel = room.channel(record.channel_id, record.guild_id)
    await discord_io.send(channel, content=text, allowed_mentions=mentions)
