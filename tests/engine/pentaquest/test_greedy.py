"""The greedy automatic player (``engine.pentaquest.greedy``): it sees only the view."""

from __future__ import annotations

import random

import pytest

import engine
from engine.chance import scripted
from engine.pentaquest import PLAYERS
from engine.pentaquest.state import PentaquestState
from engine.types import Action
from tests.engine.pentaquest.helpers import (
    BANSHEE,
    BOGGART,
    CYCLOPS,
    DRAGON,
    GOBLIN,
    KELPIE,
    KRAKEN,
    TROLL,
    WISP,
    position,
)

HARD = [TROLL, CYCLOPS, DRAGON, BANSHEE, KRAKEN]


def greedy(state: PentaquestState, seat: int = 0) -> str:
    return PLAYERS.greedy_action(engine.view(state, seat), random.Random(0)).key


def test_it_captures_the_hardest_card_it_can_beat() -> None:
    state = position(dice=(6, 6, 6, 6, 2), quest=[GOBLIN, TROLL, DRAGON, KELPIE])
    assert greedy(state) == f"capture:{DRAGON}"


def test_it_does_not_spend_army_cards_when_it_can_capture() -> None:
    state = position(dice=(6, 6, 5, 1, 1), quest=[TROLL, KELPIE], armies=[[GOBLIN]])
    assert greedy(state) == f"capture:{KELPIE}"


def test_its_free_reroll_keeps_the_dice_that_serve_the_quest_cards() -> None:
    state = position(dice=(6, 6, 1, 2, 3), quest=HARD)
    assert greedy(state) == "reroll:2+3+4"  # keep the 6s for Troll and Dragon


def test_its_free_reroll_keeps_a_fix_of_its_army() -> None:
    state = position(dice=(6, 6, 5, 1, 3), quest=HARD, armies=[[GOBLIN]])
    assert greedy(state) == "reroll:3+4"  # 6 6 5 + Goblin's add beat Troll


def test_it_uses_the_cheapest_fix_only_to_avoid_a_turn_without_capture() -> None:
    state = position(dice=(6, 6, 5, 1, 3), quest=HARD, armies=[[BOGGART, GOBLIN]], free_rerolls=0)
    assert greedy(state) == f"use:{GOBLIN}"
    engine.apply(state, Action(0, f"use:{GOBLIN}"))
    assert greedy(state) == "die:2"
    engine.apply(state, Action(0, "die:2"))
    assert greedy(state) == f"capture:{TROLL}"


def test_it_picks_the_direction_of_an_addsub_card() -> None:
    state = position(dice=(6, 6, 5, 1, 3), quest=HARD, armies=[[BOGGART]], free_rerolls=0)
    engine.apply(state, Action(0, f"use:{BOGGART}"))
    assert greedy(state) == "die:2"
    engine.apply(state, Action(0, "die:2"))
    assert greedy(state) == "plus"


def test_without_a_fix_it_uses_a_reroll_card_keeping_the_best_dice() -> None:
    state = position(dice=(6, 6, 1, 2, 3), quest=HARD, armies=[[WISP]], free_rerolls=0)
    assert greedy(state) == f"use:{WISP}"
    engine.apply(state, Action(0, f"use:{WISP}"))
    assert greedy(state) == "dice:2+3+4"


def test_it_ends_the_turn_when_nothing_can_help() -> None:
    state = position(dice=(1, 2, 3, 4, 6), quest=[DRAGON], armies=[[GOBLIN]], free_rerolls=0)
    assert greedy(state) == "end"


def test_it_decides_from_the_view_alone() -> None:
    state = position(dice=(6, 6, 1, 2, 3), quest=HARD, deck=[GOBLIN, KELPIE, WISP],
                     armies=[[BOGGART], [GOBLIN]], hidden_armies=True)  # fmt: skip
    for seed in range(5):
        other = engine.redistribute(state, 0, random.Random(seed))
        assert greedy(other) == greedy(state)


def test_it_refuses_a_view_without_decisions() -> None:
    state = position(armies=[[], []])
    with pytest.raises(ValueError):
        PLAYERS.greedy_action(engine.view(state, 1), random.Random(0))


@pytest.mark.parametrize(
    ("seats", "options"),
    [(1, {}), (2, {"hidden_armies": True}), (3, {"stall_rounds": 1}), (4, {"highlight": True})],
)
def test_its_moves_are_always_legal(seats: int, options: dict) -> None:
    rng = random.Random(f"greedy-{seats}")
    for _ in range(5):
        state = engine.new_game("pentaquest", seats, options, rng.randrange(2**32))
        while engine.outcome(state) is None:
            seat = state.active
            action = PLAYERS.greedy_action(engine.view(state, seat), rng)
            assert action in engine.legal_actions(state, seat)
            engine.apply(state, action)


@pytest.mark.soak  # a strength check over many deals: in .ci/run's soak step
def test_it_wins_most_solo_games() -> None:
    wins = 0
    games = 100
    for seed in range(games):
        state = engine.new_game("pentaquest", 1, None, seed)
        while engine.outcome(state) is None:
            engine.apply(state, PLAYERS.greedy_action(engine.view(state, 0), random.Random(0)))
        wins += bool(engine.outcome(state).winners)
    assert wins >= 60  # the rules' simple strategy wins about 50%, the strong one 87%


def test_a_scripted_first_turn_is_played_as_expected() -> None:
    with scripted(rolls=[6, 6, 1, 2, 3]):
        state = engine.new_game("pentaquest", 1, None, 1)
    state.quest = list(HARD)
    with scripted(rolls=[6, 4, 4]):
        engine.apply(state, Action(0, greedy(state)))
    assert state.dice == [6, 6, 6, 4, 4] and greedy(state) == f"capture:{TROLL}"
