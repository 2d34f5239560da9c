"""What ``cardroom check`` sends and checks: the bot's own tables and pictures, its largest
message, and every permission the invite asks for."""

from __future__ import annotations

import discord

from bot.check import PERMISSIONS
from bot.check_messages import (
    LARGEST_BODY,
    check_messages,
    largest_game,
    largest_table,
    record_of,
)
from bot.messages import layouts
from bot.messages.permissions import needed_permissions
from bot.pictures.samples import positions


def text_of(view: discord.ui.LayoutView) -> str:
    (container,) = view.to_components()
    return "\n".join(c["content"] for c in container["components"] if c["type"] == 10)


def test_the_check_tries_every_permission_the_invite_asks_for_and_no_other() -> None:
    checked = discord.Permissions(**{p.attr: True for p in PERMISSIONS})
    assert checked == needed_permissions()
    assert len({p.name for p in PERMISSIONS}) == len(PERMISSIONS)


def test_the_tables_are_the_bots_with_two_pictures_and_a_text_only_change() -> None:
    looks = check_messages()
    assert looks.first.picture and looks.second.picture and looks.kept.picture
    assert looks.first.picture.name != looks.second.picture.name  # an edit to a new picture
    assert looks.kept.picture == looks.second.picture  # an edit that keeps it
    assert text_of(looks.kept.view) != text_of(looks.second.view)
    for look in (looks.first, looks.second, looks.kept, looks.largest):
        assert look.picture is not None and look.picture.url in str(look.view.to_components())
        assert " #9999999\n" in text_of(look.view)  # the game number no real game has


def test_the_largest_message_is_as_large_as_the_bots_limits_let_it() -> None:
    game, seats = largest_game()
    state = dict(positions(game, seats, 1))["halfway"]
    record = record_of(state)
    for language in ("en", "uk"):
        look = largest_table(record, state, language)
        size, length = look.body_bytes(), len(text_of(look.view))
        assert size <= LARGEST_BODY and length <= layouts.TEXT_LIMIT
        # one character more would pass one of the two limits
        assert length == layouts.TEXT_LIMIT or size > LARGEST_BODY - 8, (language, size)
    largest = check_messages().largest
    assert LARGEST_BODY - 8 < largest.body_bytes() <= LARGEST_BODY
