"""The search player of solo games, and of the tables whose game asks for it
(``AutomaticPlayers.search_style``): every candidate answer played out from the same samples.

A solo game's tree below the first move is all chance (draws, dice), so a tree's statistics
split over outcomes nobody chooses and its move estimates stay noisy. The search player
therefore searches a solo game one level deep, with *common random numbers*: each round samples
one full state consistent with the seat's view (the :class:`~engine.players.Situation` sampler:
hidden cards dealt afresh, the seed too) and one seed for the playout moves; every candidate
answer is applied to its own copy of that sample and played to the end by the game's playout
moves (``AutomaticPlayers.rollout_action``). All candidates meet the same deck order, the same
dice and the same playout draws, so the *difference* of two answers' rewards in a round carries
little noise even when the rewards themselves vary a lot.

The search's own move is ``AutomaticPlayers.lookahead_action`` (the greedy player's, unless
the game looks further ahead at little cost); below, "greedy's" means that move. The answer is
the candidate of best mean reward; it replaces it only when its paired gain over greedy's
clears a one-sided test whose level is shared out among the candidates (Bonferroni): were
every candidate exactly as good as greedy's, the search would override greedy in at most
:data:`FALSE_OVERRIDE` of its decisions, however many candidates it weighed.

At a table of several seats every seat's playout moves are its ``rollout_action``. Where
that is greedy's move, each candidate is judged by how the table would go on if everyone
played as greedy does: the rollout algorithm, a single policy improvement over greedy. There
the answer replaces greedy's on weaker evidence (:data:`TABLE_OVERRIDE_SE`): greedy's own move
ignores the others, and measured, the solo game's strict test left most of the gain unused.

Where whole greedy playouts cost too much and random ones say nothing, a game gives a horizon
instead (``AutomaticPlayers.playout_horizon``): the searching seat plays its own move for a
few more decisions, the others their ``rollout_action`` (random ones, where the greedy player
costs too much for a playout), and the playout is judged by the game's ``playout_value`` of
the position it reaches (e.g. the score plus what the greedy player sees in the seat's cards).
"""

from __future__ import annotations

import math
import random
from statistics import NormalDist

from engine.api import apply
from engine.contract import Outcome
from engine.players.budget import Budget, Tally
from engine.players.ismcts import ROLLOUT_LIMIT, playout_mover, reward, root_candidates
from engine.players.situation import Situation
from engine.playout import play_ahead, play_out
from engine.registry import get_game, get_players
from engine.types import Action

FALSE_OVERRIDE = 0.025
"""The most often the search may override greedy when no candidate is better (the level of
its test, shared among the candidates)."""
TABLE_OVERRIDE_SE = 1.0
"""At a table of several seats, the standard errors by which the best candidate's mean paired
gain over greedy's must clear zero. The greedy player ignores what the others will do, so
there the search overrides it on weaker evidence than alone: measured with
``benchmarks/table_sizes.py --only ninjan:3 --games 60 --seed 1``, one standard error won 70 %
against greedy seats, the Bonferroni test of a solo game 50 % and no test at all 58 %."""
MIN_ROUNDS = 8
"""Fewer complete rounds than this and the greedy player's answer stands."""


def search(
    game_name: str,
    seen: Situation,
    rng: random.Random,
    *,
    budget_ms: float | None = 250.0,
    iterations: int | None = None,
    tally: Tally | None = None,
) -> Action:
    """The answer for ``seen.seat`` after ``iterations`` rounds (one sample, every candidate
    played out from it) or ``budget_ms`` milliseconds of its thread's CPU time
    (``engine.players.budget``: with a wall-clock ceiling), whichever comes first. A round cut
    short by the budget is not counted; with fewer than :data:`MIN_ROUNDS` rounds the greedy
    player's answer stands. ``tally``, if given, gets the decision's complete rounds and CPU
    time (a decision with one candidate is not searched and not tallied).

    Raises:
        ValueError: neither a budget nor an iteration count.
        IllegalAction: the seat has nothing to decide.
    """
    budget = Budget(budget_ms, iterations)
    options = root_candidates(seen, rng)
    if len(options) == 1:
        return options[0]
    base = greedy_index(game_name, seen, rng, options)
    totals = play_rounds(game_name, seen, rng, options, base, budget)
    budget.add_to(tally, totals.rounds, fell_back=totals.rounds < MIN_ROUNDS)
    return options[totals.answer()]


def greedy_index(game_name: str, seen: Situation, rng: random.Random, options: list[Action]) -> int:
    """The index of the search's own move for ``seen.seat``
    (``AutomaticPlayers.lookahead_action``: greedy's unless the game looks further) in
    ``options``, appended first when missing (a multi-select answer the candidates' sample
    left out)."""
    greedy = get_players(game_name).lookahead_action(seen.view, rng)
    if greedy not in options:
        options.append(greedy)
    return options.index(greedy)


def play_rounds(
    game_name: str,
    seen: Situation,
    rng: random.Random,
    options: list[Action],
    base: int,
    budget: Budget,
) -> Rounds:
    """Play rounds of every answer in ``options`` from shared samples, until ``budget``'s
    iteration count of rounds, or while :data:`~engine.players.budget.RESERVE` playouts of
    the mean length would still fit in its time (``Budget.out_of_time``, counting playouts);
    ``base`` is the index of greedy's answer. A round cut short is dropped; as soon as the
    playouts so far show that :data:`MIN_ROUNDS` rounds cannot fit, none more are played."""
    game = get_game(game_name)
    players = get_players(game_name)
    me = seen.seat
    totals = Rounds(len(options), base, alone=seen.seats == 1)
    mover = playout_mover(players)
    horizon = players.playout_horizon(seen.seats)
    played = 0
    while totals.rounds < budget.iterations:
        sample = seen.sample(rng)
        seed = rng.getrandbits(64)
        rewards = []
        for option in options:
            if budget.out_of_time(played):
                return totals
            if totals.rounds < MIN_ROUNDS and not budget.fits(played, MIN_ROUNDS * len(options)):
                return totals  # the minimum rounds cannot fit: greedy's answer, at once
            played += 1
            state = sample.clone()
            apply(state, option)
            if horizon is not None:
                play_ahead(game, players, state, me, horizon, random.Random(seed))
                rewards.append(players.playout_value(state, me))
                continue
            result, _actions = play_out(
                game, state, random.Random(seed), mover=mover, limit=ROLLOUT_LIMIT
            )
            rewards.append(_reward(result, me, state.seats, players.solo_score_scale))
        totals.add(rewards)
    return totals


def _reward(result: Outcome | None, seat: int, seats: int, solo_scale: int) -> float:
    if result is None:
        return 0.5  # the playout limit: no game of the contract gets there in practice
    return reward(result, seat, seats, solo_scale)


def _t_quantile(z: float, freedom: int) -> float:
    """Student's t quantile with ``freedom`` degrees of freedom at the probability whose normal
    quantile is ``z`` (Abramowitz and Stegun 26.7.5, three terms: within 1 % from 5 degrees
    on, at the quantiles used here)."""
    v = float(freedom)
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * v)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * v**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v**3)
    )


class Rounds:
    """The paired statistics of ``count`` candidates against the one at ``base`` (greedy's), in
    a solo game (``alone``) or at a table of several seats (their override tests differ:
    :meth:`threshold`).

    Attributes:
        rounds: complete rounds added.
        totals: per candidate, the sum of its rewards (its summed gain over the base is its
            total less the base's).
        squares: per candidate, the sum over rounds of (its reward − the base's) squared.
    """

    def __init__(self, count: int, base: int, *, alone: bool = True) -> None:
        self.base = base
        self.alone = alone
        self.rounds = 0
        self.totals = [0.0] * count
        self.squares = [0.0] * count

    def add(self, rewards: list[float]) -> None:
        """One round: every candidate's reward, in candidate order."""
        base = rewards[self.base]
        for i, value in enumerate(rewards):
            self.totals[i] += value
            self.squares[i] += (value - base) ** 2
        self.rounds += 1

    def best(self) -> int:
        """The index of the best mean reward (the base among equals)."""
        return max(range(len(self.totals)), key=lambda i: (self.totals[i], i == self.base))

    def gain(self, index: int) -> tuple[float, float]:
        """Candidate ``index``'s mean paired gain over the base, per round, and the sample
        standard deviation of that gain (0 with fewer than two rounds)."""
        n = self.rounds
        if n == 0:
            return 0.0, 0.0
        mean = (self.totals[index] - self.totals[self.base]) / n
        if n < 2:
            return mean, 0.0
        variance = max(self.squares[index] / n - mean * mean, 0.0) * n / (n - 1)
        return mean, math.sqrt(variance)

    def threshold(self) -> float:
        """How many standard errors the best candidate's mean gain must clear. Alone:
        Student's t quantile (``rounds - 1`` degrees of freedom) of :data:`FALSE_OVERRIDE`
        shared among the candidates other than the base — with many rounds 1.96 for one, 2.58
        for five, 3.08 for 24; with 12 rounds and 24 candidates about 4. At a table of
        several seats: :data:`TABLE_OVERRIDE_SE`."""
        if not self.alone:
            return TABLE_OVERRIDE_SE
        others = max(1, len(self.totals) - 1)
        z = NormalDist().inv_cdf(1 - FALSE_OVERRIDE / others)
        return _t_quantile(z, max(1, self.rounds - 1))

    def answer(self) -> int:
        """The index of the best mean reward if its paired gain over the base clears
        :meth:`threshold` standard errors; else the base."""
        if self.rounds < MIN_ROUNDS:
            return self.base
        best = self.best()
        mean, spread = self.gain(best)
        if mean > 0 and mean > self.threshold() * spread / math.sqrt(self.rounds):
            return best
        return self.base
