"""``cardroom check --channel ID``: whether Discord lets the bot do, in one channel, what
Cardroom does there, tried against the live Discord with the bot's token.

One line per step, ``PASS`` or ``FAIL`` with Discord's HTTP status, code and message:

1. see the channel (its permission overwrites, its server's roles, the bot's member);
2. one line per permission Cardroom relies on there (:data:`PERMISSIONS`), saying what needs it;
3. post a table with its picture (Components V2, with a nonce, as the table keeper posts);
4. edit it to a new picture, then edit its text keeping that picture: each with the
   arguments of ``bot.messages.pictures.edit_files``, the form the bot's edits take (the
   picture uploaded again with each edit that shows it: docs/discord.md);
5. post the largest message the bot sends (``bot.check_messages.largest_table``);
6. delete what it made, whatever failed before (a message it cannot delete is named, with its
   link, for the operator to delete).

A step that needs what an earlier one failed to make says ``FAIL ... not tried``. The messages
are the bot's own (``bot.check_messages``), sent through discord.py as the bot sends them; a
picture step passes only when Discord's answer shows the picture. The check needs no
interaction, so it cannot try what only an interaction's answer does.

It logs in over HTTP only (``Client.login``, no gateway): a running bot keeps its gateway
session and every interaction, and no session start of the day's quota is spent.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

import aiohttp
import discord

from bot.check_messages import check_messages
from bot.messages.discord_io import NOTHING, message_link, said
from bot.messages.pictures import edit_files, send_files
from bot.messages.table_look import TableLook

T = TypeVar("T")


@dataclass(frozen=True)
class Permission:
    """A permission Cardroom relies on in a game channel: ``attr`` (``discord.Permissions``),
    its ``name`` as Discord's settings show it, and what needs it."""

    attr: str
    name: str
    needed_for: str

    @property
    def line(self) -> str:
        """Its step: ``permission Attach Files (the tables' pictures ...)``."""
        return f"permission {self.name} ({self.needed_for})"

    @property
    def refusal(self) -> str:
        """What Discord answers to a request that needs it, without it."""
        if self.attr == "view_channel":
            return "403/50001 Missing Access"
        return "403/50013 Missing Permissions"


PERMISSIONS = (
    Permission("view_channel", "View Channel", "everything: the bot sees the channel"),
    Permission("send_messages", "Send Messages", "lobbies, tables and every game message"),
    Permission("attach_files", "Attach Files", "the tables' pictures; without it, text only"),
    Permission("create_public_threads", "Create Public Threads", "a thread per game"),
    Permission("send_messages_in_threads", "Send Messages in Threads", "a game's thread"),
    Permission("manage_threads", "Manage Threads", "a game's thread once it is locked"),
)
"""Every permission the invite asks for (``bot.messages.permissions.needed_permissions``),
checked in this order."""


class Report:
    """The lines of a check, printed with ``out`` as they come, and what failed."""

    def __init__(self, out: Callable[[str], None]) -> None:
        self.out = out
        self.failed: list[str] = []
        self.steps = 0

    def passed(self, step: str, detail: str = "") -> None:
        """``PASS  step — detail``."""
        self.steps += 1
        self.out(f"PASS  {step}" + (f" — {detail}" if detail else ""))

    def fail(self, step: str, why: str) -> None:
        """``FAIL  step — why``."""
        self.steps += 1
        self.failed.append(step)
        self.out(f"FAIL  {step} — {why}")

    async def attempt(self, step: str, request: Awaitable[T]) -> T | None:
        """Await ``request``; ``None`` after a FAIL line when Discord refused it or could not
        be reached (no line when it passed: the caller may look at the answer first)."""
        try:
            return await request
        except discord.HTTPException as exc:
            self.fail(step, said(exc))
        except (aiohttp.ClientError, OSError) as exc:  # TimeoutError is an OSError
            self.fail(step, f"no answer from Discord ({exc!r})")
        return None


class NotAGameChannel(Exception):
    """The id names a channel where no game is played (a voice channel, a thread...)."""


async def read_channel(
    client: discord.Client, channel_id: int
) -> tuple[discord.TextChannel, discord.Member]:
    """The channel with its server's roles, and the bot's member there (four requests, none
    needing a gateway: the channel, its server, the channel bound to it, the member).

    Raises:
        discord.HTTPException: Discord refused one (10003 Unknown Channel, 50001 Missing
            Access...).
        NotAGameChannel: not a server's text channel.
    """
    found = await client.fetch_channel(channel_id)
    if not isinstance(found, discord.TextChannel):
        kind = getattr(found, "type", "private")
        raise NotAGameChannel(f"it is a {kind} channel; games are played in text channels")
    guild = await client.fetch_guild(found.guild.id)
    channel = await guild.fetch_channel(channel_id)
    assert isinstance(channel, discord.TextChannel) and client.user is not None
    me = await guild.fetch_member(client.user.id)
    return channel, me


def pictures_shown(message: discord.Message) -> list[str]:
    """The file names of the pictures ``message``'s media galleries show, as Discord gave the
    message back (``attachment://`` resolved to its CDN address)."""
    names: list[str] = []

    def walk(components: list[discord.Component]) -> None:
        for component in components:
            if isinstance(component, discord.MediaGalleryComponent):
                names.extend(urlsplit(i.media.url).path.rsplit("/")[-1] for i in component.items)
            walk(getattr(component, "children", []))

    walk(list(message.components))
    return names


POST = "post a Components V2 table with its picture"
EDIT_NEW = "edit it to a new picture"
EDIT_KEEP = "edit its text, keeping its picture"
LARGEST = "post the largest message the bot sends"
DELETE = "delete what the check made"


async def check_channel(
    client: discord.Client, channel_id: int, out: Callable[[str], None] = print
) -> bool:
    """Check ``channel_id`` with ``client`` (logged in; no gateway needed), printing one line
    per step and a last line with ``out``; whether every step passed."""
    report = Report(out)
    assert client.user is not None
    report.passed("log in", f"as {client.user} (id {client.user.id})")
    guild_id = await _permissions(report, client, channel_id)
    looks = check_messages()
    target = client.get_partial_messageable(channel_id, guild_id=guild_id)
    made: list[discord.Message] = []
    try:
        await _table_steps(report, target, looks.first, looks.second, looks.kept, made)
        largest = await _post(report, LARGEST, target, looks.largest)
        if largest is not None:
            made.append(largest)
    finally:
        await _delete(report, made, guild_id)
    if report.failed:
        out(
            f"cardroom: {len(report.failed)} of {report.steps} steps failed in channel {channel_id}"
        )
    else:
        out(f"cardroom: channel {channel_id} is ready for Cardroom ({report.steps} steps passed)")
    return not report.failed


async def _permissions(report: Report, client: discord.Client, channel_id: int) -> int | None:
    """The channel's line and one line per permission; the channel's server (``None``: the
    channel was not seen)."""
    step = f"see channel {channel_id}"
    try:
        found = await report.attempt(step, read_channel(client, channel_id))
    except (NotAGameChannel, discord.InvalidData) as exc:  # InvalidData: an unknown kind
        report.fail(step, str(exc))
        found = None
    if found is None:
        for permission in PERMISSIONS:
            report.fail(permission.line, "not tried: the channel was not seen")
        return None
    channel, me = found
    report.passed(step, f"#{channel.name} in {channel.guild.name}")
    granted = channel.permissions_for(me)
    for permission in PERMISSIONS:
        if getattr(granted, permission.attr):
            report.passed(permission.line)
        else:
            report.fail(permission.line, f"{permission.refusal}: not granted in #{channel.name}")
    return channel.guild.id


async def _post(
    report: Report, step: str, target: discord.PartialMessageable, look: TableLook
) -> discord.Message | None:
    """Post ``look`` as the table keeper posts a table (``send_files``' arguments, a nonce, no
    mentions): a PASS line when Discord's answer shows its picture, with the body's size;
    the message, or ``None`` after a FAIL line. The nonce is a new one: Discord answers a
    nonce it saw minutes ago with that message."""
    number = random.getrandbits(63)  # as table_look.nonce's
    posted = await report.attempt(
        step,
        target.send(
            view=look.view, allowed_mentions=NOTHING, nonce=number, **send_files(look.picture)
        ),
    )
    if posted is not None and look.picture is not None:
        size = f"{look.body_bytes(number):,} bytes of JSON, a {len(look.picture.data):,}-byte PNG"
        _passed_showing(report, step, posted, look, size)
    return posted


def _passed_showing(
    report: Report, step: str, message: discord.Message, look: TableLook, detail: str
) -> None:
    """A PASS line for ``step`` (with ``detail``) when Discord's answer ``message`` shows
    ``look``'s picture; else a FAIL line naming what it shows."""
    assert look.picture is not None
    shown = pictures_shown(message)
    if look.picture.name in shown:
        report.passed(step, detail)
    else:
        what = ", ".join(shown) or "no picture"
        report.fail(step, f"Discord took it, but its answer shows {what}, not {look.picture.name}")


def edit_form(arguments: dict[str, Any]) -> str:
    """How an edit with ``arguments`` (``edit_files``') carries the picture, in words."""
    sent = sum(isinstance(a, discord.File) for a in arguments.get("attachments", ()))
    return "its file sent with the edit" if sent == 1 else f"{sent} files sent with the edit"


async def _table_steps(
    report: Report,
    target: discord.PartialMessageable,
    first: TableLook,
    second: TableLook,
    kept: TableLook,
    made: list[discord.Message],
) -> None:
    """Post ``first``, edit it to ``second`` (a new picture), then to ``kept`` (the same
    picture, another text), each edit with ``edit_files``' arguments, as the table keeper
    edits."""
    table = await _post(report, POST, target, first)
    if table is None:
        report.fail(EDIT_NEW, "not tried: no table to edit (its post failed)")
        report.fail(EDIT_KEEP, "not tried: no table to edit (its post failed)")
        return
    made.append(table)
    went = True
    for step, look in ((EDIT_NEW, second), (EDIT_KEEP, kept)):
        if not went:
            report.fail(step, "not tried: the edit before it failed")
            continue
        arguments = edit_files(look.picture)
        edited = await report.attempt(step, table.edit(view=look.view, **arguments))
        went = edited is not None
        if edited is not None:
            _passed_showing(report, step, edited, look, edit_form(arguments))


async def _delete(report: Report, made: list[discord.Message], guild_id: int | None) -> None:
    """Delete every message in ``made``, whatever failed before: one line for all, naming
    each message it could not delete (its link, in server ``guild_id``) for the operator."""
    if not made:
        report.fail(DELETE, "not tried: the check made no message")
        return
    left = []
    for message in made:
        where = message.jump_url
        if guild_id is not None:
            where = message_link(guild_id, message.channel.id, message.id)
        try:
            await message.delete()
        except discord.NotFound:
            continue  # gone already
        except discord.HTTPException as exc:
            left.append(f"{where} ({said(exc)})")
        except (aiohttp.ClientError, OSError) as exc:
            left.append(f"{where} (no answer from Discord: {exc!r})")
    if left:
        report.fail(DELETE, "delete by hand " + ", ".join(left))
    else:
        report.passed(DELETE, f"{len(made)} messages")
