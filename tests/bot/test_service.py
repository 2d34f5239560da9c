"""The use-case layer against a real SQLite file: lobby rules, actions committed before they
are shown, stale and illegal clicks, forfeits and automatic seats, concurrent clicks."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from bot.errors import UserError
from bot.service import GameService
from storage import GameStatus, Storage

HOST, BOB, CAROL, EVE = 101, 102, 103, 199


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(path=tmp_path / "cardroom.sqlite3")
    seeds = iter(range(1000, 2000))
    yield GameService(storage, seed=lambda: next(seeds))
    await storage.close()


async def started(service: GameService, players: int = 3) -> int:
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="artichokes")
    for user in (BOB, CAROL)[: players - 1]:
        await service.join(lobby.id, user)
    await service.start(lobby.id, HOST)
    return lobby.id


def user_of(snapshot, seat: int) -> int:  # noqa: ANN001
    return next(s.user_id for s in snapshot.record.seats if s.seat == seat)


async def test_lobby_rules_are_enforced(service: GameService) -> None:
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="artichokes")
    with pytest.raises(UserError, match="already joined"):
        await service.join(lobby.id, HOST)
    with pytest.raises(UserError, match="At least 2 players"):
        await service.start(lobby.id, HOST)
    await service.join(lobby.id, BOB)
    with pytest.raises(UserError, match="Only the host"):
        await service.start(lobby.id, BOB)
    with pytest.raises(UserError, match="Only the host"):
        await service.toggle_option(lobby.id, BOB, "rhubarb")
    record = await service.toggle_option(lobby.id, HOST, "rhubarb")
    assert record.options["rhubarb"] is True
    with pytest.raises(UserError, match="use Cancel"):
        await service.leave_lobby(lobby.id, HOST)
    snapshot = await service.start(lobby.id, HOST)
    assert snapshot.record.status == GameStatus.ACTIVE
    assert snapshot.state.options.rhubarb is True
    with pytest.raises(UserError, match="already started"):
        await service.join(lobby.id, CAROL)


async def test_an_action_is_committed_with_its_version(service: GameService) -> None:
    game_id = await started(service)
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    key = engine.legal_actions(snapshot.state, seat)[0].key
    played = await service.act(game_id, user_of(snapshot, seat), 0, key)
    stored = await service.snapshot(game_id)
    assert stored.record.version == 1 == played.snapshot.record.version
    assert engine.dumps(stored.state) == engine.dumps(played.snapshot.state)
    actions = await service.storage.games.get_actions(game_id)
    assert [(a.seat, a.action_key) for a in actions] == [(seat, key)]


async def test_stale_illegal_and_foreign_clicks_change_nothing(service: GameService) -> None:
    game_id = await started(service)
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    user = user_of(snapshot, seat)
    other = user_of(snapshot, (seat + 1) % 3)
    with pytest.raises(UserError, match="not playing") as info:
        await service.act(game_id, EVE, 0, "end")
    assert not info.value.refresh_hand
    with pytest.raises(UserError, match="not possible") as info:
        await service.act(game_id, other, 0, "end")
    assert info.value.refresh_hand
    with pytest.raises(UserError, match="moved on"):
        await service.act(game_id, user, 5, engine.legal_actions(snapshot.state, seat)[0].key)
    assert (await service.snapshot(game_id)).record.version == 0


async def test_a_double_click_applies_once(service: GameService) -> None:
    game_id = await started(service)
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    key = engine.legal_actions(snapshot.state, seat)[0].key
    results = await asyncio.gather(
        service.act(game_id, user_of(snapshot, seat), 0, key),
        service.act(game_id, user_of(snapshot, seat), 0, key),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    refused = next(r for r in results if isinstance(r, Exception))
    assert isinstance(refused, UserError) and "moved on" in str(refused)
    assert (await service.snapshot(game_id)).record.version == 1


async def test_a_forfeit_hands_the_seat_to_an_automatic_player(service: GameService) -> None:
    game_id = await started(service, players=3)
    snapshot = await service.snapshot(game_id)
    leaver_seat = engine.deciding_seats(snapshot.state)[0]
    played = await service.forfeit(game_id, user_of(snapshot, leaver_seat))
    assert not played.ended
    assert played.steps and all(step.automatic for step in played.steps)
    assert all(step.seat == leaver_seat for step in played.steps)
    after = played.snapshot
    assert leaver_seat not in engine.deciding_seats(after.state)
    with pytest.raises(UserError, match="not playing"):
        await service.act(game_id, user_of(snapshot, leaver_seat), after.record.version, "end")


async def test_the_last_player_left_wins_by_forfeit(service: GameService) -> None:
    game_id = await started(service, players=2)
    played = await service.forfeit(game_id, BOB)
    assert played.ended
    record = played.snapshot.record
    assert record.status == GameStatus.FINISHED
    host_seat = record.seat_of(HOST).seat
    assert record.result.winners == (host_seat,) and record.result.reason == "forfeit"
    with pytest.raises(UserError, match="over"):
        await service.act(game_id, HOST, record.version, "end")


async def test_a_whole_game_through_the_service_verifies(service: GameService) -> None:
    game_id = await started(service, players=3)
    rng = random.Random(5)
    while True:
        snapshot = await service.snapshot(game_id)
        if snapshot.record.status != GameStatus.ACTIVE:
            break
        seat = rng.choice(engine.deciding_seats(snapshot.state))
        key = rng.choice(engine.legal_actions(snapshot.state, seat)).key
        await service.act(game_id, user_of(snapshot, seat), snapshot.record.version, key)
    assert snapshot.record.status == GameStatus.FINISHED
    assert snapshot.record.result.winners or snapshot.record.result.draw
    assert (await service.storage.verify_game(game_id)).ok


async def test_simultaneous_choices_do_not_make_each_other_stale(service: GameService) -> None:
    """Seed 4385, three players: the third seat plays an Eggplant on turn 5 when everyone
    harvests vegetables and plays the first Eggplant they can."""
    seeded = GameService(service.storage, seed=lambda: 4385)
    game_id = await started(seeded, players=3)
    while (snapshot := await seeded.snapshot(game_id)).state.phase != "eggplant":
        seat = engine.deciding_seats(snapshot.state)[0]
        keys = [a.key for a in engine.legal_actions(snapshot.state, seat)]
        wanted = ["harvest:Eggplant", "play:Eggplant"]
        wanted += [k for k in keys if k.startswith("harvest:") and k != "harvest:Artichoke"]
        key = next((k for k in wanted if k in keys), "end")
        await seeded.act(game_id, user_of(snapshot, seat), snapshot.record.version, key)
    shown = snapshot.record.version  # every player's screen is at this version now
    aa = "pass:Artichoke+Artichoke"

    await seeded.act(game_id, HOST, shown, aa)
    await seeded.act(game_id, BOB, shown, aa)  # stale by HOST's choice only: it stands
    with pytest.raises(UserError, match="moved on"):
        await seeded.act(game_id, HOST, shown, aa)  # HOST's own choice came since: a double click
    await seeded.act(game_id, CAROL, shown, aa)  # the last choice: the cards move
    with pytest.raises(UserError, match="moved on"):
        await seeded.act(game_id, BOB, shown + 2, aa)  # his hand changed since
    assert [(a.seat, a.action_key) for a in await service.storage.games.get_actions(game_id)][
        -3:
    ] == [(0, aa), (1, aa), (2, aa)]
    assert (await service.storage.verify_game(game_id)).ok
