"""Abandon All Artichokes behind the game contract (``engine.contract.Game``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.artichokes.cards import (
    ALL_KINDS,
    CARD_TEXT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVERVIEW,
    RHUBARB,
)
from engine.artichokes.describe import describe_action
from engine.artichokes.greedy import evaluate, greedy_action, rollout_action
from engine.artichokes.hidden import redistribute
from engine.artichokes.rules import apply_legal, carry_out, decisions
from engine.artichokes.setup import new_game
from engine.artichokes.state import SCHEMA_VERSION, ArtichokesOptions, ArtichokesState
from engine.artichokes.view import ArtichokesView, view
from engine.contract import (
    Common,
    Decision,
    Game,
    GameInfo,
    Outcome,
    Reference,
    ReferenceSection,
    SearchStyle,
    View,
)
from engine.legal import LegalActions
from engine.types import Action

INFO = GameInfo(
    name="artichokes",
    title="Abandon All Artichokes",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    chance=True,
    scoring="winners",
    options_model=ArtichokesOptions,
    state_model=ArtichokesState,
    schema_version=SCHEMA_VERSION,
    state_budget=4096,
    max_actions=20_000,
)


class Artichokes(Game[ArtichokesState, ArtichokesOptions]):
    """Abandon All Artichokes (2-4 players) — ``shared/rules/artichokes.md``."""

    info = INFO

    def setup(self, seats: int, options: ArtichokesOptions, seed: int) -> ArtichokesState:
        """§ Setup (see ``engine.artichokes.setup.new_game``)."""
        return new_game(seats, options, seed)

    # the rules functions themselves, not methods calling them: playouts ask at every step
    decisions = staticmethod(decisions)
    apply = staticmethod(apply_legal)
    advance = staticmethod(carry_out)

    def outcome(self, state: ArtichokesState) -> Outcome | None:
        """The winner (§ Winning), the turn-limit draw ([house]), or ``None`` while playing."""
        if state.winner is not None:
            return Outcome((state.winner,), False, "artichoke_free_hand")
        if state.draw:
            return Outcome((), True, "turn_limit")
        return None

    def view(self, state: ArtichokesState, viewer: int | None, common: Common) -> ArtichokesView:
        """§ Information (see ``engine.artichokes.view``)."""
        return view(state, viewer, common)

    def redistribute(self, state: ArtichokesState, viewer: int | None, rng: random.Random) -> None:
        """See ``engine.artichokes.hidden.redistribute``."""
        redistribute(state, viewer, rng)

    def reference(self, options: ArtichokesOptions) -> Reference:
        """How the game goes, then every card kind of this table (Rhubarb with the promo)."""
        cards = tuple((k, CARD_TEXT[k]) for k in ALL_KINDS if k != RHUBARB or options.rhubarb)
        return Reference(OVERVIEW, (ReferenceSection("The cards", cards),))

    def describe(self, state: ArtichokesState, action: Action) -> str:
        """See ``engine.artichokes.describe``."""
        return describe_action(state, action)

    def automatic_action(self, state: ArtichokesState, seat: int, rng: random.Random) -> Action:
        """End the turn whenever it may, otherwise the first legal action (BGA "zombie" level
        0: it never helps or hurts anyone on purpose); an Eggplant pass gives the first two
        cards of the sorted hand."""
        legal = LegalActions(seat, tuple(d for d in decisions(state) if d.seat == seat))
        for action in legal:
            if action.key == "end":
                return action
        if len(legal):
            return legal[0]
        (decision,) = legal.decisions
        return Action(seat, decision.key_for(decision.options[: decision.min]))

    def greedy_action(self, view: View, rng: random.Random) -> Action:
        """See ``engine.artichokes.greedy``."""
        return greedy_action(view, rng)

    def search_style(self, seats: int) -> SearchStyle:
        """The tree with the search's own turn only from 3 seats on, every seat's at 2.
        ``benchmarks/table_sizes.py`` (100 games, 250 ms, one search seat against greedy
        seats): with every seat's moves in the tree it won 48 % at 3 seats and 36 % at 4
        (seed 1, 309 and 268 iterations a decision); with its own turn only 59 % and 46 %
        (seed 1), 55 % and 43 % (seed 101), at 476 and 423 iterations: the greedy playouts
        already play the other seats as greedy would."""
        return "own tree" if seats >= 3 else "tree"

    def search_record(self, seats: int) -> tuple[int, int] | None:
        """One search seat against greedy seats, 100 games each, seed 1, 250 ms a move: 73
        wins at 2 seats (``python -m engine arena artichokes --players 2 --seats
        search,greedy --games 100 --seed 1``, beside another search process), 59 at 3 and
        46 at 4 (``benchmarks/table_sizes.py --games 100 --seed 1``)."""
        return {2: (73, 100), 3: (59, 100), 4: (46, 100)}.get(seats)

    def rollout_action(
        self,
        state: ArtichokesState,
        pending: Sequence[Decision],
        seat: int,
        rng: random.Random,
    ) -> Action:
        """The greedy choices on a sampled state (``engine.artichokes.greedy``)."""
        return rollout_action(state, pending, seat, rng)

    def evaluate(self, state: ArtichokesState) -> list[float]:
        """Standing by Artichokes still owned (``engine.artichokes.greedy.evaluate``)."""
        return evaluate(state)


GAME = Artichokes()
