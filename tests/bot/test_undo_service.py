"""Taking back a move through the use cases (``bot.service.undo``), on both backends: the
game offers a person's own move the engine's rule allows, a take-back restores the state
before it, a second one of the same move (a double click) or one after another seat moved
is refused, automatic moves are never offered, and a restart keeps the offer."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

import engine
from bot.i18n import translator
from bot.service import GameService, Played
from bot.service.errors import OutOfDate
from bot.texts.rendering import seat_screen
from bot.texts.specs import UndoRow
from engine.records import GameRecordFile, replay_record
from engine.undo import UNDO_KEY
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, HOST, play_random, stamp, user_of


@pytest.fixture
async def service(open_storage: OpenStorage) -> AsyncIterator[GameService]:
    storage = await open_storage()
    seeds = iter(range(1000, 2000))
    yield GameService(storage, seed=lambda: next(seeds))
    await storage.close()


async def harvested(service: GameService) -> tuple[int, int, engine.GameState, str]:
    """A started two-player game of Abandon All Artichokes whose first player harvested (a
    move the rule lets them take back): the game, the seat, the state before, the key."""
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="artichokes")
    await service.join(lobby.id, BOB)
    snapshot = await service.start(lobby.id, HOST)
    seat = engine.deciding_seats(snapshot.state)[0]
    before = engine.clone(snapshot.state)
    key = engine.legal_actions(snapshot.state, seat).keys()[0]
    played = await service.act(lobby.id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    assert played.snapshot.record.takeback == (1, seat, key)
    return lobby.id, seat, before, key


async def test_a_take_back_restores_the_state_and_a_second_click_is_refused(
    service: GameService,
) -> None:
    game_id, seat, before, key = await harvested(service)
    snapshot = await service.snapshot(game_id)
    user = user_of(snapshot, seat)
    screen = seat_screen(snapshot.record, snapshot.state, seat, translator("en"))
    (undo,) = [row for row in screen.rows if isinstance(row, UndoRow)]
    assert undo.seq == 1 and undo.label == f"↶ Undo: Harvest {key.partition(':')[2]}"
    other = seat_screen(snapshot.record, snapshot.state, 1 - seat, translator("en"))
    assert not [row for row in other.rows if isinstance(row, UndoRow)]  # theirs only

    played = await service.take_back(game_id, user, 1)
    assert engine.dumps(played.snapshot.state) == engine.dumps(before)
    assert played.snapshot.record.takeback is None and played.snapshot.record.version == 2
    with pytest.raises(OutOfDate, match="moved on"):  # the double click
        await service.take_back(game_id, user, 1)
    logged = await service.storage.games.get_actions(game_id)
    assert [(a.action_key, a.undone_by, a.undoes) for a in logged] == [
        (key, 2, None),
        (UNDO_KEY, None, 1),
    ]
    assert (await service.storage.verify_game(game_id)).ok
    # the game goes on from the state before the move
    again = await service.snapshot(game_id)
    await service.act(game_id, user, stamp(again, seat), key)


async def test_another_seats_take_back_and_a_stale_undo_are_refused(service: GameService) -> None:
    game_id, seat, _before, _key = await harvested(service)
    snapshot = await service.snapshot(game_id)
    with pytest.raises(OutOfDate):  # not theirs
        await service.take_back(game_id, user_of(snapshot, 1 - seat), 1)
    with pytest.raises(OutOfDate):  # a move that is not offered
        await service.take_back(game_id, user_of(snapshot, seat), 7)


async def test_after_another_seat_moved_the_undo_is_refused(service: GameService) -> None:
    game_id, seat, _before, _key = await harvested(service)
    snapshot = await service.snapshot(game_id)
    user = user_of(snapshot, seat)
    await service.act(game_id, user, stamp(snapshot, seat), "end")  # draws: final
    snapshot = await service.snapshot(game_id)
    assert snapshot.record.takeback is None
    with pytest.raises(OutOfDate, match="moved on"):
        await service.take_back(game_id, user, 1)


@pytest.mark.parametrize("actor", ["automatic", "timeout"])
async def test_automatic_moves_are_never_offered(service: GameService, actor: str) -> None:
    # the automatic player moving for a seat (an automatic seat, an away player, a timeout)
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="artichokes")
    await service.join(lobby.id, BOB)
    snapshot = await service.start(lobby.id, HOST)
    seat = engine.deciding_seats(snapshot.state)[0]
    harvest = engine.legal_actions(snapshot.state, seat)[0]  # a move the rule allows back
    played = Played(snapshot)
    await service.commits.commit(played, harvest, actor=actor)
    record = played.snapshot.record
    assert record.takeback is None
    screen = seat_screen(record, played.snapshot.state, seat, translator("en"))
    assert not [row for row in screen.rows if isinstance(row, UndoRow)]
    with pytest.raises(OutOfDate):
        await service.take_back(lobby.id, user_of(snapshot, seat), record.version)


async def test_the_offer_survives_a_restart(
    service: GameService, open_storage: OpenStorage
) -> None:
    game_id, seat, before, _key = await harvested(service)
    user = user_of(await service.snapshot(game_id), seat)
    restarted = GameService(await open_storage())
    try:
        played = await restarted.take_back(game_id, user, 1)
        assert engine.dumps(played.snapshot.state) == engine.dumps(before)
    finally:
        await restarted.storage.close()


async def test_the_export_and_the_replay_show_the_game_as_played(service: GameService) -> None:
    game_id, seat, before, key = await harvested(service)
    user = user_of(await service.snapshot(game_id), seat)
    await service.take_back(game_id, user, 1)
    rng = random.Random(3)
    snapshot = await service.snapshot(game_id)
    while snapshot.record.status == "active":
        await play_random(service, snapshot, rng)
        snapshot = await service.snapshot(game_id)
    exported = await service.history.export(game_id, 1)
    taken, undo = exported.actions[0], exported.actions[1]
    assert (taken.key, taken.undone_by) == (key, 2) and (undo.key, undo.undoes) == (UNDO_KEY, 1)
    assert replay_record(GameRecordFile.model_validate_json(exported.model_dump_json())).matches
    # the replay steps through the move and its take-back
    moved = await service.history.step(game_id, 1, 1)
    assert engine.dumps(moved.state) != engine.dumps(before)
    taken_back = await service.history.step(game_id, 1, 2)
    assert engine.dumps(taken_back.state) == engine.dumps(before)
    assert taken_back.logged[-1].undoes == 1
