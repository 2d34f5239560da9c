"""The conformance suite: every registered game, every player count, seeded random playouts
(in the spirit of OpenSpiel's random-simulation test). A game gets all of it by registering.

After every action:
- every seat the game waits for has a decision; decisions are well formed (sorted, unique,
  ASCII keys of at most 60 characters, sensible min/max, multi-selects that fit one menu);
- a seat's listed actions are sorted and unique, and each is accepted;
- ``Game.advance`` (no events) leaves the state ``engine.apply`` leaves;
- the JSON round trip is equal and within the game's size budget, and the game goes on
  from the reloaded copy;
- the leak check, after half of the actions (drawn at random, so with no bias to whose move
  it was), for one viewer in turn (every seat and the spectator, round robin, so each viewer
  is checked at hundreds of positions of every game length): redistributing what that
  viewer cannot see does not change its view; every 4th round of viewers also: the
  redistribution depends only on that view.
At the end: the game ended within its bound, the outcome fits the metadata, and replaying
the seed and the log gives the same state.

Playouts with take-backs (``engine.undo``) interleaved: whenever a step may be taken back, it
is taken back now and then; the state after is the state before the move byte for byte
(``engine.dumps``) and the replay of the log without it; the leak check sees the steps taken
back too (each is checked before it goes), every step that may be taken back showed no viewer
anything hidden, and the log with its take-backs replays (``engine.undo.replay_with_undo``) to
the game's end.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import engine
from engine import Action, GameState, Outcome
from engine.undo import UNDO_KEY, Timeline, replay_with_undo
from tests.engine.conformance import (
    check_decisions,
    check_leaks,
    check_round_trip,
    check_take_back_reveals_nothing,
    every_viewer,
)

PLAYOUTS = 24  # per player count, in the README's test run
SOAK_PLAYOUTS = 240  # per player count, other seeds, in the soak step of `.ci/run`
SOAK_CHUNKS = 3  # the soak playouts of a count are split in this many tests, for parallel runs
LEAK_CHECK_SHARE = 0.5  # of the actions, drawn at random, followed by a leak check
SAMPLE_CHECK_EVERY = 4  # rounds of viewers between checks that sampling uses the view only
UNDO_PLAYOUTS = 8  # per player count, with take-backs interleaved
TAKE_BACK_SHARE = 0.3  # of the steps that may be taken back, taken back at once


def _configs() -> list[Any]:
    """(game, seats, seed label, playouts) of every game and count: one quick test each, and
    ``SOAK_CHUNKS`` soak tests of other seeds."""
    params = []
    for name in engine.game_names():
        info = engine.get_game(name).info
        for seats in range(info.min_players, info.max_players + 1):
            label = f"{name}-{seats}p"
            params.append(pytest.param(name, seats, label, PLAYOUTS, id=label))
            for chunk in range(SOAK_CHUNKS):
                params.append(
                    pytest.param(
                        name,
                        seats,
                        f"{label}-soak-{chunk}",
                        SOAK_PLAYOUTS // SOAK_CHUNKS,
                        id=f"{label}-soak-{chunk}",
                        marks=pytest.mark.soak,
                    )
                )
    return params


def check_advance(before: GameState, action: Action, applied: GameState) -> None:
    """``Game.advance`` (the playouts' apply, which may skip building events) leaves the very
    state ``engine.apply`` leaves, apart from the core's step stamps."""
    engine.get_game(applied.game).advance(before, action)
    before.step, before.since = applied.step, applied.since
    assert engine.dumps(before) == engine.dumps(applied), f"advance differs at {action}"


def check_outcome(name: str, result: Outcome, seats: int) -> None:
    info = engine.get_game(name).info
    assert set(result.winners) <= set(range(seats))
    assert result.reason
    if result.draw:
        assert not result.winners
    if info.scoring == "scores" and result.scores is None:
        # only a solo game can be lost without a score
        assert seats == 1 and not result.winners and not result.draw and result.ranks is None
    elif info.scoring == "scores":
        assert result.scores is not None and result.ranks is not None
        assert len(result.scores) == len(result.ranks) == seats
        assert set(result.winners) == {s for s in range(seats) if result.ranks[s] == 1}
        for a in range(seats):
            for b in range(seats):
                if result.scores[a] > result.scores[b]:
                    assert result.ranks[a] < result.ranks[b], "a higher score ranks lower"
    else:
        assert result.draw or result.winners


@pytest.mark.parametrize(("name", "seats", "label", "playouts"), _configs())
def test_random_playouts_conform_to_the_contract(
    name: str, seats: int, label: str, playouts: int
) -> None:
    info = engine.get_game(name).info
    rng = random.Random(f"conformance-{label}")
    stats: Counter[str] = Counter()
    leak_checks = 0
    for _game in range(playouts):
        seed = rng.randrange(2**32)
        state = engine.new_game(name, seats, None, seed)
        log: list[Action] = []
        check_decisions(state)
        while (result := engine.outcome(state)) is None:
            assert len(log) < info.max_actions, "the game does not end within its bound"
            deciding = engine.deciding_seats(state)
            assert deciding, "nobody can move in an unfinished game"
            seat = rng.choice(deciding)
            action = engine.random_action(state, seat, rng)
            quiet = engine.clone(state)
            engine.apply(state, action)
            log.append(action)
            check_advance(quiet, action, state)
            check_decisions(state)
            state = check_round_trip(state, info.state_budget)
            if rng.random() < LEAK_CHECK_SHARE:
                turn, place = divmod(leak_checks, seats + 1)
                viewer = every_viewer(seats)[place]
                sample = turn % SAMPLE_CHECK_EVERY == 0
                check_leaks(state, rng, stats, [viewer], sample_check=sample)
                leak_checks += 1
        assert not engine.decisions(state), "a finished game has nothing to decide"
        check_outcome(name, result, seats)
        replayed = engine.replay(name, seats, None, seed, log)
        assert engine.dumps(replayed) == engine.dumps(state)
    # the leak check means something only if redistributing really changes hidden parts
    assert stats["changed"] >= 0.5 * stats["checks"], stats


def _quick_configs() -> list[Any]:
    return [p for p in _configs() if not p.marks]


@pytest.mark.parametrize(("name", "seats", "label", "playouts"), _quick_configs())
def test_random_playouts_with_take_backs_conform(
    name: str, seats: int, label: str, playouts: int
) -> None:
    info = engine.get_game(name).info
    rng = random.Random(f"undo-{label}")
    stats: Counter[str] = Counter()
    for _game in range(UNDO_PLAYOUTS):
        seed = rng.randrange(2**32)
        timeline: Timeline[int] = Timeline(engine.new_game(name, seats, None, seed))
        live: list[Action] = []  # the actions that stand
        log: list[tuple[Action, int]] = []  # every entry, take-backs included
        while engine.outcome(timeline.state) is None:
            assert len(live) < info.max_actions, "the game does not end within its bound"
            assert len(log) < 4 * info.max_actions
            last = timeline.last()
            if last is not None and rng.random() < TAKE_BACK_SHARE:
                check_leaks(timeline.state, rng, stats, [rng.choice(every_viewer(seats))])
                expected = engine.dumps(last.before)
                taken = timeline.take_back(last.action.seat)
                assert taken is last and live.pop() == last.action
                log.append((Action(last.action.seat, UNDO_KEY), len(log) + 1))
                assert engine.dumps(timeline.state) == expected
                replayed = engine.replay(name, seats, None, seed, live)
                assert engine.dumps(replayed) == expected
                check_decisions(timeline.state)
                stats["taken back"] += 1
                continue
            seat = rng.choice(engine.deciding_seats(timeline.state))
            action = engine.random_action(timeline.state, seat, rng)
            before = engine.clone(timeline.state)
            timeline.apply(action, len(log) + 1)
            live.append(action)
            log.append((action, len(log) + 1))
            check_decisions(timeline.state)
            if timeline.last() is not None:
                for viewer in every_viewer(seats):
                    if check_take_back_reveals_nothing(before, action, timeline.state, viewer, rng):
                        stats["reveal checks"] += 1
        final = replay_with_undo(name, seats, None, seed, log)
        assert engine.dumps(final.state) == engine.dumps(timeline.state)
        check_outcome(name, engine.outcome(final.state) or Outcome((), True, "?"), seats)
    if stats["taken back"]:
        assert stats["reveal checks"] >= stats["taken back"], stats
