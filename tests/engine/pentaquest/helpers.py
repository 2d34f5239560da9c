"""Build Pentaquest positions by hand for rule tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

import engine
from engine.contract import Decision
from engine.pentaquest.cards import DECK
from engine.pentaquest.state import PentaquestOptions, PentaquestState
from engine.types import Action, Event

ID: dict[str, int] = {card.name: card.id for card in DECK}
"""Card name -> id."""

# a few cards by what they need (house deck v1)
GOBLIN = ID["Goblin Scout"]  # sun sun, add
KOBOLD = ID["Kobold Tunneler"]  # sun sun, sub
RAT = ID["Giant Rat"]  # sun sun, add
FIRE_IMP = ID["Fire Imp"]  # 6, add
PIXIE = ID["Pixie"]  # 1, sub
BROWNIE = ID["Brownie"]  # 3, mirror
BOGGART = ID["Boggart"]  # 2 sun sun, addsub
WISP = ID["Will-o'-the-Wisp"]  # 5 sun sun, reroll
HARPY = ID["Harpy"]  # 4 5 6, reroll
WEREWOLF = ID["Werewolf"]  # sun sun sun, addsub
KELPIE = ID["Kelpie"]  # 6 6, add
CYCLOPS = ID["Cyclops"]  # 2 2 2, add
TROLL = ID["Troll"]  # 6 6 6, reroll
SPHINX = ID["Sphinx"]  # 1 2 3 4 5, mirror
DRAGON = ID["Dragon"]  # 6 6 6 6, addsub
KRAKEN = ID["Kraken"]  # 1 1 1 2, addsub
HYDRA = ID["Hydra"]  # sun sun sun sun, reroll
GRIFFIN = ID["Griffin"]  # 3 4 5 6, add
BANSHEE = ID["Banshee"]  # 1 1 1, sub
OGRE = ID["Ogre"]  # 3 3 3, add

NOTHING = (1, 2, 3, 4, 6)
"""Dice that beat none of Dragon, Kraken, Troll, Cyclops, Banshee, Hydra, Sphinx."""

LEGENDS = [DRAGON, KRAKEN, TROLL, CYCLOPS, BANSHEE]
"""A quest area that ``NOTHING`` does not beat."""


def position(
    *,
    dice: tuple[int, ...] | list[int] = NOTHING,
    quest: list[int] | None = None,
    deck: list[int] | None = None,
    armies: list[list[int]] | None = None,
    discards: list[list[int]] | None = None,
    seats: int | None = None,
    active: int = 0,
    turn: int = 5,
    free_rerolls: int = 1,
    phase: str = "turn",
    dry_turns: int = 0,
    using: int | None = None,
    die: int | None = None,
    cancels: int = 0,
    seed: int = 7,
    **options: Any,
) -> PentaquestState:
    """A state with exactly the given zones (the deck lists its top last). ``seats`` defaults
    to the number of ``armies`` (else 1). Unlisted zones are empty; the quest area defaults
    to :data:`LEGENDS`. Cards need not add up to 42: rule tests look at the zones they touch.
    """
    if seats is None:
        seats = len(armies) if armies is not None else 1
    armies = armies or [[] for _ in range(seats)]
    discards = discards or [[] for _ in range(seats)]
    return PentaquestState(
        seed=seed,
        seats=seats,
        options=PentaquestOptions(**options),
        deck=list(deck or []),
        quest=list(LEGENDS if quest is None else quest),
        armies=[sorted(a) for a in armies],
        discards=[list(d) for d in discards],
        dice=list(dice),
        active=active,
        turn=turn,
        phase=phase,  # type: ignore[arg-type]
        free_rerolls=free_rerolls,
        dry_turns=dry_turns,
        using=using,
        die=die,
        cancels=cancels,
    )


def act(state: PentaquestState, seat: int, key: str) -> list[Event]:
    """Apply ``seat``'s action ``key`` through the public engine API."""
    return engine.apply(state, Action(seat, key))


def keys(state: PentaquestState, seat: int = 0) -> list[str]:
    """``seat``'s listed (single-select) legal action keys."""
    return [a.key for a in engine.legal_actions(state, seat)]


def kinds_of(state: PentaquestState, seat: int = 0) -> list[str]:
    """The kinds of ``seat``'s pending decisions, in order."""
    return [d.kind for d in engine.decisions(state, seat)]


def decision(state: PentaquestState, kind: str, seat: int = 0) -> Decision:
    """``seat``'s pending decision of ``kind``.

    Raises:
        LookupError: there is none.
    """
    for d in engine.decisions(state, seat):
        if d.kind == kind:
            return d
    raise LookupError(kind)


def legal(state: PentaquestState, key: str, seat: int = 0) -> bool:
    """Whether ``seat`` may take ``key`` now (multi-select keys included)."""
    return Action(seat, key) in engine.legal_actions(state, seat)


def kinds(events: list[Event]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    """The first event of ``kind``.

    Raises:
        LookupError: there is none.
    """
    for e in events:
        if e.kind == kind:
            return e
    raise LookupError(kind)


def accounted(state: PentaquestState) -> Counter[int]:
    """Every card of the game wherever it is (each must appear exactly once)."""
    cards: Counter[int] = Counter(state.deck)
    cards.update(state.quest)
    for army in state.armies:
        cards.update(army)
    for pile in state.discards:
        cards.update(pile)
    if state.using is not None:
        cards[state.using] += 1
    return cards
