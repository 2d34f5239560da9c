"""Discord layouts (Components V2 ``ui.LayoutView``) built from plain screens.

Every layout is rebuilt from stored data each time; no state lives in a view (``timeout=None``,
persistent dynamic items only).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui
from discord.http import handle_message_parameters

from bot.i18n import Translator
from bot.messages.components import (
    AbortButton,
    ActionButton,
    ActionSelect,
    BackButton,
    ConfirmButton,
    LobbyButton,
    LobbyOptionSelect,
    RulesButton,
    ShowScreenButton,
)
from bot.messages.discord_io import NOTHING
from bot.messages.pictures import as_file
from bot.messages.undo_button import UndoButton
from bot.pictures.base import Picture
from bot.texts.specs import ConfirmRow, Row, Screen, SelectSpec, UndoRow

TEXT_LIMIT = 3900  # Discord allows 4000 characters of text per message; keep a margin
NEUTRAL = 0x5865F2  # for messages about no game in particular
BODY_LIMIT = 8000
"""The most bytes a message body may take (its JSON in UTF-8): the project's cap, under
Discord's undocumented one (discord/discord-api-docs#8554); the fake Discord refuses more."""
LONGEST_NONCE = 2**64 - 1
"""The longest ``nonce`` the bot sends (discord.py's own are 64 bits; the tables' are 63)."""


def clip(text: str) -> str:
    """``text`` cut to what one message may hold."""
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def _container(text: str, accent: int) -> ui.Container[ui.LayoutView]:
    return ui.Container(ui.TextDisplay(clip(text)), accent_colour=accent)


def split(text: str) -> list[str]:
    """``text`` in parts that each fit one message, cut between lines (at a blank line when
    one is near enough); a single line too long for a message is clipped."""
    parts: list[str] = []
    rest = text
    while len(rest) > TEXT_LIMIT:
        cut = rest.rfind("\n\n", 0, TEXT_LIMIT)
        if cut < TEXT_LIMIT // 2:
            cut = rest.rfind("\n", 0, TEXT_LIMIT)
        if cut <= 0:
            parts.append(clip(rest))
            return parts
        parts.append(rest[:cut])
        rest = rest[cut:].lstrip("\n")
    parts.append(rest)
    return parts


def _layout() -> ui.LayoutView:
    """An empty layout that discord.py will not keep once sent. Every component is a
    ``DynamicItem`` dispatched by its ``custom_id``, so the view itself is never needed again;
    left listening, discord.py would keep each ephemeral one for 15 minutes with a timer task
    (thousands of live objects at 100 games, and long garbage-collection pauses)."""
    view = ui.LayoutView(timeout=None)
    view.stop()
    return view


def notice(text: str) -> ui.LayoutView:
    """A layout holding only ``text``."""
    view = _layout()
    view.add_item(ui.TextDisplay(clip(text)))
    return view


def lobby_menu_value(index: int) -> str:
    """The value a lobby menu sends for its ``index``-th choice (``"0"``, ``"1"``...)."""
    return str(index)


def offered_index(values: Sequence[str], count: int) -> int | None:
    """The choice a lobby menu's answer names: its index when ``values`` is exactly one of
    the values a menu of ``count`` choices offers, else ``None`` (a forged value such as
    ``"01"`` or ``"٣"`` names nothing)."""
    if len(values) != 1:
        return None
    return {lobby_menu_value(i): i for i in range(count)}.get(values[0])


@dataclass(frozen=True)
class LobbySetting:
    """One host option as the lobby shows it: a toggle (``choices`` empty) with its state, or a
    menu of ``(value index, label)`` with the current index (``placeholder``: a menu that
    does something each time, showing ``label`` rather than a current value). ``values``: the
    value index each choice sends, where not its position (a menu offering some of a fixed
    list); ``descriptions``: a line under each choice, where given."""

    field: str
    label: str
    on: bool = False
    choices: tuple[str, ...] = ()
    current: int = -1
    placeholder: bool = False
    values: tuple[int, ...] = ()
    descriptions: tuple[str, ...] = ()


def confirm_abort(game_id: int, text: str, _: Translator) -> ui.LayoutView:
    """An admin's confirmation before aborting a game: ``text`` and two buttons."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=NEUTRAL
    )
    container.add_item(
        ui.ActionRow(
            AbortButton(game_id, True, _("Abort game #{game}", game=game_id)),
            AbortButton(game_id, False, _("Keep it")),
        )
    )
    view.add_item(container)
    return view


def lobby(
    game_id: int,
    text: str,
    settings: Sequence[LobbySetting],
    _: Translator,
    accent: int,
    closed: bool = False,
    *,
    removable: bool = False,
) -> ui.LayoutView:
    """The lobby: ``text`` (players and options), Join/Leave/Start/Cancel, one toggle per on/off
    option and one menu per option with values (``removable``: a button that takes the last
    automatic player out); no components once ``closed``."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=accent
    )
    if not closed:
        container.add_item(
            ui.ActionRow(
                LobbyButton(game_id, "join", _("Join"), "success"),
                LobbyButton(game_id, "leave", _("Leave")),
                LobbyButton(game_id, "start", _("Start"), "primary"),
                LobbyButton(game_id, "cancel", _("Cancel"), "danger"),
            )
        )
        toggles = [
            LobbyButton(
                game_id,
                f"opt.{s.field}",
                _("{option}: {state}", option=s.label, state=_("on") if s.on else _("off")),
            )
            for s in settings
            if not s.choices
        ]
        if removable:
            toggles.append(LobbyButton(game_id, "remove_ai", _("Remove an automatic player")))
        for start in range(0, len(toggles), 5):
            container.add_item(ui.ActionRow(*toggles[start : start + 5]))
        for s in settings:
            if not s.choices:
                continue
            options = [
                discord.SelectOption(
                    label=(
                        label
                        if s.placeholder
                        else _("{option}: {value}", option=s.label, value=label)
                    )[:100],
                    value=lobby_menu_value(s.values[i] if s.values else i),
                    description=s.descriptions[i][:100] if s.descriptions else None,
                    default=i == s.current and not s.placeholder,
                )
                for i, label in enumerate(s.choices)
            ]
            container.add_item(
                ui.ActionRow(LobbyOptionSelect(game_id, s.field, s.label, options[:25]))
            )
    view.add_item(container)
    return view


def body_bytes(
    view: ui.LayoutView, picture: Picture | None = None, nonce: int | None = LONGEST_NONCE
) -> int:
    """The bytes of the body discord.py sends to post ``view`` with ``picture`` and ``nonce``
    (by default the longest), allowed mentions none, as ``Messageable.send`` makes it: its
    JSON (a multipart body's ``payload_json``) in UTF-8, as Discord counts them (decoded,
    whatever the wire's escaping). The largest body the bot sends a layout in: an edit, an
    update or an interaction's answer of it holds no nonce and no ``tts``."""
    params = handle_message_parameters(
        content=None, view=view, allowed_mentions=NOTHING, nonce=nonce
    )
    payload = params.payload
    assert payload is not None  # no file: a JSON body
    if picture is not None:  # the picture's entry, as discord.py lists an upload
        payload["attachments"] = [as_file(picture).to_dict(0)]
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    return len(text.encode())


def _fitted(build: Callable[[bool], ui.LayoutView], picture: Picture | None) -> ui.LayoutView:
    """``build(True)``, or ``build(False)`` (its menus' choices without their descriptions)
    when that would make a body over :data:`BODY_LIMIT` (many long menus, as a choice
    among every card of four players' rows)."""
    view = build(True)
    return view if body_bytes(view, picture) <= BODY_LIMIT else build(False)


def _add_rows(
    container: ui.Container, game_id: int, screen: Screen, descriptions: bool = True
) -> None:
    for row in screen.rows:
        container.add_item(ui.ActionRow(*_row_items(game_id, screen.since, row, descriptions)))


def _row_items(game_id: int, since: int, row: Row, descriptions: bool = True) -> list[ui.Item]:
    if isinstance(row, UndoRow):
        return [UndoButton(game_id, row.seq, row.label)]
    if isinstance(row, ConfirmRow):
        return [ConfirmButton(game_id, since, row.key, row.confirm), BackButton(game_id, row.back)]
    if isinstance(row, SelectSpec):
        return [
            ActionSelect(
                game_id,
                since,
                row.kind,
                row.chunk,
                placeholder=row.placeholder,
                options=[
                    discord.SelectOption(
                        label=o.label or "-",
                        value=o.value,
                        description=(o.description or None) if descriptions else None,
                        default=o.default,
                    )
                    for o in row.options
                ],
                min_values=row.min_values,
                max_values=row.max_values,
            )
        ]
    return [ActionButton(game_id, since, b.key, b.label, b.style, b.emoji) for b in row]


def gallery(picture: Picture) -> ui.MediaGallery[ui.LayoutView]:
    """A media gallery showing ``picture`` (uploaded with the message as ``picture.name``),
    its description as the alt text."""
    return ui.MediaGallery(discord.MediaGalleryItem(picture.url, description=picture.description))


def table(
    game_id: int,
    screen: Screen,
    _: Translator,
    *,
    accent: int,
    private_label: str,
    finished: bool = False,
    picture: Picture | None = None,
    more: Sequence[ui.Item[Any]] = (),
) -> ui.LayoutView:
    """The public table: its picture (if any), its text, the components of decisions shown
    on the table (if any), the private-screen button (disabled once the game has ended),
    Rules and ``more`` buttons (Play again, once it is over) (:func:`_fitted` to a body
    Discord takes)."""

    def build(descriptions: bool) -> ui.LayoutView:
        view = _layout()
        container: ui.Container[ui.LayoutView] = ui.Container(accent_colour=accent)
        if picture is not None:
            container.add_item(gallery(picture))
        container.add_item(ui.TextDisplay(clip(screen.text)))
        _add_rows(container, game_id, screen, descriptions)
        container.add_item(
            ui.ActionRow(
                ShowScreenButton(game_id, private_label, disabled=finished),
                RulesButton(game_id, _("Rules")),
                *more,
            )
        )
        view.add_item(container)
        return view

    return _fitted(build, picture)


def seat(
    game_id: int, screen: Screen, *, accent: int, picture: Picture | None = None
) -> ui.LayoutView:
    """A player's private screen: its text, its picture (if any) and the components of its
    decisions (:func:`_fitted` to a body Discord takes)."""

    def build(descriptions: bool) -> ui.LayoutView:
        view = _layout()
        container: ui.Container[ui.LayoutView] = ui.Container(
            ui.TextDisplay(clip(screen.text)), accent_colour=accent
        )
        if picture is not None:
            container.add_item(gallery(picture))
        _add_rows(container, game_id, screen, descriptions)
        view.add_item(container)
        return view

    return _fitted(build, picture)
