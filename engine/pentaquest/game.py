"""Pentaquest behind the game contract (``engine.contract.Game``).

Outcome (``shared/rules/pentaquest.md`` § End and score):

- solo won: ``winners=(0,)``, reason ``"won"``, ``scores=(army size,)``, ``ranks=(1,)``;
- solo lost: ``winners=()``, ``draw=False``, reason ``"lost"``, ``scores=None``,
  ``ranks=None``. A lost game has no score [ruling], and the contract allows exactly this
  case (a solo game lost without a score) to carry none; the cards kept are in the view and
  the ``game_over`` event (``cards_kept``), never a score.
- multiplayer: ``scored_outcome`` of army + discard per seat, tie-break the unused army
  cards, still tied: a shared win; reason ``"complete"`` (deck and quest area empty),
  ``"stall"`` (the stall rule) or ``"turn_cap"`` (stall rule off, 300 turns).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.contract import (
    Common,
    Decision,
    Game,
    GameInfo,
    Outcome,
    Reference,
    ReferenceSection,
    View,
    scored_outcome,
)
from engine.pentaquest.cards import DECK, POWER_TEXT, POWERS
from engine.pentaquest.describe import describe_action
from engine.pentaquest.greedy import greedy_action
from engine.pentaquest.hidden import redistribute
from engine.pentaquest.lookahead import lookahead_action
from engine.pentaquest.rules import apply_legal, decisions
from engine.pentaquest.setup import new_game
from engine.pentaquest.state import (
    CANCEL_LIMIT,
    MAX_STALL_ROUNDS,
    SCHEMA_VERSION,
    TURN_CAP,
    PentaquestOptions,
    PentaquestState,
)
from engine.pentaquest.view import PentaquestView, view
from engine.playout import solo_greedy_move
from engine.types import Action, Event


def _max_actions() -> int:
    """A true bound on one game's actions: turns x the actions a turn can take without army
    cards (2 free rerolls, the cancels, the end or capture) + every card's uses (each card is
    used at most once a game, in at most 3 actions)."""
    cards = len(DECK)
    # before each capture and after the last one, fewer than K x seats dry turns
    turns = max(cards + (cards + 1) * MAX_STALL_ROUNDS * 4, TURN_CAP)
    per_turn = 2 + 3 * CANCEL_LIMIT + 1
    return turns * per_turn + 3 * cards


INFO = GameInfo(
    name="pentaquest",
    title="Pentaquest",
    min_players=1,
    max_players=4,
    chance=True,
    scoring="scores",
    options_model=PentaquestOptions,
    state_model=PentaquestState,
    schema_version=SCHEMA_VERSION,
    state_budget=4096,
    max_actions=_max_actions(),
    solo_score_scale=42,
)

OVERVIEW: tuple[str, ...] = (
    "Goal: capture the creatures of the quest area with five dice. A captured creature joins "
    "your army; its power can change your dice once, then it is discarded.",
    "**Your turn**, in this order:",
    "1. The quest area fills up to 5 creatures and you roll the five dice.",
    "2. Free reroll: once a turn, reroll any of the dice (the game's very first roll gets two).",
    "3. Army cards: use their powers one at a time. Once you have used one, the free reroll is "
    "gone.",
    "4. Capture one creature your dice beat: it joins your army and your turn ends.",
    "**Solo**: a turn without a capture loses the game. Capture every creature to win; your "
    "score is the number of army cards you never used.",
    "**Multiplayer**: the quest area is shared and a turn without a capture simply passes. "
    "Your score is your army plus your discard pile; a tie goes to the most unused army "
    "cards, and players still tied share the win.",
)
"""How the game goes, step by step (the Rules page's first part; catalog msgids)."""

CREATURES = (
    (
        "Four tiers",
        "42 creatures, from small folk (a pair, or one number) through raiders and monsters to "
        "legends (four of a kind, a run of five). The quest area shows what each one needs and "
        "its power.",
    ),
)
"""The house deck in one entry: the quest area shows every card's requirement and power
when it matters, so the Rules page does not list the 42 of them."""

REQUIREMENTS: tuple[tuple[str, str], ...] = (
    ("Numbers", "A number needs a die showing it: 2 2 needs two 2s."),
    (
        "Suns and moons",
        "All suns need dice of one value, all moons dice of one value (the same or another): "
        "sun sun is any pair, sun sun sun any three of a kind.",
    ),
    ("One die a symbol", "A die never counts for two symbols; extra dice do not matter."),
)

POWER_NAMES = {"add": "+1", "sub": "−1", "addsub": "±1", "mirror": "mirror", "reroll": "reroll"}
"""Each power as the table and its buttons write it (catalog msgids)."""

STALL_TEXT = (
    "Stall rule: when 3 full rounds in a row (or the number the table chose) pass without a "
    "capture, the game ends at once; the cards left score for nobody."
)
NO_STALL_TEXT = "The game ends when the deck and the quest area are empty, or after 300 turns."


class Pentaquest(Game[PentaquestState, PentaquestOptions]):
    """Pentaquest (solo and 2-4 players, dice) — ``shared/rules/pentaquest.md``."""

    info = INFO

    def setup(self, seats: int, options: PentaquestOptions, seed: int) -> PentaquestState:
        """§ Components and setup (see ``engine.pentaquest.setup.new_game``)."""
        return new_game(seats, options, seed)

    def decisions(self, state: PentaquestState) -> list[Decision]:
        """See ``engine.pentaquest.rules.decisions``."""
        return decisions(state)

    def apply(self, state: PentaquestState, action: Action) -> list[Event]:
        """See ``engine.pentaquest.rules.apply_legal``."""
        return apply_legal(state, action)

    def outcome(self, state: PentaquestState) -> Outcome | None:
        """§ End and score; the module docstring says how a solo loss is expressed."""
        result = state.result
        if result is None:
            return None
        if state.solo:
            if result == "won":
                return Outcome((0,), False, "won", (len(state.armies[0]),), (1,))
            return Outcome((), False, "lost", None, None)
        scores = [state.score(s) for s in range(state.seats)]
        unused = [len(army) for army in state.armies]
        return scored_outcome(scores, result, tie_break=unused)

    def view(self, state: PentaquestState, viewer: int | None, common: Common) -> PentaquestView:
        """§ Information (see ``engine.pentaquest.view``)."""
        return view(state, viewer, common)

    def redistribute(self, state: PentaquestState, viewer: int | None, rng: random.Random) -> None:
        """See ``engine.pentaquest.hidden.redistribute``."""
        redistribute(state, viewer, rng)

    def reference(self, options: PentaquestOptions) -> Reference:
        """How the game goes, the requirements, the powers, the end, and house deck v1 in
        one entry (the quest area shows each card when it matters)."""
        stall = STALL_TEXT if options.stall_rounds is not None else NO_STALL_TEXT
        rules = [("The end", stall)]
        if options.first_turn_rerolls_everyone:
            rules.append(("First turns", "Every player's first turn gets two free rerolls."))
        if options.hidden_armies:
            rules.append(
                (
                    "Hidden armies",
                    "You see only how many cards the other armies hold, until the end.",
                )
            )
        return Reference(
            OVERVIEW,
            (
                ReferenceSection("Requirements", REQUIREMENTS),
                ReferenceSection("Powers", tuple((POWER_NAMES[p], POWER_TEXT[p]) for p in POWERS)),
                ReferenceSection("Multiplayer", tuple(rules)),
                ReferenceSection("The creatures (house deck v1)", CREATURES),
            ),
        )

    def reference_texts(self) -> set[str]:
        """The reference's msgids and every creature's name: the quest area and the armies
        name them, though the Rules page no longer lists them one by one."""
        return super().reference_texts() | {card.name for card in DECK}

    def describe(self, state: PentaquestState, action: Action) -> str:
        """See ``engine.pentaquest.describe``."""
        return describe_action(state, action)

    def automatic_levels(self, seats: int) -> tuple[str, ...]:
        """No search level at 2 to 4 seats: the tree search plays worse than greedy there, so
        the lobby offers random and greedy only. At 2 seats greedy won 29 of 30 against it
        (arena round-robin, seed 1, 250 ms); at 3 and 4 seats one search seat won 14 and 6
        of 100 games against greedy seats with every seat's moves in its tree, 1 and 0 with
        its own turn only, below its fair share (``benchmarks/table_sizes.py``, seed 1).
        Paired searches from shared samples did no better than greedy in its seat at 3
        seats (prototypes, not kept; games seeded 1-80, the seat rotating, against two
        greedy seats; greedy itself won 27 of 80 there): choosing the card to capture by
        playouts to the seat's next turn (score difference plus the chance to capture then)
        won 29 of 80 at 250 ms, by whole greedy playouts 30 of 80 at 1 s; weighing every
        decision of the turn (captures, rerolls, army cards, ending) 26 of 80 at 250 ms, and
        14 of 40 with whole playouts at 1 s (greedy: 14 of 40). The dice decide most of a
        multiplayer game, and greedy already captures whenever it can. One seat's play moves
        its wins little (``benchmarks/pentaquest_headroom.py``, 1,500 deals, seeds 1 and
        1501): greedy won 35-36 % at 3 seats and 28-29 % at 4; capturing the easiest card,
        or the one that leaves the next seat the hardest quest area, or rerolling before any
        army card, did the same within the noise, and using army cards before the free reroll
        halved the wins, because ties on score at the top (39 % of 3-seat games, 61 % of
        4-seat) go to the most unused army cards. Even the exact best play within a turn
        (``benchmarks/pentaquest_turn.py``) won only 1.3-2.8 points more than greedy there.
        A solo game seats no automatic player; its
        paired search, which ``engine arena`` plays, beats greedy."""
        if seats >= 2:
            return ("random", "greedy")
        return super().automatic_levels(seats)

    def greedy_action(self, view: View, rng: random.Random) -> Action:
        """See ``engine.pentaquest.greedy``."""
        assert isinstance(view, PentaquestView)
        return greedy_action(view, rng)

    def lookahead_action(self, view: View, rng: random.Random) -> Action:
        """See ``engine.pentaquest.lookahead``."""
        assert isinstance(view, PentaquestView)
        return lookahead_action(view, rng)

    def rollout_action(
        self, state: PentaquestState, pending: Sequence[Decision], seat: int, rng: random.Random
    ) -> Action:
        """``engine.playout.solo_greedy_move``: greedy alone, random with more seats."""
        return solo_greedy_move(self, state, pending, seat, rng)


GAME = Pentaquest()
