"""What one viewer may see — rules: ``shared/rules/pentaquest.md`` § Information.

Public [house]: the quest area, every army (unless armies are hidden), every discard pile,
the dice, the card in use, the deck size, free rerolls left, scores and the stall count.
Secret from everyone: the deck order. With hidden armies [house option] another seat's army
shows only its size until the game is over (the viewer's own army is always shown).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.contract import Common, View
from engine.pentaquest.cards import CARDS, Card
from engine.pentaquest.fix import FixCard, cheapest_fix
from engine.pentaquest.matcher import beaten
from engine.pentaquest.state import CANCEL_LIMIT, TURN_CAP, PentaquestState


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The public side of one seat.

    Attributes:
        seat: seat number.
        army: the unused captured cards, sorted by id; ``None`` when hidden from the viewer.
        army_count: how many cards the army holds (always public).
        discard: the used cards, in the order they were used (public).
        score: solo: the cards kept (army size); multiplayer: army + discard.
    """

    seat: int
    army: tuple[Card, ...] | None
    army_count: int
    discard: tuple[Card, ...]
    score: int

    @property
    def discard_count(self) -> int:
        """How many cards the discard pile holds."""
        return len(self.discard)


@dataclass(frozen=True, slots=True, kw_only=True)
class PentaquestView(View):
    """Everything ``viewer`` may see: the common fields (``engine.View``) and the game's own.

    ``scores`` (from ``View``): multiplayer, every seat's score (army + discard); solo, the
    cards kept while playing and after a win, ``None`` after a loss (a lost solo game has no
    score [ruling]).

    Attributes:
        solo: a one-seat game.
        phase: see ``engine.pentaquest.state.Phase``.
        active: whose turn it is (the last player once the game is over); ``first``: who began.
        turn: 1-based turn number (over all seats).
        dice: the five dice, by position.
        quest: the quest area's cards (id, name, tier, requirement, power), in reveal order.
        beaten: ids of the quest cards the dice beat now (empty once the game is over).
        highlight: whether the table highlights ``beaten`` and ``fix`` (the option, default on
            in solo); the fields are filled either way except ``fix``.
        fix: with the highlight on, when the dice beat nothing: the cheapest army fix of the
            active seat (at most 2 cards; ``None`` if there is none). Shown only to that seat
            when armies are hidden; ``None`` otherwise.
        deck_count: cards left in the deck (its order is secret).
        free_rerolls: free rerolls left this turn.
        using: the army card being used (out of its owner's army), or ``None``.
        chosen_die: the die an addsub card waits on for its direction, or ``None``.
        cancels_left: how many more times this turn a card in use may be put back.
        players: one ``PlayerView`` per seat.
        dry_turns: consecutive turns without a capture; ``dry_rounds``: full rounds of them.
        stall_rounds: the stall rule's K (``None``: off, or solo); ``turn_cap``: the turn cap
            when the stall rule is off in multiplayer, else ``None``.
        hidden_armies, first_turn_rerolls_everyone: the table options in force.
        result: how the game ended (``won``, ``lost``, ``complete``, ``stall``, ``turn_cap``).
    """

    solo: bool
    phase: str
    active: int
    first: int
    turn: int
    dice: tuple[int, ...]
    quest: tuple[Card, ...]
    beaten: tuple[int, ...]
    highlight: bool
    fix: tuple[FixCard, ...] | None
    deck_count: int
    free_rerolls: int
    using: Card | None
    chosen_die: int | None
    cancels_left: int
    players: tuple[PlayerView, ...]
    dry_turns: int
    dry_rounds: int
    stall_rounds: int | None
    turn_cap: int | None
    hidden_armies: bool
    first_turn_rerolls_everyone: bool
    result: str | None


def _cards(ids: list[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in ids)


def view(state: PentaquestState, viewer: int | None, common: Common) -> PentaquestView:
    """The ``PentaquestView`` of ``state`` for ``viewer`` (a seat, or ``None``)."""
    over = state.phase == "over"
    hide = state.options.hidden_armies and not over
    players = tuple(
        PlayerView(
            seat=s,
            army=None if hide and s != viewer else _cards(state.armies[s]),
            army_count=len(state.armies[s]),
            discard=_cards(state.discards[s]),
            score=state.score(s),
        )
        for s in range(state.seats)
    )
    caps = () if over else tuple(beaten(state.dice, state.quest))
    highlight = state.highlight()
    fix = None
    if (
        highlight
        and state.phase == "turn"
        and not caps
        and (not hide or viewer == state.active)
        and state.armies[state.active]
    ):
        fix = cheapest_fix(
            state.dice, state.quest, ((c, CARDS[c].power) for c in state.armies[state.active])
        )
    scores: tuple[int, ...] | None
    if state.solo:
        scores = None if state.result == "lost" else (len(state.armies[0]),)
    else:
        scores = tuple(p.score for p in players)
    stall = None if state.solo else state.options.stall_rounds
    return PentaquestView(
        **common.fields(),
        scores=scores,
        solo=state.solo,
        phase=state.phase,
        active=state.active,
        first=state.first,
        turn=state.turn,
        dice=tuple(state.dice),
        quest=_cards(state.quest),
        beaten=caps,
        highlight=highlight,
        fix=fix,
        deck_count=len(state.deck),
        free_rerolls=state.free_rerolls,
        using=CARDS[state.using] if state.using is not None else None,
        chosen_die=state.die,
        cancels_left=0 if over else CANCEL_LIMIT - state.cancels,
        players=players,
        dry_turns=state.dry_turns,
        dry_rounds=state.dry_turns // state.seats,
        stall_rounds=stall,
        turn_cap=TURN_CAP if not state.solo and stall is None else None,
        hidden_armies=state.options.hidden_armies,
        first_turn_rerolls_everyone=state.options.first_turn_rerolls_everyone,
        result=state.result,
    )
