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

from engine.contract import Game, GameInfo, Outcome, Reference, ReferenceSection, scored_outcome
from engine.pentaquest.cards import DECK, POWER_TEXT, POWERS
from engine.pentaquest.describe import describe_action
from engine.pentaquest.hidden import redistribute
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
from engine.pentaquest.undo import final_step
from engine.pentaquest.view import view


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
"""How the game goes, in order (the Rules page's first part; catalog msgids)."""

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


def outcome(state: PentaquestState) -> Outcome | None:
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


def reference(options: PentaquestOptions) -> Reference:
    """How the game goes, the requirements, the powers, the end, and house deck v1 in one
    entry (the quest area shows each card when it matters)."""
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


GAME: Game[PentaquestState, PentaquestOptions] = Game(
    info=INFO,
    setup=new_game,
    decisions=decisions,
    apply=apply_legal,
    outcome=outcome,
    view=view,
    redistribute=redistribute,
    reference=reference,
    describe=describe_action,
    final_step=final_step,
    # the quest area and the armies name every creature, though the Rules page does not
    extra_texts=frozenset(card.name for card in DECK),
)
"""Pentaquest (solo and 2-4 players, dice) — ``shared/rules/pentaquest.md``."""
