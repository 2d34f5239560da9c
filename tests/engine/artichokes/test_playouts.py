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
from tests.engine.conformance import check_decisions, check_leaks, check_round_trip

GAMES = 24  # per setting, in the README's test run
SOAK_GAMES = 200  # per setting, other seeds, in the soak step of `.ci/run`

SETTINGS = [
    (2, {}, "2p"),
    (4, {}, "4p"),
    (4, {"rhubarb": True}, "4p-rhubarb"),
    (3, {"rhubarb": True, "auto_end_turn": True}, "3p-rhubarb-auto-end"),
]
CONFIGS = [
    pytest.param(seats, options, "", GAMES, id=name) for seats, options, name in SETTINGS
] + [
    pytest.param(seats, options, "soak", SOAK_GAMES, id=f"{name}-soak", marks=pytest.mark.soak)
    for seats, options, name in SETTINGS
]


@pytest.mark.parametrize(("seats", "options", "label", "games"), CONFIGS)
def test_every_card_is_accounted_for_in_random_games(
    seats: int, options: dict, label: str, games: int
) -> None:
    rng = random.Random(f"playouts-{seats}-{sorted(options.items())}{label}")
    stats: Counter[str] = Counter()
    contract_checks = bool(options)
    for game in range(games):
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
