"""Fair play's reliability records (``storage.reliability``), on both backends: written by a
game-end hook in the transaction that ends the game; a game finished counts for everyone who
played it out, a game left, abandoned or played out by the automatic player for someone away
counts against them, an admin's abort counts for nobody; forget-me deletes them; a rebuild of
the memory of play gives the same."""

from __future__ import annotations

import engine
from storage import GameResult, Reliability, SeatChange, Storage
from storage.history import build
from tests.storage.helpers import GUILD, finish, won_by


async def records(storage: Storage, *users: int, guild: int | None = GUILD) -> list[tuple]:
    found = await storage.reliability.records(guild, users)
    return [(found[u].started, found[u].finished) for u in users]


async def test_finished_left_and_away_games_count_as_they_should(storage: Storage) -> None:
    await finish(storage, [1, 2], won_by(0, (5, 3)))
    assert await records(storage, 1, 2) == [(1, 1), (1, 1)]
    # 3 forfeits; the game goes on and finishes for 1 and 2
    await finish(storage, [1, 2, 3], won_by(1, (1, 5, 0)), channel_id=101, leave=(2,))
    assert await records(storage, 1, 2, 3) == [(2, 2), (2, 2), (1, 0)]
    # the last person left wins by forfeit: they stayed to the end
    forfeit = GameResult((0,), False, "forfeit")
    await finish(storage, [1, 3], forfeit, channel_id=102, leave=(1,))
    assert await records(storage, 1, 3) == [(3, 3), (2, 0)]


async def test_a_player_away_at_the_end_counts_against_them(storage: Storage) -> None:
    game = await finish(storage, [1, 2], won_by(0, (5, 3)), channel_id=103)
    assert await records(storage, 2) == [(1, 1)]
    # a game that ends while seat 1 is away (three missed clocks): the seat change first
    lobby = await storage.games.create_lobby(
        guild_id=GUILD, channel_id=104, game_name=game.game_name, host_id=1, max_seats=4
    )
    await storage.games.join_lobby(lobby.id, 2, "p2")
    state = engine.new_game(game.game_name, 2, None, 7)
    started = await storage.games.start_game(lobby.id, seed=7, state_json=engine.dumps(state))
    await storage.games.change_seat(started.id, SeatChange(1, 3, True))
    await storage.games.finish_game(started.id, expected_version=0, result=won_by(0, (5, 3)))
    assert await records(storage, 1, 2) == [(2, 2), (2, 1)]


async def test_an_admins_abort_counts_for_nobody_and_forget_me_deletes(storage: Storage) -> None:
    game = await finish(storage, [1, 2], won_by(0, (5, 3)))
    lobby = await storage.games.create_lobby(
        guild_id=GUILD, channel_id=105, game_name=game.game_name, host_id=1, max_seats=4
    )
    await storage.games.join_lobby(lobby.id, 2, "p2")
    state = engine.new_game(game.game_name, 2, None, 7)
    started = await storage.games.start_game(lobby.id, seed=7, state_json=engine.dumps(state))
    await storage.games.abort_game(started.id, reason="aborted by an admin")
    assert await records(storage, 1, 2) == [(1, 1), (1, 1)]
    await finish(storage, [1, 2], won_by(1, (1, 4)), guild_id=GUILD + 1, channel_id=106)
    assert await records(storage, 1, guild=None) == [(2, 2)]  # every guild, summed

    await storage.history.forget(2)
    assert await records(storage, 2, guild=None) == [(0, 0)]


async def test_a_rebuild_counts_the_same(storage: Storage) -> None:
    await finish(storage, [1, 2], won_by(0, (5, 3)))
    await finish(storage, [1, 2, 3], won_by(1, (1, 5, 0)), channel_id=101, leave=(2,))
    before = await records(storage, 1, 2, 3)
    await storage.db.write(build)
    assert await records(storage, 1, 2, 3) == before


def test_the_share_and_new_players() -> None:
    assert Reliability(1).new and Reliability(1).allowed_by(90)
    two = Reliability(1, started=2, finished=0)
    assert two.new and two.allowed_by(90)  # too few games to say
    record = Reliability(1, started=10, finished=9)
    assert not record.new and record.percent == 90
    assert record.allowed_by(90) and not record.allowed_by(95) and record.allowed_by(None)
    assert Reliability(1, started=1000, finished=899).percent == 89  # never rounded up
