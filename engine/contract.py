"""The game contract: what every game package declares, and the data it hands out.

A game is one object (a subclass of :class:`Game`) registered by name in ``engine.registry``.
It answers the same questions for every game — setup, the pending decisions, apply, outcome,
view, the hidden-information hook and the reference text — and the engine core
(``engine.api``) adds the parts every game shares: the legality check, decision stamps,
serialisation and replay.

Value types here are plain frozen dataclasses and named tuples: cheap to build, comparable,
and free of I/O. :class:`Decision` lives in ``engine.decision`` and is re-exported here.

The contract is the bottom of the engine's own layers: it builds only on ``engine.decision``,
``engine.legal``, ``engine.state`` and ``engine.types``; the registry, the core (``engine.api``),
the games and the players build on it (``tests/test_codebase.py`` keeps the arrows one way).
"""

from __future__ import annotations

import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, TypeVar

from pydantic import BaseModel

from engine.decision import Decision
from engine.legal import random_answer
from engine.state import GameState
from engine.types import Action, Event


class Outcome(NamedTuple):
    """How a finished game ended.

    Attributes:
        winners: the winning seats (several when they share the win); empty for a draw or
            a game nobody won.
        draw: ``True`` when the game ended without a winner (e.g. a turn limit).
        reason: a machine-readable reason, e.g. ``"artichoke_free_hand"``, ``"scores"``.
        scores: for games that end with scores, every seat's score, by seat; ``None`` for a
            solo game lost without a score.
        ranks: for games that end with scores, every seat's rank (1 = best; equal scores
            share a rank, the next rank skips: 1, 1, 3); ``None`` where ``scores`` is.
    """

    winners: tuple[int, ...]
    draw: bool
    reason: str
    scores: tuple[int, ...] | None = None
    ranks: tuple[int, ...] | None = None


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Ranks for ``keys`` (higher is better, compared as given): equal keys share a rank and
    the next rank skips ("1224" ranking). ``[5, 9, 5, 1]`` -> ``(2, 1, 2, 4)``."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def scored_outcome(
    scores: Sequence[int], reason: str, tie_break: Sequence[Any] | None = None
) -> Outcome:
    """The outcome of a game won by the highest score; ``tie_break`` (per seat, higher is
    better) separates equal scores, and seats still equal share the rank and the win."""
    keys: Sequence[Any] = (
        list(zip(scores, tie_break, strict=True)) if tie_break is not None else list(scores)
    )
    ranks = competition_ranks(keys)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Outcome(winners, False, reason, tuple(scores), ranks)


Scoring = Literal["winners", "scores"]

SearchStyle = Literal["tree", "own tree", "paired"]
"""How a game's search level thinks at a table size (:meth:`Game.search_style`)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's metadata.

    Attributes:
        name: registry key, lowercase ASCII (``"artichokes"``).
        title: display title, a catalog msgid.
        min_players, max_players: allowed seat counts, inclusive (1 = solo).
        chance: whether the game has random events (shuffles, dice) beyond a seeded setup.
        scoring: ``"winners"`` (the outcome names winners only) or ``"scores"`` (the outcome
            carries every seat's score and rank).
        options_model: pydantic model of the table options; every field has a default.
        state_model: the game's ``GameState`` subclass.
        schema_version: current ``schema_version`` of ``state_model``.
        state_budget: the most bytes ``engine.dumps`` may take for one state.
        max_actions: a bound on the actions of one game, whatever is played, not counting
            changes of a committed simultaneous answer (a player may change their mind as
            often as they like before the others have chosen).
        solo_score_scale: for games with a solo mode, a very good solo score (automatic
            players weigh solo scores against it); 0 when there is no solo mode.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    scoring: Scoring
    options_model: type[BaseModel]
    state_model: type[GameState]
    schema_version: int
    state_budget: int = 4096
    max_actions: int = 100_000
    solo_score_scale: int = 0


@dataclass(frozen=True, slots=True)
class ReferenceSection:
    """A part of a game's reference: a ``heading`` and ``(name, text)`` entries (msgids)."""

    heading: str
    entries: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Reference:
    """The text ``/game rules`` shows: a few ``overview`` paragraphs (goal, a turn), then
    ``sections`` (cards, powers, scoring). Every string is an English catalog msgid."""

    overview: tuple[str, ...]
    sections: tuple[ReferenceSection, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """The fields every game's view carries (each game's view subclasses this).

    Attributes:
        viewer: the seat looking, or ``None`` for a spectator.
        over: the game has ended.
        deciding: the seats the game waits for now (a decision, nothing committed yet).
        committed: seats that have made a simultaneous choice they may still change (not
            what they chose).
        decisions: the viewer's own pending decisions (with its committed answer); empty for
            a spectator and for a seat with nothing to decide.
        scores: every seat's score when the game shows scores, else ``None``.
        outcome: how the game ended, once it has.
    """

    viewer: int | None
    over: bool
    deciding: tuple[int, ...]
    committed: tuple[int, ...]
    decisions: tuple[Decision, ...]
    scores: tuple[int, ...] | None = None
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class Common:
    """The common view fields the core computes for a game's ``view`` (pass them on with
    ``**common.fields()``)."""

    viewer: int | None
    over: bool
    deciding: tuple[int, ...]
    committed: tuple[int, ...]
    decisions: tuple[Decision, ...]
    outcome: Outcome | None = field(default=None)

    @classmethod
    def of(
        cls,
        viewer: int | None,
        pending: Sequence[Decision],
        outcome: Outcome | None,
        since: Mapping[int, int],
    ) -> Common:
        """The common fields for ``viewer`` (a seat, or ``None`` for a spectator), from the
        game's ``pending`` decisions (sorted by seat), its ``outcome`` so far and the
        decision stamps (``GameState.since``: seat -> step), which the viewer's own
        decisions carry as ``since``."""
        deciding: list[int] = []
        committed: list[int] = []
        for d in pending:
            target = deciding if d.committed is None else committed
            if not target or target[-1] != d.seat:
                target.append(d.seat)
        mine: tuple[Decision, ...] = ()
        if viewer is not None:
            stamp = since.get(viewer, 0)
            mine = tuple(d._replace(since=stamp) for d in pending if d.seat == viewer)
        return cls(
            viewer=viewer,
            over=outcome is not None,
            deciding=tuple(deciding),
            committed=tuple(s for s in committed if s not in deciding),
            decisions=mine,
            outcome=outcome,
        )

    def fields(self) -> dict[str, Any]:
        """The fields as keyword arguments for a :class:`View` subclass."""
        return {
            "viewer": self.viewer,
            "over": self.over,
            "deciding": self.deciding,
            "committed": self.committed,
            "decisions": self.decisions,
            "outcome": self.outcome,
        }


S = TypeVar("S", bound=GameState)
O = TypeVar("O", bound=BaseModel)  # noqa: E741 - the options model


class Game(ABC, Generic[S, O]):
    """One game, as the engine core sees it. Subclass it once per game package and expose one
    instance as ``GAME`` in the package's ``__init__`` (``engine.registry`` finds it).

    The methods receive states of ``info.state_model``. They are called through
    ``engine.api`` (``engine.apply`` and friends), which checks legality against
    :meth:`decisions` first: a game never checks legality itself.
    """

    info: GameInfo

    @abstractmethod
    def setup(self, seats: int, options: O, seed: int) -> S:
        """A new game for ``seats`` players (already within the limits) with validated
        ``options``; every random event derives from ``seed`` (``engine.chance``).

        Raises:
            ValueError: options that do not fit this seat count.
        """

    @abstractmethod
    def decisions(self, state: S) -> list[Decision]:
        """Every pending decision, sorted by seat (several per seat are allowed, e.g. "play
        a card" beside "end the turn"); empty once the game is over. ``since`` is left 0."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Carry out a legal ``action`` in place and every automatic step that follows;
        return the events in order (each with its audience)."""

    def advance(self, state: S, action: Action) -> None:
        """:meth:`apply` for a state nobody will show or store (playouts of simulations and
        search players): the events are not wanted, so a game may skip building them.
        Default: :meth:`apply`, its events dropped."""
        self.apply(state, action)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def view(self, state: S, viewer: int | None, common: Common) -> View:
        """Everything ``viewer`` may see, and nothing else: ``common`` plus the game's own
        fields."""

    @abstractmethod
    def redistribute(self, state: S, viewer: int | None, rng: random.Random) -> None:
        """Re-deal, in place, everything ``viewer`` cannot see, consistently with what it
        can: zone sizes, public cards and the viewer's own cards stay; hidden cards, hidden
        orders and other seats' hidden commitments are drawn afresh from ``rng``.

        The result must depend only on ``viewer``'s view and ``rng`` (sort pools before
        shuffling), so that a player sampling states learns nothing it could not see. The
        core re-seeds the state's chance itself.
        """

    @abstractmethod
    def reference(self, options: O) -> Reference:
        """The reference text shown to players for a table with ``options``."""

    def describe(self, state: S, action: Action) -> str:
        """A short English phrase for ``action`` (logs, command-line tools)."""
        return action.key

    def automatic_levels(self, seats: int) -> tuple[str, ...]:
        """The automatic players' levels worth offering at a table of ``seats`` (names of
        ``engine.players.LEVELS``, read through ``engine.players.offered_levels``). A game
        leaves out a level that plays no better than the one below it at that size (a search
        no stronger than greedy). Default: every level."""
        return ("random", "greedy", "search")

    def search_record(self, seats: int) -> tuple[int, int] | None:
        """How the search level did against greedy at a table of ``seats``, measured: the games
        one search seat won against greedy seats, and the games played (a shared win counts),
        so the lobby can say how strong it is; ``None`` where it was not measured (the
        default) or is not offered. Figures come from ``benchmarks/table_sizes.py`` and
        ``python -m engine arena`` at the default 250 ms a move; each game's docstring names
        the command and seed."""
        return None

    def automatic_action(self, state: S, seat: int, rng: random.Random) -> Action:
        """The move of the simplest automatic player for ``seat`` (BGA "zombie" level 1: a
        uniformly random legal move). Games may override it with something steadier."""
        return random_answer(self.decisions(state), seat, rng)

    def greedy_action(self, view: View, rng: random.Random) -> Action:
        """The greedy automatic player (BGA "zombie" level 2): the best immediate move on
        what ``view`` shows — never the state, so it cannot cheat. ``view.viewer`` must have
        a decision. Each game overrides this; the default answers at random.

        Raises:
            IllegalAction: the viewer has nothing to decide.
        """
        assert view.viewer is not None
        return random_answer(view.decisions, view.viewer, rng)

    def lookahead_action(self, view: View, rng: random.Random) -> Action:
        """The solo search player's own move on ``view`` (``engine.players.paired``): the
        one it plays unless its playouts find a clearly better one. Default: the greedy
        player's; a game may look further ahead at little cost (Pentaquest weighs a capture
        by the quest area it leaves).

        Raises:
            IllegalAction: the viewer has nothing to decide.
        """
        return self.greedy_action(view, rng)

    def search_style(self, seats: int) -> SearchStyle:
        """How the search level thinks at a table of ``seats`` (``engine.players.choose``):
        ``"tree"``, the tree over every seat's moves (``engine.players.ismcts``); ``"own
        tree"``, the same search with only the searching seat's own turn in its tree, every
        other seat playing on by its ``rollout_action`` (worth it where that plays as the
        seat would, not where it is random); or ``"paired"``, each of its own candidate
        answers played out by every seat's ``rollout_action`` from shared samples
        (``engine.players.paired``). Default: paired alone (a solo game's tree is all
        chance), the tree otherwise."""
        return "paired" if seats == 1 else "tree"

    def rollout_action(
        self, state: S, pending: Sequence[Decision], seat: int, rng: random.Random
    ) -> Action:
        """A fast move for ``seat`` in the playouts of a search player, on a *sampled* state
        (never the true one); ``pending`` are its decisions now. Default: uniformly random;
        games may give a cheap heuristic."""
        return random_answer(pending, seat, rng)

    def playout_horizon(self, seats: int) -> int | None:
        """How far a playout of the paired search (``engine.players.paired``) looks at a
        table of ``seats``: ``None`` (default), every seat plays its ``rollout_action`` to the
        end of the game; a number ``k``, the searching seat plays its ``lookahead_action`` on
        its view, the others their ``rollout_action``, and the playout stops when the
        searching seat is to make its ``k + 1``-th decision after the candidate (or the game
        ends) and is judged by :meth:`playout_value`. Worth it where whole greedy playouts
        cost too much and random ones say nothing."""
        return None

    def playout_value(self, state: S, seat: int) -> float:
        """What a playout stopped by :meth:`playout_horizon` (or finished) is worth to
        ``seat``, on a sampled ``state``: any scale, higher is better (the paired search only
        compares candidates' values from the same samples).

        Raises:
            NotImplementedError: the game gives no horizon (the default).
        """
        raise NotImplementedError(f"{self.info.name} gives no playout horizon")

    def evaluate(self, state: S) -> Sequence[float] | None:
        """How well each seat stands in an unfinished ``state`` (a sampled one), each in 0..1
        (0.5: even), for search players that stop a playout early; ``None``: play it out."""
        return None

    def reference_texts(self) -> set[str]:
        """Every msgid of this game's engine texts, for the translation catalogs: its
        title and the reference under the default options, with every on/off option on,
        and with every option that may be unset (``None``) unset."""
        model = self.info.options_model
        texts = {self.info.title}
        for variant in _option_variants(model):
            ref = self.reference(model.model_validate(variant))  # type: ignore[arg-type]
            texts.update(ref.overview)
            for section in ref.sections:
                texts.add(section.heading)
                for name, text in section.entries:
                    texts.update((name, text))
        return texts


def _option_variants(model: type[BaseModel]) -> list[dict[str, object]]:
    """Option sets whose references together name every text: the defaults, every ``bool``
    option on, every option that accepts ``None`` set to it."""
    fields = model.model_fields.items()
    every_on: dict[str, object] = {n: True for n, info in fields if info.annotation is bool}
    unset: dict[str, object] = {
        n: None for n, info in fields if type(None) in typing.get_args(info.annotation)
    }
    return [{}, every_on, unset]
