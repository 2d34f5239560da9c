"""Pentaquest invariants over seeded random playouts (the contract's own checks run in
``tests/engine/test_conformance.py`` for every count with default options; here they run with
the table options too).

After every action every card is accounted for exactly once and the dice are five faces; at
the end the game ended the way its options allow.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine.pentaquest.cards import DECK
from tests.engine.conformance import check_decisions, check_leaks, check_round_trip
from tests.engine.pentaquest.helpers import accounted

GAMES = 40
ALL = Counter({card.id: 1 for card in DECK})

CONFIGS = [
    pytest.param(1, {"highlight": False}, {"won", "lost"}, GAMES, id="solo-no-highlight"),
    pytest.param(2, {"hidden_armies": True}, {"complete", "stall"}, GAMES, id="2p-hidden"),
    pytest.param(3, {"stall_rounds": None}, {"complete", "turn_cap"}, 8, id="3p-no-stall"),
    pytest.param(
        4, {"stall_rounds": 1, "highlight": True}, {"complete", "stall"}, GAMES, id="4p-k1"
    ),
    pytest.param(
        4,
        {"first_turn_rerolls_everyone": True, "hidden_armies": True, "stall_rounds": 5},
        {"complete", "stall"},
        GAMES // 2,
        id="4p-rerolls-hidden-k5",
    ),
]


@pytest.mark.parametrize(("seats", "options", "reasons", "games"), CONFIGS)
def test_random_games_with_options_keep_every_card_and_the_contract(
    seats: int, options: dict, reasons: set[str], games: int
) -> None:
    info = engine.get_game("pentaquest").info
    rng = random.Random(f"pentaquest-playouts-{seats}-{sorted(options.items())}")
    stats: Counter[str] = Counter()
    for game in range(games):
        seed = rng.randrange(2**32)
        state = engine.new_game("pentaquest", seats, options, seed)
        log: list[engine.Action] = []
        while engine.outcome(state) is None:
            assert len(log) < info.max_actions
            action = engine.random_action(state, state.active, rng)
            engine.apply(state, action)
            log.append(action)
            assert accounted(state) == ALL, f"cards lost or duplicated in game {game}"
            assert len(state.dice) == 5 and all(1 <= d <= 6 for d in state.dice)
            check_decisions(state)
            state = check_round_trip(state, info.state_budget)
            if len(log) % 3 == 0:
                check_leaks(state, rng, stats)
        result = engine.outcome(state)
        assert result.reason in reasons
        replayed = engine.replay("pentaquest", seats, options, seed, log)
        assert engine.dumps(replayed) == engine.dumps(state)
    assert stats["changed"] >= 0.5 * stats["checks"], stats


def test_the_turn_cap_ends_long_games_without_the_stall_rule() -> None:
    # a player who never captures: the game ends at the cap
    state = engine.new_game("pentaquest", 2, {"stall_rounds": None}, 4)
    while engine.outcome(state) is None:
        engine.apply(state, engine.Action(state.active, "end"))
    assert state.turn == 300 and engine.outcome(state).reason == "turn_cap"


def test_the_largest_state_fits_the_budget() -> None:
    state = engine.new_game("pentaquest", 4, {"hidden_armies": True, "stall_rounds": None}, 1)
    state.armies = [[c.id for c in DECK[s::4]] for s in range(4)]
    state.discards = [[] for _ in range(4)]
    state.deck, state.quest = [], []
    state.turn, state.dry_turns = 300, 299
    assert len(engine.dumps(state)) <= engine.get_game("pentaquest").info.state_budget
