"""The open private screens the bot keeps editable: which ones it keeps, and what of them."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import discord

import engine
from bot.messages.open_screens import _NOT_FOR_EDITS, SCREEN_LIFETIME, OpenScreens, fingerprint
from bot.service import GameSnapshot
from bot.texts.specs import Screen
from tests.bot.records import record_for


def snapshot(game_id: int) -> GameSnapshot:
    state = engine.new_game("artichokes", 2, None, seed=game_id)
    return GameSnapshot(record_for(state, game_id=game_id), state)


def interaction(user_id: int) -> Any:
    """What ``OpenScreens.remember`` is handed: an interaction, with the parts it lets go of."""
    return SimpleNamespace(
        user=SimpleNamespace(id=user_id),
        message=object(),
        data={"custom_id": "x"},
        _original_response=object(),
        extras={},
        entitlements=[],
        entitlement_sku_ids=[],
        _integration_owners={},
        token="token",
        locale="en-US",
    )


def test_a_screen_opened_when_old_ones_are_swept_is_kept() -> None:
    screens = OpenScreens()
    screens.remember(interaction(101), snapshot(1), Screen("old"))
    old = next(iter(screens._screens.values()))
    old.opened -= SCREEN_LIFETIME + 1  # Discord no longer lets the bot edit it
    screens._swept -= 61  # and the last sweep was a while ago

    screens.remember(interaction(202), snapshot(2), Screen("new"))

    assert screens.watching(2, 202)
    assert not screens.watching(1, 101)
    assert len(screens) == 1


def test_a_kept_screen_lets_go_of_what_later_edits_do_not_need() -> None:
    screens = OpenScreens()
    kept = interaction(101)
    screens.remember(kept, snapshot(1), Screen("hand"))

    assert kept.message is None and kept.data is None and kept.user is None
    assert kept._original_response is None
    assert kept.token == "token" and kept.locale == "en-US"
    assert screens.watching(1, 101)


def test_screens_that_differ_have_different_fingerprints() -> None:
    assert fingerprint(Screen("a")) == fingerprint(Screen("a"))
    assert fingerprint(Screen("a")) != fingerprint(Screen("b"))
    assert fingerprint(Screen("a", since=1)) != fingerprint(Screen("a", since=2))


def test_watching_ends_a_while_after_the_last_click() -> None:
    screens = OpenScreens(watching=60.0)
    screens.remember(interaction(101), snapshot(1), Screen("hand"))
    next(iter(screens._screens.values())).opened = time.monotonic() - 61

    assert not screens.watching(1, 101)


def test_what_a_kept_screen_lets_go_of_is_part_of_discord_interactions() -> None:
    """Names discord.py renamed would quietly stop freeing anything."""
    slots = set(discord.Interaction.__slots__)
    assert set(_NOT_FOR_EDITS) <= slots
    assert {"token", "application_id", "channel", "locale", "_state"} <= slots
