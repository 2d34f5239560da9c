"""Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling, Powley and
Whitehouse, 2012), for any game of the contract.

Each iteration samples a full state consistent with the deciding seat's view (its
:class:`~engine.players.Situation` sampler: hidden cards dealt afresh), walks one tree keyed by
the actions taken, choosing among the actions legal in *this* sample by UCB1 with availability
counts, expands one untried action, plays the rest of the game by the game's playout moves
(``AutomaticPlayers.rollout_action``: uniformly random unless the game gives a better one) and
credits every seat with its reward. The tree holds every seat's actions or, where the game asks
for it (``AutomaticPlayers.search_style``: ``"own tree"``), the searching seat's own only, up
to another seat's first decision: with playouts that play as the other seats would, a tree of
their guessed replies only spreads the iterations over moves the searching seat never chooses.
The most visited root action is the answer (at two seats, greedy's own choice when it does
about as well). The true state is never looked at: only samples of what the seat could imagine.

Multi-select decisions are searched over a bounded set of candidate answers (all distinct ones
when few, else a random sample), so nothing is ever enumerated beyond ``MULTI_CANDIDATES``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Any

from engine.api import apply, deciding_seats, decisions, outcome
from engine.automatic import AutomaticPlayers
from engine.contract import Decision, GameInfo, Outcome
from engine.legal import random_answer
from engine.players.budget import Budget, Tally
from engine.players.situation import Situation
from engine.playout import Mover, play_out
from engine.registry import get_game, get_players
from engine.state import GameState
from engine.types import Action

EXPLORATION = 0.7
"""UCB1's exploration constant (rewards lie in 0..1)."""
MULTI_CANDIDATES = 24
"""At most this many answers of one multi-select decision are searched."""
ROLLOUT_LIMIT = 2_000
"""A playout stops after this many actions (then every seat is credited 0.5)."""
GREEDY_STANDS_UP_TO = 2
"""Up to this many seats, the greedy player's own choice stands when the tree finds it about
as good as its most visited action (:func:`_answer`); at larger tables the most visited action
is the answer. Measured with ``benchmarks/table_sizes.py`` (seed 1, 100 games, one search seat
against greedy seats, in the one game that searches its 3- and 4-seat tables by the tree):
keeping greedy's choice won 51 games at 3 seats and 27 at 4, the most visited action 48 and
36."""
ROLLOUT_DEPTH = 40
"""A playout of a game that can ``evaluate`` a position stops after this many actions."""
MIN_ITERATIONS = 16
"""When the clock (the CPU budget or the wall ceiling), not an iteration count, stops the
search before this many iterations, the greedy player's answer stands: a starved tree plays
far worse than greedy. Measured with ``python -m engine arena artichokes --seats
search,greedy --budget-ms 0 --iterations K`` (2 seats, seed 1): 2 iterations won 4 of 60
games, 8 won 26 of 60, 16 won 48 of 100, 32 won 55. Held to 2 ms a decision (``--budget-ms
2``: 4-8 iterations on this machine, 100 games, seeds 1 and 101), one search seat won 6 and
7 games against two greedy seats before this fallback, 27 and 31 with it (44 and 48, then 56
and 51, against one greedy seat)."""


class Node:
    """One point of the shared tree: the action that led here and who took it."""

    __slots__ = ("action", "children", "parent", "seat", "tried", "value", "visits")

    def __init__(self, parent: Node | None, action: Action | None, seat: int) -> None:
        self.parent = parent
        self.action = action
        self.seat = seat  # the seat that chose ``action`` (credited with its reward)
        self.children: dict[Action, Node] = {}  # by (seat, key): who acts may differ
        self.visits = 0
        self.tried = 0  # how often this node was available when its parent was visited
        self.value = 0.0


def reward(result: Outcome, seat: int, seats: int, solo_scale: int) -> float:
    """How good ``result`` is for ``seat``, in 0..1.

    Solo: a loss 0; otherwise 0.5 plus half the score over ``solo_scale`` (the game's
    ``AutomaticPlayers.solo_score_scale``: a very good solo score).
    Scored games: by rank, ``(seats - rank) / (seats - 1)``. Others: a win 1 (shared: its
    share), a draw 0.5, a loss 0.
    """
    if seats == 1:
        if result.scores is None or (result.reason == "lost"):
            return 0.0
        scale = solo_scale or 1
        return 0.5 + 0.5 * min(1.0, max(0.0, result.scores[0] / scale))
    if result.ranks is not None:
        return (seats - result.ranks[seat]) / (seats - 1)
    if result.draw:
        return 0.5
    if seat in result.winners:
        return 1.0 / len(result.winners)
    return 0.0


def candidates(pending: Sequence[Decision], seat: int, rng: random.Random) -> list[Action]:
    """The answers of ``seat`` the search considers: every single-select option (a committed
    one left out) and, per multi-select decision, its distinct answers — a random sample of
    :data:`MULTI_CANDIDATES` when there are more."""
    found: list[Action] = []
    for d in pending:
        if d.seat != seat:
            continue
        if not d.multi:
            found.extend(Action(seat, o) for o in d.options if (o,) != d.committed)
            continue
        answers: set[str] = set()
        top = min(d.max, len(d.options))
        total = sum(math.comb(len(d.options), k) for k in range(d.min, top + 1))
        if total <= 4 * MULTI_CANDIDATES:
            for size in range(d.min, top + 1):
                for chosen in itertools.combinations(d.options, size):
                    answers.add(d.key_for(chosen))
        else:
            for _ in range(8 * MULTI_CANDIDATES):
                size = rng.randint(d.min, top)
                answers.add(d.key_for(rng.sample(d.options, size)))
                if len(answers) >= MULTI_CANDIDATES:
                    break
        keys = sorted(k for k in answers if d.accepts(k))
        if len(keys) > MULTI_CANDIDATES:
            keys = rng.sample(keys, MULTI_CANDIDATES)
        found.extend(Action(seat, k) for k in keys)
    return found


def root_candidates(seen: Situation, rng: random.Random) -> list[Action]:
    """The answers a search weighs for ``seen.seat`` (:func:`candidates` of its decisions).

    Raises:
        IllegalAction: the seat has nothing to decide.
    """
    found = candidates(seen.view.decisions, seen.seat, rng)
    if not found:
        random_answer(seen.view.decisions, seen.seat, rng)  # raises: nothing to decide
    return found


def search(
    game_name: str,
    seen: Situation,
    rng: random.Random,
    *,
    budget_ms: float | None = 250.0,
    iterations: int | None = None,
    tally: Tally | None = None,
    own_turn: bool = False,
) -> Action:
    """The search player's answer for ``seen.seat``: ISMCTS until ``iterations`` samples or
    ``budget_ms`` milliseconds of its thread's CPU time (``engine.players.budget``: with a
    wall-clock ceiling), whichever comes first (at least one iteration); when the clock stops
    it before :data:`MIN_ITERATIONS`, the greedy player's answer. ``tally``, if given,
    gets the decision's iterations and CPU time (a decision with one candidate is not
    searched and not tallied). ``own_turn``: the tree holds the seat's own decisions only, up
    to another seat's first one (``AutomaticPlayers.search_style`` ``"own tree"``); else every
    seat's.

    Raises:
        ValueError: neither a budget nor an iteration count.
        IllegalAction: the seat has nothing to decide.
    """
    budget = Budget(budget_ms, iterations)
    info = get_game(game_name).info
    me = seen.seat
    first = root_candidates(seen, rng)
    if len(first) == 1:
        return first[0]
    root = Node(None, None, me)
    done = 0
    while not budget.spent(done):
        _iterate(root, seen.sample(rng), me, info, rng, own_turn)
        done += 1
    starved = budget.cut_short(done, MIN_ITERATIONS)
    budget.add_to(tally, done, fell_back=starved)
    greedy = None
    if starved or seen.seats <= GREEDY_STANDS_UP_TO:
        greedy = get_players(game_name).greedy_action(seen.view, rng)
        if starved:
            return greedy
    return _answer(root, greedy)


def _answer(root: Node, greedy: Action | None) -> Action:
    """The most visited root action — unless the greedy player's own choice (``None``: not
    weighed) does about as well (its mean reward within two standard errors of the best's):
    the search overrides the greedy player only where it found clearly better."""
    best = max(root.children.values(), key=lambda c: (c.visits, c.value))
    assert best.action is not None
    if greedy is None:
        return best.action
    mine = root.children.get(greedy)
    if mine is None or mine is best or not mine.visits or not best.visits:
        return best.action
    best_mean = best.value / best.visits
    margin = 2 * math.sqrt(max(best_mean * (1 - best_mean), 0.01) / best.visits)
    if mine.value / mine.visits >= best_mean - margin:
        return greedy
    return best.action


def _iterate(
    root: Node,
    state: GameState,
    me: int,
    info: GameInfo,
    rng: random.Random,
    own_turn: bool = False,
) -> None:
    node = root
    # selection and expansion, in this sample
    while outcome(state) is None:
        mover = me if node is root else _mover(state)
        if own_turn and mover != me:
            break
        actions = candidates(decisions(state, mover), mover, rng)
        if not actions:
            break
        untried = [a for a in actions if a not in node.children]
        for a in actions:
            child = node.children.get(a)
            if child is not None:
                child.tried += 1
        if untried:
            action = rng.choice(untried)
            child = Node(node, action, mover)
            child.tried = 1
            node.children[action] = child
            apply(state, action)
            node = child
            break
        node = max(
            (node.children[a] for a in actions),
            key=lambda c: (
                c.value / c.visits + EXPLORATION * math.sqrt(math.log(c.tried) / c.visits)
                if c.visits
                else math.inf
            ),
        )
        assert node.action is not None
        apply(state, node.action)
    # simulation: the game's playout moves, to the end or (when it can judge a position)
    # for a few dozen actions
    game, players = get_game(info.name), get_players(info.name)
    depth = ROLLOUT_DEPTH if players.evaluate(state) is not None else ROLLOUT_LIMIT
    result, _actions = play_out(game, state, rng, mover=playout_mover(players), limit=depth)
    seats = state.seats
    if result is not None:
        rewards = [reward(result, s, seats, players.solo_score_scale) for s in range(seats)]
    else:
        rewards = list(players.evaluate(state) or [0.5] * seats)
    # backpropagation: each node is credited from the view of the seat that chose it
    while node is not None:
        node.visits += 1
        node.value += rewards[node.seat]
        node = node.parent  # type: ignore[assignment]


def playout_mover(players: AutomaticPlayers[Any, Any]) -> Mover:
    """The game's own playout move (``AutomaticPlayers.rollout_action``) as a :data:`Mover`."""

    def move(state: GameState, pending: list[Decision], seat: int, rng: random.Random) -> Action:
        return players.rollout_action(state, pending, seat, rng)

    return move


def _mover(state: GameState) -> int:
    """Who acts next in a playout: the first seat the game waits for (simultaneous choices
    are taken one seat after another; each still hidden from the others' samples)."""
    waiting = deciding_seats(state)
    if waiting:
        return waiting[0]
    return decisions(state)[0].seat
