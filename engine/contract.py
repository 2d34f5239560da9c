"""The game contract, its rules half: what every game package declares, and the data it
hands out. The other half, what a game gives its automatic players, is ``engine.automatic``.

A game is one :class:`Game`, built from its rules functions and registered by name in
``engine.registry``. It answers the same questions for every game — setup, the pending
decisions, apply, outcome, view, the hidden-information hook and the reference text — and the
engine core (``engine.api``) adds the parts every game shares: the legality check, decision
stamps, serialisation and replay.

Value types here are plain frozen dataclasses and named tuples: cheap to build, comparable,
and free of I/O. :class:`Decision` lives in ``engine.decision`` and is re-exported here.

The contract is the bottom of the engine's own layers: it builds only on ``engine.decision``,
``engine.state`` and ``engine.types``; the registry, the core (``engine.api``),
the games and the players build on it (``tests/test_codebase.py`` keeps the arrows one way).
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, TypeVar

from pydantic import BaseModel

from engine.decision import Decision
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


def action_key(state: GameState, action: Action) -> str:
    """The key of ``action``: the description of a game that words its actions no better."""
    return action.key


def same_as_apply(state: Any, action: Action) -> object:
    """The default :attr:`Game.advance`: a placeholder replaced by the game's ``apply`` when the
    game is built, never called."""
    raise AssertionError("replaced by the game's apply in Game")


S = TypeVar("S", bound=GameState)
O = TypeVar("O", bound=BaseModel)  # noqa: E741 - the options model


@dataclass(frozen=True, eq=False, kw_only=True)
class Game(Generic[S, O]):
    """One game's rules, as the engine core sees it: its metadata and one hook per question
    the core asks. Each game package builds one from its rules functions in its ``game``
    module and exposes it as ``GAME`` in its ``__init__`` (``engine.registry`` finds it); its
    automatic players are apart (``engine.automatic``).

    The hooks receive states of ``info.state_model``. They are called through ``engine.api``
    (``engine.apply`` and friends), which checks legality against ``decisions`` first: a game
    never checks legality itself.

    Attributes:
        info: the game's metadata.
        setup: ``(seats, options, seed) -> state``: a new game for ``seats`` players (already
            within the limits) with validated ``options``; every random event derives from
            ``seed`` (``engine.chance``). Raises ``ValueError`` for options that do not fit
            this seat count.
        decisions: ``state -> decisions``: every pending decision, sorted by seat (several per
            seat are allowed, e.g. "play a card" beside "end the turn"); empty once the game
            is over. ``since`` is left 0.
        apply: ``(state, action) -> events``: carry out a legal ``action`` in place and
            what the rules then do on their own; the events in order (each with its
            audience).
        outcome: ``state -> Outcome | None``: how the game ended, or ``None`` while it goes on.
        view: ``(state, viewer, common) -> View``: everything ``viewer`` (a seat, or ``None``
            for a spectator) may see, and nothing else: ``common`` plus the game's own fields.
        redistribute: ``(state, viewer, rng) -> None``: re-deal, in place, everything
            ``viewer`` cannot see, consistently with what it can: zone sizes, public cards and
            the viewer's own cards stay; hidden cards, hidden orders and other seats' hidden
            commitments are drawn afresh from ``rng``. The result must depend only on
            ``viewer``'s view and ``rng`` (sort pools before shuffling), so that a player
            sampling states learns nothing it could not see. The core re-seeds the state's
            chance itself.
        reference: ``options -> Reference``: the reference text shown to players for a table
            with ``options``.
        final_step: ``(before, action, after) -> bool``: what makes a step final in this
            game, so that its seat can no longer take it back (``engine.undo``): ``True``
            when applying ``action`` to ``before`` (leaving ``after``) showed anyone
            something hidden before it — a card drawn or revealed from a hidden pile, a card
            or side turned over, a card seen by a power — or the game's own rules make the
            step final otherwise. The states are read, never changed. What every game shares
            (chance, another seat's decision, the end) the core adds itself; cards a player
            shows from their own hidden cards by playing them are theirs to show and do not
            make a step final. The game's undo rulings: ``docs/undo.md``.
        advance: ``(state, action) -> None``: ``apply`` for a state nobody will show or store
            (playouts of simulations and search players), which may skip building the
            events. Default: ``apply``, its events dropped.
        describe: ``(state, action) -> str``: a short English phrase for ``action`` (logs,
            command-line tools); default: the action's key.
        extra_texts: msgids the game's pictures and texts use beyond its reference (e.g.
            card names the Rules page does not list), for the translation catalogs.
    """

    info: GameInfo
    setup: Callable[[int, O, int], S]
    decisions: Callable[[S], list[Decision]]
    apply: Callable[[S, Action], list[Event]]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, int | None, Common], View]
    redistribute: Callable[[S, int | None, random.Random], None]
    reference: Callable[[O], Reference]
    final_step: Callable[[S, Action, S], bool]
    advance: Callable[[S, Action], object] = same_as_apply
    describe: Callable[[S, Action], str] = action_key
    extra_texts: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.advance is same_as_apply:
            object.__setattr__(self, "advance", self.apply)  # frozen: set once, here

    def reference_texts(self) -> set[str]:
        """Every msgid of this game's engine texts, for the translation catalogs: its
        title, :attr:`extra_texts`, and the reference under the default options, with every
        on/off option on, and with every option that may be unset (``None``) unset."""
        model = self.info.options_model
        texts = {self.info.title, *self.extra_texts}
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
