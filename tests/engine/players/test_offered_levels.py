"""Which automatic levels a game offers at each table size (``AutomaticPlayers.levels``, read
through ``engine.players.offered_levels``): every level by default, in the order of LEVELS,
and a game can leave one out at a size where it plays no better than the level below."""

from __future__ import annotations

import pytest

import engine
from engine.players import LEVELS, offered_levels
from engine.registry import get_players


@pytest.mark.parametrize("name", engine.game_names())
def test_every_level_is_offered_at_every_table_size_unless_the_game_says_otherwise(
    name: str,
) -> None:
    info = engine.get_game(name).info
    for seats in range(max(info.min_players, 2), info.max_players + 1):
        if (name, seats) in WEAKER_SEARCH:
            continue
        assert offered_levels(name, seats) == LEVELS, (name, seats)


WEAKER_SEARCH = {("pentaquest", n) for n in (2, 3, 4)}
"""Measured: greedy beats the search at these tables (issue 27's notes)."""


@pytest.mark.parametrize("name", ["pentaquest"])
def test_a_table_game_offers_no_search_where_greedy_beats_it_but_solo_does(name: str) -> None:
    info = engine.get_game(name).info
    assert offered_levels(name, 1) == LEVELS
    for seats in range(2, info.max_players + 1):
        assert offered_levels(name, seats) == ("random", "greedy"), seats


def test_a_game_leaves_a_level_out_at_one_table_size(monkeypatch: pytest.MonkeyPatch) -> None:
    players = get_players("ninjan")
    monkeypatch.setattr(
        players,
        "levels",
        lambda seats: ("greedy", "random") if seats == 5 else LEVELS,
    )
    assert offered_levels("ninjan", 5) == ("random", "greedy")  # weakest first, as LEVELS
    assert offered_levels("ninjan", 4) == LEVELS
