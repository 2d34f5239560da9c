"""The contract's checks of one position, shared by the conformance suite
(``tests/engine/test_conformance.py``) and the games' own playout tests: well-formed decisions,
the JSON round trip, and no leak of what a viewer cannot see."""

from __future__ import annotations

import random
from collections import Counter

import engine
from engine import Action, Decision, GameState
from engine.undo import UNDO_KEY

MAX_SELECT_OPTIONS = 25  # a Discord select menu


def check_decisions(state: GameState) -> None:
    """Decisions are well formed, and the seats waited for can act."""
    pending = engine.decisions(state)
    seats = [d.seat for d in pending]
    assert seats == sorted(seats), "decisions are sorted by seat"
    for seat in set(seats):
        kinds = [d.kind for d in pending if d.seat == seat]
        assert len(kinds) == len(set(kinds)), f"seat {seat} has two decisions of one kind"
    for d in pending:
        check_decision(d, state.step)
    for seat in engine.deciding_seats(state):
        assert engine.legal_actions(state, seat), f"seat {seat} must decide but cannot"
    for seat in range(state.seats):
        legal = engine.legal_actions(state, seat)
        keys = legal.keys()
        assert keys == sorted(keys) and len(keys) == len(set(keys)), keys
        for key in keys:
            assert Action(seat, key) in legal


def check_decision(d: Decision, step: int) -> None:
    assert d.options, f"decision {d.kind} of seat {d.seat} offers nothing"
    assert UNDO_KEY not in d.options, "the take-back's log key is no game's action"
    assert list(d.options) == sorted(d.options), f"options of {d.kind} are not sorted"
    for option in d.options:
        assert option.isascii() and 0 < len(option) <= 60, option
    assert 0 <= d.since <= step
    if d.multi:
        assert 0 <= d.min <= d.max and d.min <= len(d.options), d
        # one select menu offers each option at most ``max`` times
        offered = sum(min(n, d.max) for n in Counter(d.options).values())
        assert offered <= MAX_SELECT_OPTIONS, f"multi-select {d.kind} needs {offered} options"
        assert len(d.key_for(list(d.options[: d.max]))) <= 60
    else:
        assert len(set(d.options)) == len(d.options), f"options of {d.kind} repeat"
    if d.committed is not None:
        assert d.simultaneous, "only simultaneous decisions hold a committed answer"
        assert d.chosen_in(d.key_for(list(d.committed))) == d.committed


def check_round_trip(state: GameState, budget: int) -> GameState:
    text = engine.dumps(state)
    assert len(text.encode()) <= budget, f"state is {len(text.encode())} bytes"
    reloaded = engine.loads(text)
    assert reloaded == state and engine.dumps(reloaded) == text
    return reloaded


def check_leaks(
    state: GameState,
    rng: random.Random,
    stats: Counter[str],
    viewers: list[int | None] | None = None,
    sample_check: bool = True,
) -> None:
    """For each of ``viewers`` (seats, ``None`` the spectator; all of them by default): its
    view survives a redistribution of what it cannot see, and (with ``sample_check``) the
    redistribution is a function of the view (two states with one view give one sample)."""
    text = engine.dumps(state)
    hidden = _hidden_part(engine.clone(state))
    for viewer in every_viewer(state.seats) if viewers is None else viewers:
        seed = rng.randrange(2**32)
        other = engine.redistribute(state, viewer, random.Random(seed))
        assert engine.view(other, viewer) == engine.view(state, viewer), (
            f"the view of {viewer} depends on what it cannot see (step {state.step})"
        )
        if sample_check:
            again = engine.redistribute(other, viewer, random.Random(seed))
            assert engine.dumps(again) == engine.dumps(other), (
                f"the redistribution for {viewer} depends on more than its view (step {state.step})"
            )
        stats["checks"] += 1
        stats["changed"] += _hidden_part(other) != hidden
    assert engine.dumps(state) == text, "redistribute changed the original"


def every_viewer(seats: int) -> list[int | None]:
    """The spectator, then every seat."""
    return [None, *range(seats)]


def _hidden_part(state: GameState) -> str:
    """``state`` (changed in place) without its seed, which redistribute always changes."""
    state.seed = state.rng_counter = 0
    return engine.dumps(state)


def check_take_back_reveals_nothing(
    before: GameState, action: Action, after: GameState, viewer: int | None, rng: random.Random
) -> bool:
    """A step that may be taken back showed ``viewer`` nothing it could not see before it:
    applied to a state re-dealt for ``viewer`` from its view of ``before`` (everything it
    could not see drawn afresh), the same action leaves ``viewer`` the same view. The acting
    seat sees its own decisions, so the action is legal in every re-deal for it; for another
    viewer a re-deal where the actor lacks the card played is skipped (a card a player shows
    from its own hand is its own to show). Whether the check ran."""
    other = engine.redistribute(before, viewer, random.Random(rng.randrange(2**32)))
    if action not in engine.legal_actions(other, action.seat):
        assert viewer != action.seat, f"{action} is not legal in the actor's own re-deal"
        return False
    engine.apply(other, action)
    assert engine.view(other, viewer) == engine.view(after, viewer), (
        f"{action} may be taken back but showed {viewer} something hidden (step {after.step})"
    )
    return True
