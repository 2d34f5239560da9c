"""Artichokes-specific invariants over seeded random playouts (the contract's own checks run
in ``tests/engine/test_conformance.py`` for every game and count).

After every action every card is accounted for exactly once; with the Rhubarb promo the
contract's checks run too (the conformance suite plays default options). At the end the game
has one winner or is a turn-limit draw.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from tests.engine.artichokes.helpers import accounted, expected_cards
from tests.engine.test_conformance import check_decisions, check_leaks, check_round_trip

GAMES = 150

CONFIGS = [
    pytest.param(2, {}, id="2p"),
    pytest.param(4, {}, id="4p"),
    pytest.param(4, {"rhubarb": True}, id="4p-rhubarb"),
    pytest.param(3, {"rhubarb": True, "auto_end_turn": True}, id="3p-rhubarb-auto-end"),
]


@pytest.mark.parametrize(("seats", "options"), CONFIGS)
def test_every_card_is_accounted_for_in_random_games(seats: int, options: dict) -> None:
    rng = random.Random(f"playouts-{seats}-{sorted(options.items())}")
    stats: Counter[str] = Counter()
    contract_checks = bool(options)
    for game in range(GAMES):
        seed = rng.randrange(2**32)
        state = engine.new_game("artichokes", seats, options, seed)
        expected = expected_cards(state)
        log: list[engine.Action] = []
        while engine.outcome(state) is None:
            seat = rng.choice(engine.deciding_seats(state))
            action = engine.random_action(state, seat, rng)
            engine.apply(state, action)
            log.append(action)
            assert accounted(state) == expected, f"cards lost or duplicated at game {game}"
            if contract_checks:
                check_decisions(state)
                state = check_round_trip(state, 4096)
                viewer = [None, *range(seats)][len(log) % (seats + 1)]
                check_leaks(state, rng, stats, [viewer])
        result = engine.outcome(state)
        assert (len(result.winners) == 1 and not result.draw) or (
            result.draw and not result.winners
        )
        replayed = engine.replay("artichokes", seats, options, seed, log)
        assert engine.dumps(replayed) == engine.dumps(state)
    if contract_checks:
        assert stats["changed"] >= 0.9 * stats["checks"], stats
