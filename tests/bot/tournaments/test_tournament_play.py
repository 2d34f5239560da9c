"""Tournaments through the use cases, on both backends and a clock the test moves: sign-up with
its refusals, round 1 opened as real games with the pairing's seats and the tournament's pace,
results folded in as the games end, a table still running at the round's deadline lost by the
seats it waits for, a drop-out not paired again, a removed player's seat played by the
automatic player, a restart mid-round that records nothing twice, and final standings equal to
points computed here from the stored games alone."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import AsyncIterator
from datetime import timedelta
from fractions import Fraction

import pytest

import engine
from bot.service import GameService
from bot.service import tournaments as T
from bot.service.errors import UserError
from bot.service.reasons import DEADLINE_REASON
from bot.service.tournament_play import record_of
from bot.service.tournament_rounds import Tournaments
from bot.service.tournament_setup import person_id, settings_for
from storage import GameStatus, Storage
from tests.backends import OpenStorage
from tests.bot.helpers import stamp
from tests.e2e.clock import ManualClock

GUILD, CHANNEL, ORGANISER = 1, 50, 1
PEOPLE = list(range(1, 8))  # the organiser plays too


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def storage(open_storage: OpenStorage) -> AsyncIterator[Storage]:
    opened = await open_storage()
    yield opened
    await opened.close()


def tournaments_on(storage: Storage, clock: ManualClock, first_seed: int = 100) -> Tournaments:
    seeds = iter(range(first_seed, first_seed + 1000))
    return Tournaments(GameService(storage, seed=lambda: next(seeds), clock=clock))


async def play_out(play: Tournaments, game_id: int, rng: random.Random) -> None:
    """People click random legal moves, automatic players move when due, to the end."""
    service = play.service
    while True:
        snapshot = await service.snapshot(game_id)
        if snapshot.record.status != GameStatus.ACTIVE:
            return
        assert snapshot.state is not None
        people = [
            s
            for s in engine.deciding_seats(snapshot.state)
            if snapshot.record.seats[s].is_human and not snapshot.record.seats[s].away
        ]
        if not people:
            assert await service.play_automatic(game_id) is not None
            continue
        seat = rng.choice(people)
        key = engine.random_action(snapshot.state, seat, rng).key
        user = snapshot.record.seats[seat].user_id
        assert user is not None
        await service.act(game_id, user, stamp(snapshot, seat), key)


async def independent_points(storage: Storage, tournament_id: int) -> dict[str, Fraction]:
    """Points from the stored games alone (2 seats: a win 1, a draw ½; a game stopped at the
    deadline lost by the seat it waited for) and the byes (1 each)."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    row = await storage.tournaments.get(tournament_id)
    record = record_of(row)
    assert record is not None
    for link in await storage.tournaments.tables(tournament_id):
        game = await storage.games.get_game(link.game_id)
        table = record.rounds[link.round - 1].tables[link.table_number - 1]
        ids = list(table.players)  # the seats' entrants (an automatic seat has no user)
        for seat, user in enumerate(game.seats):
            if user.user_id is not None:
                assert ids[seat] == f"u:{user.user_id}"
        assert game.result is not None
        if game.status == GameStatus.ABORTED:
            assert game.result.reason == DEADLINE_REASON
            assert game.state_json is not None
            state = engine.loads(game.state_json)
            late = set(engine.deciding_seats(state))
            winners = [s for s in range(2) if s not in late] if len(late) == 1 else []
        else:
            winners = list(game.result.winners)
        for seat in range(2):
            if not winners:
                points[ids[seat]] += Fraction(1, 2)
            elif seat in winners:
                points[ids[seat]] += Fraction(1, len(winners))
    for round_ in record.rounds:
        for player in round_.byes:
            points[player] += 1
    return points


async def test_a_swiss_tournament_runs_from_sign_up_to_final_standings(
    open_storage: OpenStorage, clock: ManualClock
) -> None:
    storage = await open_storage()
    play = tournaments_on(storage, clock)
    settings = settings_for("ninjan", "swiss", 3, "1d", 2, None)
    row = await play.create(GUILD, CHANNEL, ORGANISER, "ninjan", settings)
    for user in PEOPLE:
        row = await play.join(row.id, user)
    with pytest.raises(UserError):
        await play.join(row.id, PEOPLE[0])
    row = await play.add_automatic(row.id, ORGANISER, "greedy")
    with pytest.raises(UserError):
        await play.start(row.id, PEOPLE[1])  # not the organiser
    progress = await play.start(row.id, ORGANISER)
    assert progress.row.status == "running" and len(progress.opened) == 4
    for snapshot in progress.opened:
        assert snapshot.record.status == GameStatus.ACTIVE
        assert snapshot.record.bank_start == 24 * 3600  # the tournament's pace
    with pytest.raises(UserError):
        await play.join(row.id, 99)  # sign-up is closed

    rng = random.Random(5)
    first, *rest = [s.id for s in progress.opened]
    for game_id in rest:
        await play_out(play, game_id, rng)
        progress = await play.settle(row.id)
    record = progress.record
    assert record is not None and len(record.rounds) == 1  # one table still running
    assert sum(t.result is not None for t in record.rounds[0].tables) == 3
    again = await play.settle(row.id)  # nothing new: nothing changes
    assert again.row.version == progress.row.version

    # the round's deadline: the running table is lost by the seat it waits for
    running = (await play.service.snapshot(first)).state
    assert running is not None
    waited = set(engine.deciding_seats(running))
    clock.advance(timedelta(days=9).total_seconds())
    early = (await play.close_round(row.id)).record
    assert early is not None and len(early.rounds) == 1  # not yet
    clock.advance(timedelta(days=2).total_seconds())
    progress = await play.close_round(row.id)
    record = progress.record
    assert record is not None and len(record.rounds) == 2 and len(progress.opened) == 4
    (late,) = [t for t in record.rounds[0].tables if t.result and t.result.decided == "deadline"]
    assert late.result is not None and set(late.result.out_of_time) == waited

    # a drop-out during round 2 plays it out and is not paired in round 3
    leaver = person_id(PEOPLE[3])
    await play.leave(row.id, PEOPLE[3])
    for snapshot in progress.opened:
        await play_out(play, snapshot.id, rng)
    progress = await play.settle(row.id)
    record = progress.record
    assert record is not None and len(record.rounds) == 3
    assert leaver not in {p for t in record.rounds[2].tables for p in t.players}
    assert len(record.rounds[2].byes) == 1  # 7 players left at 2 seats

    # the organiser removes a player at a running table: the automatic player takes it
    seated = record.rounds[2].tables[0].players
    removed = next(p for p in seated if p.startswith("u:"))
    removed_user = int(removed[2:])
    with pytest.raises(UserError):
        await play.remove(row.id, PEOPLE[1], removed_user)  # not the organiser
    await play.remove(row.id, ORGANISER, removed_user)
    game_of_removed = (await play.where(row.id, removed_user)).game_id
    assert game_of_removed is not None
    taken = await storage.games.get_game(game_of_removed)
    assert taken.seat_of(removed_user) is None  # the seat is played automatically now

    # a restart mid-round: a new process resumes, nothing is recorded twice
    await play_out(play, progress.opened[1].id, rng)  # ends before anyone folds it in
    await storage.close()
    storage = await open_storage()
    play = tournaments_on(storage, clock, first_seed=500)
    (resumed,) = await play.resume([GUILD])
    assert resumed.record is not None
    assert sum(t.result is not None for t in resumed.record.rounds[2].tables) == 1
    assert await play.resume([GUILD + 1]) == []
    for link in await storage.tournaments.tables(row.id, 3):
        await play_out(play, link.game_id, rng)
    final = await play.settle(row.id)
    assert final.ended and final.row.status == "over"
    record = final.record
    assert record is not None
    standings = T.final_standings(record)
    expected = await independent_points(storage, row.id)
    assert {r.player: Fraction(r.points).limit_denominator(4) for r in standings.rows} == {
        p: expected.get(p, Fraction(0)) for p in (e.id for e in record.entrants)
    }
    where = await play.where(row.id, PEOPLE[0])
    assert where.whereabouts.place >= 1 and where.whereabouts.round == 3
    await storage.close()


async def test_a_table_whose_game_never_started_is_a_draw_at_the_deadline(
    open_storage: OpenStorage, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = await open_storage()
    play = tournaments_on(storage, clock)
    settings = settings_for("ninjan", "swiss", 2, "off", 2, None)
    row = await play.create(GUILD, CHANNEL, ORGANISER, "ninjan", settings)
    for user in PEOPLE[:4]:
        await play.join(row.id, user)
    started = Tournaments._start_table
    calls = 0

    async def stop_at_the_second(self: Tournaments, game_id: int):  # noqa: ANN202
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("the process stops here")
        return await started(self, game_id)

    monkeypatch.setattr(Tournaments, "_start_table", stop_at_the_second)
    with pytest.raises(RuntimeError):
        await play.start(row.id, ORGANISER)
    monkeypatch.undo()
    first, second = await storage.tournaments.tables(row.id, 1)
    await play.service.abort(second.game_id)  # as a start-up closes a lobby with no message
    await play_out(play, first.game_id, random.Random(2))
    assert len((await play.settle(row.id)).record.rounds) == 1  # type: ignore[union-attr]
    clock.advance(2 * 3600)
    progress = await play.close_round(row.id)
    record = progress.record
    assert record is not None and len(record.rounds) == 2, "the round is not blocked"
    drawn = record.rounds[0].tables[second.table_number - 1].result
    assert drawn is not None and drawn.places == (1, 1) and drawn.decided == "deadline"
    await storage.close()


async def test_the_last_person_leaving_a_table_hands_it_to_the_automatic_player(
    open_storage: OpenStorage, clock: ManualClock
) -> None:
    """``/game leave`` at a tournament's table against an automatic player: the game goes on
    and its result counts (as a removal's does), not abandoned into a draw for the leaver."""
    storage = await open_storage()
    play = tournaments_on(storage, clock)
    settings = settings_for("ninjan", "swiss", 1, "off", 2, None)
    row = await play.create(GUILD, CHANNEL, ORGANISER, "ninjan", settings)
    await play.join(row.id, PEOPLE[1])
    await play.add_automatic(row.id, ORGANISER, "greedy")
    (table,) = (await play.start(row.id, ORGANISER)).opened
    left = await play.service.forfeit(table.id, PEOPLE[1])
    assert not left.ended, "the automatic player plays the leaver's seat out"
    await play_out(play, table.id, random.Random(3))
    progress = await play.settle(row.id)
    assert progress.ended and progress.record is not None
    result = progress.record.rounds[0].tables[0].result
    assert result is not None and result.decided == "played"
    game = await storage.games.get_game(table.id)
    assert game.status == GameStatus.FINISHED
    await storage.close()
