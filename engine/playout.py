"""Playing a game on to its end as fast as the engine can: for simulations and for the
playouts of search players, on states nobody will show or store.

:func:`play_out` asks the game for its decisions and applies the chosen answers straight
through the game (``Game.decisions`` / ``Game.advance``): every answer comes from the decisions
just computed, so the core's legality check, its per-step memo and its decision stamps are
skipped, and a game that gives its own ``advance`` builds no events (the others build them and
drop them). The state it leaves has no meaningful stamps: keep it only for its outcome.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from engine.automatic import AutomaticPlayers
from engine.contract import Common, Decision, Game, Outcome
from engine.legal import random_answer, sample_answer, waiting_seats
from engine.state import GameState
from engine.types import Action

Mover = Callable[[GameState, list[Decision], int, random.Random], Action]
"""Chooses ``seat``'s answer among ``decisions`` (all pending decisions of the state)."""


_KNOWN: defaultdict[int, dict[str, Action]] = defaultdict(dict)
"""Seat -> option key -> its single-select action, made once (an action is an immutable tuple
and building one costs more than finding it). Emptied when it grows past
:data:`_KNOWN_LIMIT`, so it stays small whatever keys a game uses."""
_KNOWN_LIMIT = 4096


def _known_action(seat: int, key: str) -> Action:
    known = _KNOWN[seat]
    if len(known) >= _KNOWN_LIMIT:
        known.clear()
    action = known[key] = Action(seat, key)
    return action


def _random_mover(
    state: GameState, pending: list[Decision], seat: int, rng: random.Random
) -> Action:
    """A uniformly random answer, as ``engine.legal.random_answer`` draws it (every listed
    option, and every multi-select decision, weighs one; a multi-select answer is a random
    sub-multiset of a random allowed size), with fast paths for what playouts meet: the seat's
    questions are all uncommitted single-selects, or one uncommitted multi-select."""
    if pending[0].seat == pending[-1].seat == seat:
        mine = pending  # only this seat is asked: the common case
    else:
        mine = [d for d in pending if d.seat == seat]
    rand = rng.random
    if len(mine) == 1:
        d = mine[0]
        if d.committed is None:
            if d.min == 1 and d.max == 1:
                options = d.options
                key = options[int(rand() * len(options))]
                return _KNOWN[seat].get(key) or _known_action(seat, key)
            return sample_answer(d, seat, rand)
        return random_answer(pending, seat, rng)
    total = 0
    for d in mine:
        if d.committed is not None or d.min != 1 or d.max != 1:
            return random_answer(pending, seat, rng)
        total += len(d.options)
    index = int(rand() * total)
    for d in mine:
        if index < len(d.options):
            key = d.options[index]
            return _KNOWN[seat].get(key) or _known_action(seat, key)
        index -= len(d.options)
    raise AssertionError("unreachable")


def solo_greedy(
    game: Game[Any, Any], greedy: Callable[[Any, random.Random], Action]
) -> Callable[[GameState, Sequence[Decision], int, random.Random], Action]:
    """A playout move for a game with no cheap heuristic of its own (its players'
    ``rollout_action`` may be this), on a *sampled* state whose decisions now are ``pending``:

    - solo: ``greedy`` (the game's greedy player) on the seat's view, for the solo search
      (``engine.players.paired``), which compares its candidates by whole playouts;
    - with more seats: a uniformly random answer, since the tree search needs many cheap
      playouts (greedy ones cut its iterations ten- to thirtyfold).
    """

    def move(
        state: GameState, pending: Sequence[Decision], seat: int, rng: random.Random
    ) -> Action:
        if state.seats != 1:
            return random_answer(pending, seat, rng)
        seen = game.view(state, seat, Common.of(seat, pending, game.outcome(state), state.since))
        return greedy(seen, rng)

    return move


def play_ahead(
    game: Game[Any, Any],
    players: AutomaticPlayers[Any, Any],
    state: GameState,
    seat: int,
    moves: int,
    rng: random.Random,
    *,
    limit: int | None = None,
) -> int:
    """Play ``state`` on in place until ``seat`` is to make its ``moves + 1``-th decision,
    the game ends, or ``limit`` actions were made (default: what the game's
    ``info.max_actions``, a true bound on a game's length, leaves after ``state.step``, so a
    game whose other seats could go on without the seat forever still stops): ``seat`` plays
    its ``players.lookahead_action`` on its view (it goes first where several seats are asked
    at once), every other seat its ``rollout_action``. For the paired search's short
    playouts (``AutomaticPlayers.playout_horizon``). Returns the number of actions made."""
    decide = game.decisions
    act = game.advance
    finished = game.outcome
    bound = max(0, game.info.max_actions - state.step) if limit is None else limit
    made = actions = 0
    while finished(state) is None and actions < bound:
        pending = decide(state)
        waiting = waiting_seats(pending) or (pending[0].seat,)
        mover = seat if seat in waiting else waiting[0]
        if mover == seat:
            if made >= moves:
                break
            made += 1
            seen = game.view(state, seat, Common.of(seat, pending, None, state.since))
            action = players.lookahead_action(seen, rng)
        else:
            action = players.rollout_action(state, pending, mover, rng)
        act(state, action)
        state.step += 1
        actions += 1
    state._pending = None  # type: ignore[attr-defined]
    return actions


def play_out(
    game: Game[Any, Any],
    state: GameState,
    rng: random.Random,
    *,
    mover: Mover | None = None,
    limit: int = 1_000_000,
) -> tuple[Outcome | None, int]:
    """Play ``state`` on in place until the game ends or ``limit`` actions were made; each
    step picks one of the seats the game waits for at random and lets ``mover`` (default: a
    uniformly random answer) answer for it. Returns the outcome (``None`` if the limit was
    reached) and the number of actions made."""
    decide = game.decisions
    act = game.advance  # no events wanted: nobody reads them
    finished = game.outcome
    move = mover or _random_mover
    actions = 0
    while (result := finished(state)) is None:
        if actions >= limit:
            return None, actions
        pending = decide(state)
        first = pending[0]
        if first.committed is None and pending[-1].seat == first.seat:  # the common case
            seat = first.seat  # one seat asked (decisions are sorted by seat), not yet answered
        else:
            # only committed answers left to change: none is needed, the first seat may
            waiting = waiting_seats(pending) or (first.seat,)
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        act(state, move(state, pending, seat, rng))
        state.step += 1
        actions += 1
    state._pending = None  # type: ignore[attr-defined]
    return result, actions
