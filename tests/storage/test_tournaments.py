"""Tournaments in storage (both backends): sign-up is idempotent and closes when the tournament
starts; every change names the version it read and a stale one changes nothing; a game linked to
a tournament table is marked ended in the transaction that ends it, and its result is folded
into the record once: a second fold of the same game is refused and changes nothing."""

from __future__ import annotations

import json
import random

import pytest

from storage import Storage
from storage.tournaments import SignUpClosed, StaleTournament, TournamentNotFound
from tests.storage.helpers import GAME, play_to_end, start_game

SETTINGS = json.dumps({"format": "swiss", "rounds": 3, "seats": 2})


async def test_sign_up_is_idempotent_and_closes_once_the_tournament_runs(storage: Storage) -> None:
    made = await storage.tournaments.create(1, 10, 7, GAME, SETTINGS)
    assert (made.status, made.version, made.signups, made.record) == ("signup", 0, (), None)
    one = await storage.tournaments.sign_up(made.id, 7, join=True)
    two = await storage.tournaments.sign_up(made.id, 8, join=True)
    again = await storage.tournaments.sign_up(made.id, 8, join=True)
    assert again == two and two.signups == (7, 8) and two.version == one.version + 1
    left = await storage.tournaments.sign_up(made.id, 7, join=False)
    assert left.signups == (8,)
    assert await storage.tournaments.sign_up(made.id, 7, join=False) == left

    record = json.dumps({"entrants": [{"id": "u:8"}]})
    running = await storage.tournaments.update(
        made.id, left.version, record=record, status="running", round_deadline="2026-01-01"
    )
    assert (running.status, running.record, running.round_deadline) == (
        "running",
        record,
        "2026-01-01",
    )
    with pytest.raises(SignUpClosed):
        await storage.tournaments.sign_up(made.id, 9, join=True)
    with pytest.raises(StaleTournament):  # read before the start: refused, nothing changes
        await storage.tournaments.update(made.id, left.version, status="cancelled")
    assert await storage.tournaments.get(made.id) == running
    with pytest.raises(TournamentNotFound):
        await storage.tournaments.get(made.id + 100)


async def test_open_tournaments_by_guild_and_message_ids(storage: Storage) -> None:
    first = await storage.tournaments.create(1, 10, 7, GAME, SETTINGS)
    await storage.tournaments.create(2, 20, 7, GAME, SETTINGS)
    over = await storage.tournaments.create(1, 11, 7, GAME, SETTINGS)
    await storage.tournaments.update(over.id, 0, status="cancelled")
    assert [t.id for t in await storage.tournaments.open_in([1])] == [first.id]
    assert len(await storage.tournaments.open_in()) == 2
    placed = await storage.tournaments.set_messages(first.id, card_id=555, standings_id=556)
    assert (placed.card_id, placed.standings_id, placed.version) == (555, 556, 0)


async def test_a_tables_end_is_marked_with_the_game_and_recorded_once(storage: Storage) -> None:
    tournament = await storage.tournaments.create(1, 10, 7, GAME, SETTINGS)
    tournament = await storage.tournaments.update(tournament.id, 0, record="{}", status="running")
    game, state = await start_game(storage, 300, [7, 8], seed=5)
    link = await storage.tournaments.link_table(game.id, tournament.id, 1, 1)
    assert (link.ended, link.recorded) == (False, False)
    assert await storage.tournaments.link_table(game.id, tournament.id, 1, 1) == link
    assert await storage.tournaments.unrecorded_ends(tournament.id) == []

    await play_to_end(storage, game.id, state, random.Random(3))
    (pending,) = await storage.tournaments.unrecorded_ends(tournament.id)
    ended_link, ended = pending
    assert ended_link.ended and not ended_link.recorded
    assert ended.id == game.id and ended.status == "finished"
    stored = await storage.games.get_game(game.id)
    assert ended.result == stored.result and len(ended.seats) == 2

    folded = await storage.tournaments.update(
        tournament.id, tournament.version, record='{"n": 1}', recorded=[game.id]
    )
    assert await storage.tournaments.unrecorded_ends(tournament.id) == []
    with pytest.raises(StaleTournament):  # the same end folded twice (another process)
        await storage.tournaments.update(
            tournament.id, folded.version, record='{"n": 2}', recorded=[game.id]
        )
    assert await storage.tournaments.get(tournament.id) == folded
    (only,) = await storage.tournaments.tables(tournament.id, 1)
    assert only.recorded and await storage.tournaments.table_of(game.id) == only
    assert await storage.tournaments.table_of(game.id + 1) is None


async def test_a_game_linked_after_its_end_is_linked_ended(storage: Storage) -> None:
    tournament = await storage.tournaments.create(1, 10, 7, GAME, SETTINGS)
    game, state = await start_game(storage, 301, [7, 8], seed=6)
    await play_to_end(storage, game.id, state, random.Random(4))
    link = await storage.tournaments.link_table(game.id, tournament.id, 1, 2)
    assert link.ended
    pending = await storage.tournaments.unrecorded_ends(tournament.id)
    assert [link.game_id for link, _ in pending] == [game.id]
