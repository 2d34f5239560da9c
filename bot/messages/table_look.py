"""A table as it is to look (its layout and picture), built from a stored game, and the
identities the table keeper gives its posts."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

import discord

import engine
from bot.games import presentation
from bot.i18n import Translator
from bot.messages import layouts
from bot.messages.cards import again_button
from bot.pictures.base import Picture
from bot.texts.rendering import context_for, recent_lines, table_screen
from storage import GameMessage, GameRecord, GameStatus, LoggedAction


def message_id(stored: GameMessage | None) -> int | None:
    return None if stored is None else stored.message_id


def nonce(game_id: int, replaced: GameMessage | None) -> int:
    """The ``nonce`` of the post of ``game_id``'s table that replaces ``replaced`` (``None``:
    its first table). Discord answers a post whose nonce it saw in the past few minutes with
    the message it made then (discord.py sends ``enforce_nonce``): a post whose answer was lost
    (the bot was killed, Discord timed out) and is made again yields one table, not two."""
    key = f"table {game_id} {message_id(replaced) or 0}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1


def _digest(view: discord.ui.LayoutView) -> str:
    return hashlib.blake2b(
        json.dumps(view.to_components(), sort_keys=True).encode(), digest_size=16
    ).hexdigest()


@dataclass(frozen=True)
class TableLook:
    """A table as it is to look: its ``view`` (layout) and the ``picture`` that layout shows
    (``None``: none)."""

    view: discord.ui.LayoutView
    picture: Picture | None = None

    @property
    def digest(self) -> str:
        """What it looks like, in 32 hex digits (the picture's name is in its layout)."""
        return _digest(self.view)

    def body_bytes(self, nonce: int | None = layouts.LONGEST_NONCE) -> int:
        """The bytes of its post's body with ``nonce`` (``layouts.body_bytes``)."""
        return layouts.body_bytes(self.view, self.picture, nonce)


def table_look(
    record: GameRecord,
    state: engine.GameState,
    logged: Sequence[LoggedAction],
    _: Translator,
    picture: Picture | None,
    thinking: int | None = None,
    clock: Sequence[str] = (),
) -> TableLook:
    """The table of a started game in ``_``'s language: its text with the last events of
    ``logged`` (and ``clock``: the time each waited seat has left), ``picture``, its controls
    (``thinking``: the seat of an automatic player thinking for a while)."""
    show = presentation(record.game_name)
    recent = recent_lines(show, logged, context_for(record, _))
    screen = table_screen(record, state, recent, _, thinking=thinking, clock=clock)
    view = layouts.table(
        record.id,
        screen,
        _,
        accent=show.accent,
        private_label=_(show.private_label),
        finished=record.status in (GameStatus.FINISHED, GameStatus.ABORTED),
        picture=picture,
        more=(again_button(record.id, _),) if record.status == GameStatus.FINISHED else (),
    )
    return TableLook(view, picture)
