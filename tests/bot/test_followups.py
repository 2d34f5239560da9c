"""The follow-ups' general hook for mentions: a presentation names players the channel should
mention because of the public events of the moves just applied (``Presentation.mentions``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import engine
from bot.games import RenderContext
from bot.i18n import translator
from bot.messages import followups
from bot.messages.followups import FollowUps
from bot.service import GameSnapshot, Played
from bot.service.snapshots import Move
from engine.types import Event
from tests.bot.records import record_for

_ = translator("en")


class Stub:
    """A presentation that mentions seat 1 and records what it was given."""

    def __init__(self) -> None:
        self.given: list[tuple[list[Any], RenderContext]] = []

    def mentions(self, events: list[Any], ctx: RenderContext) -> list[tuple[int, str]]:
        self.given.append((list(events), ctx))
        return [(1, f"{ctx.names[1]}: something happened to you")]


def played_with(*moves: Move) -> Played:
    state = engine.new_game("verso", 3, None, 1)
    return Played(GameSnapshot(record_for(state, game_id=4), state), moves=list(moves))


def test_mentions_get_the_public_events_of_every_applied_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub = Stub()
    monkeypatch.setattr(followups, "presentation", lambda name: stub)
    played = played_with(
        Move(0, "a", [Event("first", 0, {}), Event("secret", 2, {}, visible_to=(2,))]),
        Move(1, "b", [Event("second", None, {"n": 1})], actor="automatic"),
    )
    assert FollowUps._mentions(played, _) == [(1, "<@102>: something happened to you")]
    ((events, ctx),) = stub.given
    assert [e.kind for e in events] == ["first", "second"]  # private events never
    assert ctx.game_id == 4 and ctx.names == ("<@101>", "<@102>", "<@103>")


def test_no_public_event_asks_for_no_mention(monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub()
    monkeypatch.setattr(followups, "presentation", lambda name: stub)
    played = played_with(Move(0, "a", [Event("secret", 0, {}, visible_to=(0,))]))
    assert FollowUps._mentions(played, _) == []
    assert stub.given == []


def test_pings_send_to_the_table_only_a_person_who_plays_there() -> None:
    verso = engine.new_game("verso", 2, None, 5)
    (active,) = engine.deciding_seats(verso)
    record = record_for(verso)
    assert followups.plays_on_the_table(record, verso, _)  # a person's turn, on the table
    seats = list(record.seats)
    seats[active] = replace(seats[active], user_id=None, automatic=True, level="greedy")
    automatic = replace(record, seats=tuple(seats))
    assert not followups.plays_on_the_table(automatic, verso, _)  # an automatic player's
    seats[active] = replace(record.seats[active], away=True)
    assert not followups.plays_on_the_table(replace(record, seats=tuple(seats)), verso, _)
    ninjan = engine.new_game("ninjan", 2, None, 5)
    assert not followups.plays_on_the_table(record_for(ninjan), ninjan, _)  # private screens
