"""The use-case layer against a real database, on both backends (a SQLite file and a real
PostgreSQL database): lobby rules, actions committed before they are shown, stale and illegal
clicks, forfeits and automatic seats, concurrent clicks in one process and from two, and the
memory of play of a finished game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

import engine
from bot.service import GameService
from bot.service.errors import OutOfDate, UserError
from bot.service.history import PlayHistory
from bot.service.live import RECENT_ACTIONS
from storage import GameStatus, ratings
from storage.sql import Connection
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, CAROL, EVE, HOST, play_random, stamp, user_of


@pytest.fixture
async def service(open_storage: OpenStorage) -> AsyncIterator[GameService]:
    storage = await open_storage()
    seeds = iter(range(1000, 2000))
    yield GameService(storage, seed=lambda: next(seeds))
    await storage.close()


async def started(service: GameService, players: int = 3, channel_id: int = 2) -> int:
    lobby = await service.open_lobby(
        guild_id=1, channel_id=channel_id, host_id=HOST, game_name="artichokes"
    )
    for user in (BOB, CAROL)[: players - 1]:
        await service.join(lobby.id, user)
    await service.start(lobby.id, HOST)
    return lobby.id


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
    played = await service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    stored = await service.snapshot(game_id)
    assert stored.record.version == 1 == played.snapshot.record.version
    assert engine.dumps(stored.state) == engine.dumps(played.snapshot.state)
    actions = await service.storage.games.get_actions(game_id)
    assert [(a.seat, a.action_key) for a in actions] == [(seat, key)]


async def test_the_answer_can_be_prepared_while_the_move_is_committed(
    service: GameService,
) -> None:
    """``prepare`` gets the game the move leads to (what the answer's picture is drawn from)
    before the move is stored; a refused move calls it not at all or leaves nothing stored."""
    game_id = await started(service)
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    key = engine.legal_actions(snapshot.state, seat)[0].key
    seen: list[tuple[int, engine.View]] = []

    def prepare(record, state) -> None:  # noqa: ANN001
        seen.append((record.version, engine.view(state, seat)))

    user, since = user_of(snapshot, seat), stamp(snapshot, seat)
    played = await service.act(game_id, user, since, key, prepare=prepare)
    assert seen == [(0, engine.view(played.snapshot.state, seat))]
    assert played.snapshot.record.version == 1
    with pytest.raises(UserError):
        await service.act(game_id, user, since, key, prepare=prepare)
    assert len(seen) == 1 and (await service.snapshot(game_id)).record.version == 1


async def test_stale_illegal_and_foreign_clicks_change_nothing(service: GameService) -> None:
    game_id = await started(service)
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    user = user_of(snapshot, seat)
    other = user_of(snapshot, (seat + 1) % 3)
    with pytest.raises(UserError, match="not playing") as info:
        await service.act(game_id, EVE, 0, "end")
    assert not isinstance(info.value, OutOfDate)
    with pytest.raises(UserError, match="moved on") as info:  # nothing to decide: an old button
        await service.act(game_id, other, 0, "end")
    assert isinstance(info.value, OutOfDate)
    with pytest.raises(UserError, match="moved on"):
        await service.act(game_id, user, 5, engine.legal_actions(snapshot.state, seat)[0].key)
    with pytest.raises(UserError, match="not possible") as info:
        await service.act(game_id, user, stamp(snapshot, seat), "play:Artichoke")
    assert isinstance(info.value, OutOfDate)
    assert (await service.snapshot(game_id)).record.version == 0


async def test_a_double_click_applies_once(service: GameService) -> None:
    game_id = await started(service)
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    key = engine.legal_actions(snapshot.state, seat)[0].key
    results = await asyncio.gather(
        service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key),
        service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key),
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
    assert not played.ended and not played.moves  # nothing moves inside the leave itself
    assert played.snapshot.record.seats[leaver_seat].level == "greedy"
    played = await service.play_automatic(game_id)  # the follow-ups make the moves due
    assert played is not None
    assert played.moves and all(move.actor == "automatic" for move in played.moves)
    assert all(move.seat == leaver_seat for move in played.moves)
    after = played.snapshot
    assert leaver_seat not in engine.deciding_seats(after.state)
    with pytest.raises(UserError, match="You left this game"):
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
        await play_random(service, snapshot, rng)
    assert snapshot.record.status == GameStatus.FINISHED
    assert snapshot.record.result.winners or snapshot.record.result.draw
    assert (await service.storage.verify_game(game_id)).ok
    actors = {a.actor for a in await service.storage.games.get_actions(game_id)}
    assert actors == {"player"}


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
        await seeded.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    shown = {user: stamp(snapshot, snapshot.record.seat_of(user).seat) for user in (HOST, BOB)}
    shown[CAROL] = stamp(snapshot, snapshot.record.seat_of(CAROL).seat)
    aa = "pass:Artichoke+Artichoke"

    await seeded.act(game_id, HOST, shown[HOST], aa)
    await seeded.act(game_id, BOB, shown[BOB], aa)  # after HOST's choice only: it stands
    with pytest.raises(UserError, match="moved on"):
        await seeded.act(game_id, HOST, shown[HOST], aa)  # his own choice came since: double click
    with pytest.raises(UserError, match="already your choice"):
        now = await seeded.snapshot(game_id)
        await seeded.act(game_id, BOB, stamp(now, 1), aa)  # the same answer again is no move
    await seeded.act(game_id, CAROL, shown[CAROL], aa)  # the last choice: the cards move
    with pytest.raises(UserError, match="moved on"):
        await seeded.act(game_id, BOB, shown[BOB], aa)  # his hand changed since
    assert [(a.seat, a.action_key) for a in await service.storage.games.get_actions(game_id)][
        -3:
    ] == [(0, aa), (1, aa), (2, aa)]
    assert (await service.storage.verify_game(game_id)).ok


async def test_a_game_with_an_automatic_seat_goes_on_until_no_person_is_left(
    service: GameService,
) -> None:
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="artichokes")
    await service.storage.games.join_lobby(lobby.id, None)  # an automatic player from the start
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, HOST)
    for _restart in range(3):  # restarts never end a game
        await service.play_automatic(lobby.id)
        assert (await service.record(lobby.id)).status == GameStatus.ACTIVE
    played = await service.forfeit(lobby.id, BOB)  # one person left, but not "people only"
    assert not played.ended
    played = await service.forfeit(lobby.id, HOST)  # nobody left: abandoned, no winner
    record = played.snapshot.record
    assert played.ended and record.status == GameStatus.ABORTED
    assert record.result.reason == "abandoned" and record.result.winners == ()


async def test_in_a_game_of_people_only_the_last_one_left_wins(service: GameService) -> None:
    game_id = await started(service, players=3)
    played = await service.forfeit(game_id, BOB)
    assert not played.ended
    played = await service.forfeit(game_id, CAROL)
    record = played.snapshot.record
    assert played.ended and record.status == GameStatus.FINISHED
    assert record.result.winners == (record.seat_of(HOST).seat,)
    assert {s.user_id: s.rank for s in record.seats} == {HOST: 1, BOB: 2, CAROL: 2}


async def test_the_recent_actions_kept_in_memory_are_the_stored_ones(
    service: GameService,
) -> None:
    """The table's last events come from memory while a game runs: after every move they
    are exactly the last logged actions storage gives, events and all."""
    game_id = await started(service, players=3)
    rng = random.Random(8)
    assert await service.recent_actions(game_id) == []
    for _ in range(3 * RECENT_ACTIONS):
        snapshot = await service.snapshot(game_id)
        if snapshot.record.status != GameStatus.ACTIVE:
            break
        key = await play_random(service, snapshot, rng)
        kept = await service.recent_actions(game_id)
        assert kept == await service.storage.games.recent_actions(game_id, RECENT_ACTIONS)
        assert kept[-1].action_key == key
    assert len(kept) == RECENT_ACTIONS
    assert any(action.public_events for action in kept)


async def test_a_move_made_while_the_recent_actions_are_first_read_is_not_lost(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move committed while the game's last actions are read from storage for the first
    time (after a restart, under load) is not left out of the ones kept in memory: the
    table's last events stay the stored ones."""
    game_id = await started(service, players=3)
    rng = random.Random(3)
    for _ in range(3):
        await play_random(service, await service.snapshot(game_id), rng)
    service.live.forget(game_id)
    await service.snapshot(game_id)  # kept in memory again, its last actions not read yet
    read = service.storage.games.recent_actions

    async def slow_read(game: int, limit: int = 5):  # noqa: ANN202
        logged = await read(game, limit)
        monkeypatch.setattr(service.storage.games, "recent_actions", read)
        await play_random(service, await service.snapshot(game_id), rng)  # meanwhile
        return logged

    monkeypatch.setattr(service.storage.games, "recent_actions", slow_read)
    await service.recent_actions(game_id)
    kept = await service.recent_actions(game_id)
    assert kept == await service.storage.games.recent_actions(game_id, RECENT_ACTIONS)


async def test_two_services_on_one_database_apply_a_move_once(
    service: GameService, open_storage: OpenStorage
) -> None:
    """Two bot processes (each its own storage, locks and memory) get the same click on one
    game: one applies it, the other is refused cleanly and the game moved once."""
    game_id = await started(service)
    other_storage = await open_storage()
    try:
        other = GameService(other_storage, seed=lambda: 1)
        snapshot = await service.snapshot(game_id)
        assert (await other.snapshot(game_id)).record.version == snapshot.record.version == 0
        seat = engine.deciding_seats(snapshot.state)[0]
        key = engine.legal_actions(snapshot.state, seat)[0].key
        user, since = user_of(snapshot, seat), stamp(snapshot, seat)
        results = await asyncio.gather(
            service.act(game_id, user, since, key),
            other.act(game_id, user, since, key),
            return_exceptions=True,
        )
        assert sum(not isinstance(r, Exception) for r in results) == 1, results
        refused = next(r for r in results if isinstance(r, Exception))
        assert isinstance(refused, UserError) and "moved on" in str(refused)
        assert [a.seq for a in await other_storage.games.get_actions(game_id)] == [1]
        assert (await other.snapshot(game_id)).record.version == 1
    finally:
        await other_storage.close()


async def test_a_finished_game_counts_in_the_stats_history_and_leaderboard(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings, "RATED_AFTER", 1)
    game_id = await started(service, players=2)
    rng = random.Random(8)
    snapshot = await service.snapshot(game_id)
    while snapshot.record.status == GameStatus.ACTIVE:
        await play_random(service, snapshot, rng)
        snapshot = await service.snapshot(game_id)
    history = PlayHistory(service.storage)
    winner = snapshot.record.seats[snapshot.record.result.winners[0]].user_id
    (mine,) = await history.stats(winner, 1, None)
    assert (mine.game_name, mine.played, mine.won, mine.streak) == ("artichokes", 1, 1, 1)
    (past,) = await history.past_games(1, BOB, 10)
    assert past.game.id == game_id and past.game.state_json is None
    board = await history.leaderboard(1, "artichokes", winner)
    assert [r.user_id for r in board.top][0] == winner and board.own.place == 1
    record, actions = await history.finished(game_id, 1)
    assert len(actions) == record.version == snapshot.record.version


async def test_a_player_back_in_one_process_after_another_moved_the_game_plays_the_game_as_it_is(
    service: GameService, open_storage: OpenStorage
) -> None:
    """Bob, away after timeouts, comes back through a process whose memory of the game is older
    than the database (another process moved it since): that process reads the game afresh,
    so its next move is applied to the game as it is, not refused or crashed."""
    game_id = await started(service)

    def make_bob_away(conn: Connection) -> None:
        conn.execute(
            "UPDATE seats SET away = 1, timeouts = 3 WHERE game_id = ? AND user_id = ?",
            (game_id, BOB),
        )

    await service.storage.db.write(make_bob_away)
    other_storage = await open_storage()
    try:
        other = GameService(other_storage, seed=lambda: 1)
        service.forget(game_id)  # it reads bob away, and keeps that in memory
        assert (await service.snapshot(game_id)).record.seat_of(BOB).away
        await play_random(other, await other.snapshot(game_id), random.Random(2))
        assert await service.come_back(game_id, BOB)
        snapshot = await service.snapshot(game_id)
        assert snapshot.state is not None
        assert snapshot.record.version == snapshot.state.step == 1
        assert not snapshot.record.seat_of(BOB).away
        await play_random(service, snapshot, random.Random(3))
        assert [a.seq for a in await other_storage.games.get_actions(game_id)] == [1, 2]
    finally:
        await other_storage.close()
