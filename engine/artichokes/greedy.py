"""The greedy automatic player of Abandon All Artichokes (BGA "zombie" level 2) — it reads the
viewer's view only, never the state.

Cards are ranked by how directly they get Artichokes out of the game (``PRIORITY``): Carrot,
Broccoli, Eggplant and Onion compost Artichokes, Potato may, Beet and Corn move them around, the
rest shuffle other cards. The player harvests the best card it could play, plays its best
playable card until only weak ones are left, then ends the turn; it passes Artichokes first,
keeps and takes the best cards, and puts Artichokes on opponents' piles.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.artichokes.cards import (
    ARTICHOKE,
    BEET,
    BROCCOLI,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK,
    ONION,
    PEAS,
    PEPPER,
    POTATO,
    RHUBARB,
)
from engine.artichokes.state import ArtichokesState
from engine.artichokes.view import ArtichokesView
from engine.contract import Decision, View
from engine.errors import IllegalAction
from engine.types import Action

PRIORITY: dict[str, int] = {
    CARROT: 9,
    BROCCOLI: 8,
    EGGPLANT: 7,
    ONION: 7,
    POTATO: 6,
    BEET: 5,
    CORN: 5,
    RHUBARB: 4,
    PEPPER: 4,
    LEEK: 3,
    PEAS: 3,
    ARTICHOKE: 0,
}
"""How much a card helps its holder get rid of Artichokes (higher is better)."""
WORTH_PLAYING = 4
"""Cards below this priority are not played when ending the turn is possible."""


def greedy_action(view: View, rng: random.Random) -> Action:
    """The greedy player's answer to the viewer's decisions (see the module docstring).

    Raises:
        IllegalAction: the viewer has nothing to decide.
    """
    assert isinstance(view, ArtichokesView)
    seat = view.viewer
    mine = {d.kind: d for d in view.decisions}
    if seat is None or not mine:
        raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")
    revealed = view.revealed[-1] if view.revealed else ARTICHOKE
    return _choose(seat, mine, view.hand or (), revealed, rng, drop_committed=True)


def _choose(
    seat: int,
    mine: dict[str, Decision],
    hand: Sequence[str],
    revealed: str,
    rng: random.Random,
    *,
    drop_committed: bool,
) -> Action:
    """The greedy choice among ``seat``'s decisions ``mine`` (by kind), knowing its ``hand``
    and the last ``revealed`` card; ``drop_committed``: never re-choose a committed option."""
    if "pass" in mine:
        return Action(seat, _pass(mine["pass"]))
    if "play" in mine:
        best = max(mine["play"].options, key=lambda k: PRIORITY[_card(k)])
        if PRIORITY[_card(best)] >= WORTH_PLAYING or "end" not in mine:
            return Action(seat, best)
    if "end" in mine:
        return Action(seat, "end")
    (kind, decision), *_ = mine.items()
    options = decision.options
    if drop_committed:
        options = tuple(o for o in options if (o,) != decision.committed)
    if kind == "harvest":
        return Action(seat, max(options, key=lambda k: (_harvest_worth(_card(k), hand), k)))
    if kind == "leek":
        return Action(seat, "leek:discard" if revealed == ARTICHOKE else "leek:hand")
    if kind in ("corn", "peas", "pepper"):
        return Action(seat, max(options, key=lambda k: (PRIORITY.get(_card(k), 0), k)))
    return Action(seat, rng.choice(options))  # an opponent: none is better than another


def _card(key: str) -> str:
    return key.partition(":")[2]


def _pass(decision: Decision) -> str:
    """Artichokes first, then the weakest cards."""
    ranked = sorted(decision.options, key=lambda c: (PRIORITY.get(c, 0), c))
    return decision.key_for(ranked[: decision.max])


def _harvest_worth(card: str, hand: Sequence[str]) -> int:
    """A harvested card is worth its priority, more when the hand lets it be played now."""
    artichokes = hand.count(ARTICHOKE)
    playable = {
        CARROT: artichokes >= 2,
        BROCCOLI: artichokes >= 2,  # with the harvested card kept, a third may come
        EGGPLANT: artichokes >= 1,
        ONION: artichokes >= 1,
        CORN: artichokes >= 1,
    }.get(card, True)
    return PRIORITY.get(card, 0) * (2 if playable else 1)


def rollout_action(
    state: ArtichokesState, pending: Sequence[Decision], seat: int, rng: random.Random
) -> Action:
    """The same choices as :func:`greedy_action`, read straight off a *sampled* state and its
    ``pending`` decisions, for a search player's playouts (fast: no view is built)."""
    mine = {d.kind: d for d in pending if d.seat == seat}
    revealed = state.revealed[-1] if state.revealed else ARTICHOKE
    return _choose(seat, mine, state.players[seat].hand, revealed, rng, drop_committed=False)


def evaluate(state: ArtichokesState) -> list[float]:
    """Each seat's standing by the Artichokes it still owns (Personal Deck, hand and Discard
    Pile): fewer than the best opponent is better; 0.5 when level."""
    owned = [
        (z.deck.count(ARTICHOKE) + z.hand.count(ARTICHOKE) + z.discard.count(ARTICHOKE))
        for z in state.players
    ]
    values = []
    for seat, mine in enumerate(owned):
        best_other = min(n for s, n in enumerate(owned) if s != seat)
        values.append(min(1.0, max(0.0, 0.5 + 0.08 * (best_other - mine))))
    return values
