"""Sign-up's clicks racing the organiser's: a Join that lands while Start is pairing (or while
the organiser adds an automatic player) moves the tournament's version first; the organiser's
change is made again on the tournament as it now stands, not refused with an error."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.tournament_play import TournamentPlay
from tests.e2e.conftest import World
from tests.e2e.tournament_helpers import add_automatic, new_tournament, settled, sign_up, start


def _joins_during(monkeypatch: pytest.MonkeyPatch, world: World, name: str, user_id: int) -> None:
    """While ``TournamentPlay.<name>`` first reads the tournament, ``user_id`` joins."""
    original = getattr(TournamentPlay, name)
    done = []

    async def racing(self: TournamentPlay, *args: Any, **kwargs: Any) -> Any:
        result = await original(self, *args, **kwargs)
        if not done:
            done.append(True)
            tournament = args[0] if isinstance(args[0], int) else args[0].id
            await world.bot.storage.tournaments.sign_up(tournament, user_id, join=True)
        return result

    monkeypatch.setattr(TournamentPlay, name, racing)


async def test_a_join_while_start_pairs_is_in_the_field(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = await new_tournament(world, rounds=1)
    await sign_up(t, [world.alice, world.bob])
    _joins_during(monkeypatch, world, "_rating", world.carol.id)  # start awaits the ratings
    await start(t)  # no error for the organiser
    record = await t.record()
    assert f"u:{world.carol.id}" in {e.id for e in record.entrants}


async def test_a_join_while_the_organiser_adds_an_automatic_player(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = await new_tournament(world, rounds=1)
    await sign_up(t, [world.alice])
    _joins_during(monkeypatch, world, "_organised", world.carol.id)
    await add_automatic(t)  # answered with the card, not an error
    row = await t.row()
    assert world.carol.id in row.signups and "Cardroom AI" in t.card_text()


async def test_a_join_at_the_start_time_is_not_cancelled_with_too_few(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice alone has joined when the start time comes; Carol's Join lands while it looks at
    the entrants: it starts with both, instead of saying "too few players" with two signed up
    (or failing on the stale tournament)."""
    t = await new_tournament(world, rounds=1, starts="3 h")
    await sign_up(t, [world.alice])
    _joins_during(monkeypatch, world, "_rating", world.carol.id)  # start awaits the ratings
    world.clock.advance(3 * 3600)
    await settled(world)
    row = await t.row()
    assert row.status == "running", t.card_text()
    assert "Under way" in t.card_text()
    assert {e.id for e in (await t.record()).entrants} == {
        f"u:{world.alice.id}",
        f"u:{world.carol.id}",
    }
