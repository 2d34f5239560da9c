"""Seeded random playouts checking invariants after every action (OpenSpiel-style).

For each configuration, 500 random games. After every action: every card accounted for exactly
once; the deciding seats each have a legal action; action keys are short ASCII; the state
survives a JSON round trip (the game goes on from the reloaded copy); the state stays <= 4 KB.
Every 3rd action: views leak nothing (a copy that differs only in cards the viewer may not see
gives that viewer an equal view). At the end: the game has one winner or is a turn-limit draw,
and replaying seed + action log reproduces the final state.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.artichokes.state import ArtichokesState
from tests.engine.artichokes.helpers import accounted, expected_cards

GAMES = 500
LEAK_CHECK_EVERY = 3


def perturb_hidden(
    state: ArtichokesState, viewer: int | None, rng: random.Random
) -> ArtichokesState:
    """A copy of ``state`` whose cards hidden from ``viewer`` are redistributed at random.

    Hidden from ``viewer``: the Garden Stack, every Personal Deck (order and content), the
    hands of the other seats while the game runs (except an already-committed Eggplant pass,
    whose cards must stay in that hand; once the game is over every hand is public), and the
    seed. Zone sizes are kept, since they are public.
    """
    other = engine.clone(state)
    assert isinstance(other, ArtichokesState)
    other.seed = rng.randrange(2**40)
    other.rng_counter = rng.randrange(10_000)
    zones = [other.stack] + [z.deck for z in other.players]
    if other.phase != "over":
        zones += [
            z.hand
            for seat, z in enumerate(other.players)
            if seat != viewer and seat not in other.passes
        ]
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    return other


CONFIGS = [
    pytest.param(2, {}, id="2p"),
    pytest.param(3, {}, id="3p"),
    pytest.param(4, {}, id="4p"),
    pytest.param(4, {"rhubarb": True}, id="4p-rhubarb"),
]


@pytest.mark.parametrize(("seats", "options"), CONFIGS)
def test_random_playouts_keep_every_invariant(seats: int, options: dict) -> None:
    rng = random.Random(f"playouts-{seats}-{sorted(options.items())}")
    perturbations = changed = 0
    outcomes = {"win": 0, "draw": 0}
    for game in range(GAMES):
        seed = rng.randrange(2**32)
        state = engine.new_game("artichokes", seats, options, seed)
        expected = expected_cards(state)
        log: list[engine.Action] = []
        while engine.outcome(state) is None:
            deciding = engine.deciding_seats(state)
            assert deciding, "nobody can move in an unfinished game"
            for seat in deciding:
                assert engine.legal_actions(state, seat), f"seat {seat} must decide but cannot"
            seat = rng.choice(deciding)
            action = rng.choice(engine.legal_actions(state, seat))
            assert len(action.key) <= 60 and action.key.isascii()
            engine.apply(state, action)
            log.append(action)

            assert accounted(state) == expected, f"cards lost or duplicated at game {game}"
            text = engine.dumps(state)
            assert len(text) <= 4096
            state = engine.loads(text)
            assert engine.dumps(state) == text

            if len(log) % LEAK_CHECK_EVERY == 0:
                viewer = rng.choice([None, *range(seats)])
                other = perturb_hidden(state, viewer, rng)
                perturbations += 1
                changed += engine.dumps(other) != text
                assert engine.view(other, viewer) == engine.view(state, viewer), (
                    f"the view of {viewer} depends on hidden cards (game {game}, step {len(log)})"
                )
        result = engine.outcome(state)
        assert (len(result.winners) == 1 and not result.draw) or (
            result.draw and not result.winners
        )
        outcomes["draw" if result.draw else "win"] += 1
        replayed = engine.replay("artichokes", seats, options, seed, log)
        assert engine.dumps(replayed) == engine.dumps(state)
    assert outcomes["win"] + outcomes["draw"] == GAMES
    # the leak check is only meaningful if the perturbation really changes hidden cards
    assert changed >= 0.9 * perturbations
