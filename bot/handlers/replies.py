"""Answering interactions: friendly ephemeral errors, the apology with an error id, and the
guard every handler runs under (python-discord style: one documented order of handling).

Order: ``UserError`` -> its translated text, ephemeral; the database unreachable or busy
(``DatabaseUnavailable``, ``DatabaseBusy``) -> a translated "please try again", ephemeral (the
version checks make a second try safe: a move that was applied is refused, never applied
twice); anything else -> a short apology with an error id, ephemeral, and the traceback with
that id in the log. Handlers let errors reach the
guard only before anything was saved; once a change is committed, a failed reply is logged and
the follow-ups (table, screens) still show it.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import aiohttp
import discord

from bot.handlers.gate import InFlight
from bot.i18n import N_
from bot.messages import layouts
from bot.messages.languages import tr
from bot.messages.picture_guard import REPLY, UPDATE, PictureGuard, Route
from bot.messages.pictures import edit_files, send_files
from bot.metrics import FAILED, REFUSED, handling
from bot.pictures.base import Picture
from bot.service.errors import UserError
from storage import DatabaseBusy, DatabaseUnavailable

log = logging.getLogger(__name__)

P = ParamSpec("P")

RESTARTING = N_("Cardroom is restarting: please try again in a moment.")
DATABASE_AWAY = N_(
    "Cardroom cannot reach its database right now: please try again in a moment. "
    "Nothing is lost, and nothing will count twice."
)


async def ephemeral(
    interaction: discord.Interaction, *, view: discord.ui.LayoutView, **files: Any
) -> None:
    """Show ``view`` to the interaction's user only (a new message, or a follow-up if the
    interaction was already answered); ``files``: ``files=[...]`` it shows."""
    if interaction.response.is_done():
        await interaction.followup.send(view=view, ephemeral=True, **files)
    else:
        await interaction.response.send_message(view=view, ephemeral=True, **files)


async def showing(
    interaction: discord.Interaction,
    guard: PictureGuard,
    picture: Picture | None,
    layout: Callable[[Picture | None], Awaitable[discord.ui.LayoutView]],
    *,
    update: bool = False,
) -> Picture | None:
    """Answer with ``await layout(picture)`` carrying ``picture``: the message the clicked
    component is on, updated in place (``update``: callback type 7), or a new private message
    (:func:`ephemeral`). Refused with its picture, the answer is made again at once with
    ``await layout(None)`` and no picture (``bot.messages.picture_guard``). Returns the
    picture it shows."""
    form = UPDATE if update else REPLY
    route = Route.of_interaction(interaction, form)

    async def answer(shown: Picture | None) -> Picture | None:
        view = await layout(shown)
        if update:
            await interaction.response.edit_message(view=view, **edit_files(shown))
        else:
            await ephemeral(interaction, view=view, **send_files(shown))
        return shown

    return await guard.carry(route, picture, answer)


async def say(interaction: discord.Interaction, text: str) -> None:
    """Tell the interaction's user ``text``, privately (in several messages when it is too
    long for one, such as a game's whole card reference)."""
    for part in layouts.split(text):
        await ephemeral(interaction, view=layouts.notice(part))


async def user_error(interaction: discord.Interaction, error: UserError) -> None:
    """Tell the user why their request was refused."""
    _ = tr(interaction)
    try:
        await say(interaction, "⚠️ " + error.text(_))
    except discord.HTTPException as exc:
        log.warning("could not tell a user why their request was refused: %s", exc.text)
    except (aiohttp.ClientError, RuntimeError) as exc:  # the bot is closing its connection
        log.info("could not tell a user why their request was refused: %r", exc)


async def apology(interaction: discord.Interaction, where: str) -> str:
    """Log the current exception with a fresh error id and apologise to the user; returns
    the id."""
    error_id = secrets.token_hex(4)
    log.exception("error %s while handling %s (interaction %s)", error_id, where, interaction.id)
    _ = tr(interaction)
    try:
        await say(
            interaction,
            _(
                "😖 Sorry, something went wrong on our side (error id `{error_id}`). "
                "Nothing was changed; please try again.",
                error_id=error_id,
            ),
        )
    except (discord.HTTPException, aiohttp.ClientError, RuntimeError):
        log.warning("could not deliver the apology for error %s", error_id)
    return error_id


def guarded(
    where: str,
) -> Callable[[Callable[P, Awaitable[Any]]], Callable[P, Awaitable[None]]]:
    """Decorate an interaction handler (its first ``discord.Interaction`` argument after
    ``self``) so that user errors and crashes are answered as described above, and each
    interaction is counted in the bot's metrics as ``where`` with its outcome."""

    def decorate(fn: Callable[P, Awaitable[Any]]) -> Callable[P, Awaitable[None]]:
        @functools.wraps(fn)
        async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            gate: InFlight | None = getattr(interaction.client, "in_flight", None)
            with handling(interaction.client, interaction.id, where) as handled:
                if gate is not None and gate.closed:
                    handled.outcome = REFUSED
                    await user_error(interaction, UserError(RESTARTING))
                    return
                with gate.held() if gate is not None else contextlib.nullcontext():
                    try:
                        await fn(*args, **kwargs)
                    except UserError as error:
                        handled.outcome = REFUSED
                        await user_error(interaction, error)
                    except (DatabaseUnavailable, DatabaseBusy) as exc:
                        # the database went away (PostgreSQL restarting, failing over) or
                        # stayed locked: the version checks make trying again safe
                        handled.outcome = FAILED
                        log.warning("database unavailable while handling %s: %s", where, exc)
                        await user_error(interaction, UserError(DATABASE_AWAY))
                    except Exception:
                        handled.outcome = FAILED
                        await apology(interaction, where)

        return wrapper

    return decorate
