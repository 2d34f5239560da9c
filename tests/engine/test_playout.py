"""Fast playouts (``engine.playout``): the path simulations and search players take, which
skips the core's checks and builds no events. Its moves must still be legal, its games the
ones ``engine.apply`` would play, and its random answers uniform."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine import Action, Decision, GameState
from engine.legal import sample_answer
from engine.playout import _random_mover, play_out


def _configs() -> list[object]:
    return [
        pytest.param(name, seats, id=f"{name}-{seats}p")
        for name in engine.game_names()
        for seats in range(
            engine.get_game(name).info.min_players, engine.get_game(name).info.max_players + 1
        )
    ]


@pytest.mark.parametrize(("name", "seats"), _configs())
def test_a_playout_is_the_game_engine_apply_plays(name: str, seats: int) -> None:
    """Every move of a playout is legal where it stands, and replaying the moves through
    ``engine.apply`` ends in the very state and outcome the playout reached."""
    rng = random.Random(f"playout-{name}-{seats}")
    game = engine.get_game(name)
    for _game in range(8):
        seed = rng.randrange(2**32)
        log: list[Action] = []

        def recording(
            state: GameState,
            pending: list[Decision],
            seat: int,
            r: random.Random,
            log: list[Action] = log,
        ) -> Action:
            action = _random_mover(state, pending, seat, r)
            log.append(action)
            return action

        state = engine.new_game(name, seats, None, seed)
        result, steps = play_out(game, state, rng, mover=recording)
        assert result is not None and steps == len(log)
        replayed = engine.replay(name, seats, None, seed, log)  # raises on an illegal move
        assert engine.outcome(replayed) == result
        replayed.since = state.since
        assert engine.dumps(replayed) == engine.dumps(state)


def test_a_playout_stops_at_its_limit() -> None:
    state = engine.new_game("artichokes", 2, None, 5)
    result, steps = play_out(engine.get_game("artichokes"), state, random.Random(1), limit=7)
    assert (result, steps) == (None, 7)
    assert engine.outcome(state) is None


def _draws(decision: Decision, n: int) -> Counter[str]:
    rng = random.Random(f"draws-{decision}")
    return Counter(_random_mover(None, [decision], 0, rng).key for _ in range(n))  # type: ignore[arg-type]


def test_a_multi_select_answer_is_uniform_over_the_option_positions() -> None:
    # four different cards: each of the six pairs equally likely
    counts = _draws(Decision(0, "pass", ("a", "b", "c", "d"), min=2, max=2), 6000)
    assert len(counts) == 6
    assert all(850 <= c <= 1150 for c in counts.values()), counts
    # two equal cards: the pair of them is one position pair of three
    counts = _draws(Decision(0, "pass", ("a", "a", "b"), min=2, max=2), 6000)
    assert set(counts) == {"pass:a+a", "pass:a+b"}
    assert 1800 <= counts["pass:a+a"] <= 2200, counts


def test_a_multi_select_answer_size_is_uniform_between_min_and_max() -> None:
    counts = _draws(Decision(0, "keep", ("a", "b", "c"), min=0, max=2), 6000)
    sizes = Counter(0 if key == "keep:" else key.count("+") + 1 for key in counts.elements())
    assert set(sizes) == {0, 1, 2}
    assert all(1800 <= c <= 2200 for c in sizes.values()), sizes


def test_single_select_answers_weigh_each_option_once_across_decisions() -> None:
    pending = [Decision(0, "end", ("end",)), Decision(0, "play", ("play:Beet", "play:Corn"))]
    rng = random.Random(3)
    counts = Counter(_random_mover(None, pending, 0, rng).key for _ in range(6000))  # type: ignore[arg-type]
    assert set(counts) == {"end", "play:Beet", "play:Corn"}
    assert all(1800 <= c <= 2200 for c in counts.values()), counts


def test_a_multi_select_asking_for_more_than_it_offers_is_refused() -> None:
    with pytest.raises(ValueError, match="asks for 2 of 1"):
        sample_answer(Decision(0, "pass", ("a",), min=2, max=2), 0, random.Random(1).random)
