"""The game contract, its automatic players' half: what a game gives the automatic players of
``engine.players`` beside its rules (``engine.contract``): which levels it offers, its greedy
player, how its search thinks at each table size and what its playouts play.

Each game package builds one :class:`AutomaticPlayers` in its ``players`` module and exposes it
as ``PLAYERS`` in its ``__init__``, beside ``GAME`` (``engine.registry`` finds both). Every
hook has a default, so a game gives only what it does its own way. How well its search did
against greedy is not here: it is data that the benchmarks write (``engine.players.measured``).

Like the rules half, this module is at the bottom of the engine's layers: it builds only on
``engine.contract``, ``engine.legal``, ``engine.state`` and ``engine.types``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from engine.contract import Decision, View
from engine.legal import random_answer
from engine.state import GameState
from engine.types import Action

SearchStyle = Literal["tree", "own tree", "paired"]
"""How a game's search level thinks at a table size (:attr:`AutomaticPlayers.search_style`)."""

EVERY_LEVEL: tuple[str, ...] = ("random", "greedy", "search")
"""Every level of ``engine.players.LEVELS``: what a game offers unless it says otherwise."""

S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=View)


def every_level(seats: int) -> tuple[str, ...]:
    """Every level, at any table size (the default of :attr:`AutomaticPlayers.levels`)."""
    return EVERY_LEVEL


def greedy_at_random(view: View, rng: random.Random) -> Action:
    """A uniformly random answer of ``view.viewer`` (the default greedy player: a game with
    none of its own).

    Raises:
        IllegalAction: the viewer has nothing to decide.
    """
    assert view.viewer is not None
    return random_answer(view.decisions, view.viewer, rng)


def same_as_greedy(view: Any, rng: random.Random) -> Action:
    """The default :attr:`AutomaticPlayers.lookahead_action`: a placeholder replaced by the
    game's ``greedy_action`` when its players are built, never called."""
    raise AssertionError("replaced by the greedy player's move in AutomaticPlayers")


def rollout_at_random(
    state: Any, pending: Sequence[Decision], seat: int, rng: random.Random
) -> Action:
    """A uniformly random answer of ``seat`` among ``pending`` (the default playout move)."""
    return random_answer(pending, seat, rng)


def no_evaluation(state: Any) -> Sequence[float] | None:
    """``None``: the game judges no unfinished position; playouts go on to the end."""
    return None


def search_style_by_size(seats: int) -> SearchStyle:
    """Paired playouts alone (a solo game's tree is all chance), the tree over every seat's
    moves at a table: the default of :attr:`AutomaticPlayers.search_style`."""
    return "paired" if seats == 1 else "tree"


def no_horizon(seats: int) -> int | None:
    """``None``: the paired search plays every playout to the end of the game."""
    return None


def no_playout_value(state: Any, seat: int) -> float:
    """The default :attr:`AutomaticPlayers.playout_value`, for a game that gives no horizon.

    Raises:
        NotImplementedError: always.
    """
    raise NotImplementedError("this game gives no playout horizon")


@dataclass(eq=False, kw_only=True)
class AutomaticPlayers(Generic[S, V]):
    """What one game gives its automatic players (``engine.players``): every field has a
    default, so a game gives only its own. States are the game's, views its own view class;
    the players never see a true state, only its view or *sampled* states consistent with it.
    Built once per game; tests may replace a hook.

    Attributes:
        levels: ``seats -> levels``: the levels worth offering at a table of ``seats`` (names
            of ``engine.players.LEVELS``, read through ``engine.players.offered_levels``). A
            game leaves out a level that plays no better than the one below it at that size
            (a search no stronger than greedy). Default: every level.
        greedy_action: ``(view, rng) -> action``: the greedy player (BGA "zombie" level 2),
            the best immediate move on what ``view`` shows, never the state, so it cannot
            cheat; ``view.viewer`` must have a decision (``IllegalAction`` otherwise).
            Default: a random answer.
        lookahead_action: ``(view, rng) -> action``: the paired search's own move on ``view``
            (``engine.players.paired``), the one it plays unless its playouts find a clearly
            better one. Default: the greedy player's; a game may look further ahead at little
            cost.
        automatic_action: ``(state, seat, rng) -> action``: the simplest automatic player's
            move for ``seat`` (``engine.automatic_action``); ``None`` (default): a uniformly
            random legal answer (BGA "zombie" level 1).
        search_style: ``seats -> style``: how the search level thinks at a table of ``seats``
            (``engine.players.choose``): ``"tree"``, the tree over every seat's moves
            (``engine.players.ismcts``); ``"own tree"``, the same search with only the
            searching seat's own turn in its tree, every other seat playing on by its
            ``rollout_action`` (worth it where that plays as the seat would, not where it is
            random); or ``"paired"``, each of its own candidate answers played out by every
            seat's ``rollout_action`` from shared samples (``engine.players.paired``).
            Default: paired alone, the tree at a table.
        rollout_action: ``(state, pending, seat, rng) -> action``: a fast move for ``seat`` in
            the playouts of a search player, on a *sampled* state (never the true one);
            ``pending`` are its decisions now. Default: uniformly random.
        evaluate: ``state -> values | None``: how well each seat stands in an unfinished
            (sampled) ``state``, each in 0..1 (0.5: even), for search players that stop a
            playout early; ``None`` (default): play it out.
        playout_horizon: ``seats -> k | None``: how far a playout of the paired search looks
            at a table of ``seats``: ``None`` (default), every seat plays its
            ``rollout_action`` to the end of the game; a number ``k``, the searching seat
            plays its ``lookahead_action`` on its view, the others their ``rollout_action``,
            and the playout stops when the searching seat is to make its ``k + 1``-th decision
            after the candidate (or the game ends) and is judged by ``playout_value``. Worth
            it where whole greedy playouts cost too much and random ones say nothing.
        playout_value: ``(state, seat) -> float``: what a playout stopped by the horizon (or
            finished) is worth to ``seat``, on a sampled ``state``: any scale, higher is better
            (the paired search only compares candidates' values from the same samples).
            Default: ``NotImplementedError`` (no horizon).
        solo_score_scale: for games with a solo mode, a very good solo score (the search
            weighs solo scores against it); 0 when there is no solo mode.
    """

    levels: Callable[[int], tuple[str, ...]] = every_level
    greedy_action: Callable[[V, random.Random], Action] = greedy_at_random
    lookahead_action: Callable[[V, random.Random], Action] = same_as_greedy
    automatic_action: Callable[[S, int, random.Random], Action] | None = None
    search_style: Callable[[int], SearchStyle] = search_style_by_size
    rollout_action: Callable[[S, Sequence[Decision], int, random.Random], Action] = (
        rollout_at_random
    )
    evaluate: Callable[[S], Sequence[float] | None] = no_evaluation
    playout_horizon: Callable[[int], int | None] = no_horizon
    playout_value: Callable[[S, int], float] = no_playout_value
    solo_score_scale: int = 0

    def __post_init__(self) -> None:
        if self.lookahead_action is same_as_greedy:
            self.lookahead_action = self.greedy_action
