"""The lobby's line on the automatic levels: what each is for, and how the search level did
against greedy at the table it would make, in every language."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import available_languages, translator
from bot.texts.seat_names import levels_line
from engine.players import measured_wins, offered_levels

UKRAINIAN_PLAYERS = {2: "2 гравці", 3: "3 гравці", 5: "5 гравців"}
"""The Ukrainian plural forms of "N players" (few, few, many)."""


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_search_level_says_what_it_won_against_greedy_at_that_table(seats: int) -> None:
    measured = measured_wins("ninjan", seats)
    assert measured is not None
    wins, games = measured
    levels = offered_levels("ninjan", seats)
    line = levels_line(levels, translator("en"), measured, seats)
    assert line.endswith(
        f"search, a real opponent (won {wins} of {games} test games against greedy, "
        f"{seats} players)"
    )
    assert f"{seats} гравц" in levels_line(levels, translator("uk"), measured, seats)
    assert UKRAINIAN_PLAYERS[seats] in levels_line(levels, translator("uk"), measured, seats)
    for language in available_languages():
        text = levels_line(levels, translator(language), measured, seats)
        assert f"{wins}" in text and f"{games}" in text
        if language != "en":
            assert "test games" not in text, f"{language}: not translated"


def test_an_unmeasured_table_keeps_the_plain_hint() -> None:
    line = levels_line(("random", "greedy", "search"), translator("en"), None, 4)
    assert line.endswith("search, a real opponent")


@pytest.mark.parametrize("game", ["artichokes", "ninjan", "verso"])
def test_every_table_that_offers_search_says_how_it_did(game: str) -> None:
    info = engine.get_game(game).info
    for seats in range(max(2, info.min_players), info.max_players + 1):
        if "search" in offered_levels(game, seats):
            wins, games = measured_wins(game, seats) or (0, 0)
            assert 0 < wins <= games and games >= 40, (game, seats)
