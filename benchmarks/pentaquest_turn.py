"""Two yardsticks for one Pentaquest seat's turn, used by ``pentaquest_headroom.py``.

Issue 27 asks a search seat at 3 and 4 seats to win 1.5 times its fair share against greedy
seats. These two players tell how much of that a seat's play within its own turn can give:

- :func:`expectimax_action`, **the in-turn optimum**: an honest player (it reads only its
  view). At each decision of its turn it computes, exactly, over every die the free reroll or a
  reroll card may bring, the play that maximises the turn's worth: 1 for a capture, plus
  ``army_worth`` for each army card left at the end of the turn (``../shared/rules/
  pentaquest.md``, "A turn" and "Powers": any subset rerolled, one-die powers on any die, a
  reroll card on any subset, cards one at a time, the free reroll gone once a card is used).
  The card it captures is greedy's (the hardest the dice beat). No play within a turn does
  better on that worth; a win is more than a turn's worth, so this measures how much a turn's
  decisions give at that price of an army card (``ARMY_WORTH``), not a proof of the most.
- :func:`foresight_action`, **a clairvoyant reference, not a player**: it reads the state, so
  it knows what every reroll of its own turn will show. At each decision it tries every move
  (a capture: greedy's card) on a copy, lets greedy finish the turn on it, and keeps the move
  whose turn captures, with the most army cards left (greedy's own move when none does
  better). No honest player can see its dice before it rolls them: what it wins over the
  in-turn optimum is what knowing the dice of a turn would be worth.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import engine
from engine.pentaquest import powers
from engine.pentaquest.greedy import greedy_action
from engine.pentaquest.matcher import (
    MASKS,
    OUTCOMES,
    PLACE,
    ROLL_CODES,
    code_dice,
    dice_code,
    quest_mask,
)
from engine.pentaquest.state import PentaquestState
from engine.pentaquest.view import PentaquestView
from engine.types import Action

POWERS = ("add", "sub", "addsub", "mirror", "reroll")
"""The powers, in the order of an army's counts (see :class:`TurnOptimum`)."""

ARMY_WORTH = 0.3
"""The default worth of an army card kept, against 1 for a capture, chosen with a prototype of
this module on 300 deals (seeds 1-300, 3 seats, one seat against greedy seats): 0.1 → 39.3 %
wins, 0.3 → 41.3 %, 0.5 → 36.3 %, 0.8 → 30.0 %; greedy in that seat 38.3 % (the 95 % interval
is about ±5.5 points)."""

CODES = sorted(ROLL_CODES)

Army = tuple[int, ...]
"""How many cards of each of :data:`POWERS` an army holds."""


def _one_die(power: str, code: int) -> list[tuple[int, int]]:
    """Every ``(value, code after)`` one card of a one-die ``power`` can make of five dice
    ``code``, with the face ``value`` it changes (``engine.pentaquest.powers``)."""
    found: set[tuple[int, int]] = set()
    for value in set(code_dice(code)):
        if power == "addsub":
            ends = [powers.changed(power, value, way) for way in powers.directions(value)]
        else:
            ends = [powers.changed(power, value)] if powers.can_change(power, value) else []
        found.update((value, code - PLACE[value] + PLACE[end]) for end in ends)
    return sorted(found)


ONE_DIE = {p: {c: _one_die(p, c) for c in CODES} for p in POWERS[:4]}


def rerolls(dice: Sequence[int]) -> dict[tuple[int, int], tuple[int, ...]]:
    """``(code of the dice kept, dice rerolled)`` -> the positions of one such reroll (at least
    one die), for every distinct reroll of ``dice``."""
    found: dict[tuple[int, int], tuple[int, ...]] = {}
    for subset in range(1, 32):
        positions = tuple(i for i in range(5) if subset >> i & 1)
        kept = dice_code(dice[i] for i in range(5) if i not in positions)
        found.setdefault((kept, len(positions)), positions)
    return found


KEEPS = {code: list(rerolls(code_dice(code))) for code in CODES}
ALL_KEEPS = sorted({keep for keeps in KEEPS.values() for keep in keeps})


class TurnOptimum:
    """The exact worth of every position of one turn against one quest area.

    A position is the code of five dice (``engine.pentaquest.matcher``), the army's counts
    (:data:`Army`) and the free rerolls left; its worth is the expected value of the turn's end
    under the best play: ``1 + army_worth * cards`` after a capture (the captured card joins
    the army), ``army_worth * cards`` after ending without one.
    """

    def __init__(self, quest: Sequence[int], army_worth: float = ARMY_WORTH) -> None:
        self.mask = quest_mask(quest)
        self.army_worth = army_worth
        self._tables: dict[tuple[Army, int], dict[int, float]] = {}
        self._expected: dict[tuple[Army, int], dict[tuple[int, int], float]] = {}

    def expect(self, army: Army, free: int = 0) -> dict[tuple[int, int], float]:
        """``(kept code, dice rerolled)`` -> the expected worth after that reroll, with
        ``army`` and ``free`` free rerolls left then."""
        key = (army, free)
        found = self._expected.get(key)
        if found is None:
            table = self.table(army, free)
            found = self._expected[key] = {
                (kept, k): sum(n * table[kept + code] for code, n in OUTCOMES[k]) / 6**k
                for kept, k in ALL_KEEPS
            }
        return found

    def table(self, army: Army, free: int = 0) -> dict[int, float]:
        """Code of five dice -> its worth with ``army`` and ``free`` free rerolls left."""
        key = (army, free)
        found = self._tables.get(key)
        if found is not None:
            return found
        if free:
            now = self.table(army)
            after = self.expect(army, free - 1)
            found = {c: max(now[c], max(after[k] for k in KEEPS[c])) for c in CODES}
        else:
            found = {
                c: max([self.end_now(army, c), *self.with_cards(army, c).values()]) for c in CODES
            }
        self._tables[key] = found
        return found

    def end_now(self, army: Army, code: int) -> float:
        """The worth of ending the turn now: with a capture when ``code`` beats a card."""
        cards = sum(army)
        if MASKS[code] & self.mask:
            return 1 + self.army_worth * (cards + 1)
        return self.army_worth * cards

    def with_cards(self, army: Army, code: int) -> dict[str, float]:
        """Power -> the worth of using one card of it on ``code`` now, at best (the powers
        ``army`` holds and can use on these dice; the free reroll is gone after it)."""
        found = {}
        for i, power in enumerate(POWERS):
            if not army[i]:
                continue
            rest = army[:i] + (army[i] - 1,) + army[i + 1 :]
            if power == "reroll":
                after = self.expect(rest)
                found[power] = max(after[k] for k in KEEPS[code])
            elif ONE_DIE[power][code]:
                table = self.table(rest)
                found[power] = max(table[c] for _, c in ONE_DIE[power][code])
        return found


@functools.lru_cache(maxsize=16)
def optimum(quest: tuple[int, ...], army_worth: float) -> TurnOptimum:
    """The :class:`TurnOptimum` of ``quest`` (ids), kept for the decisions of a turn."""
    return TurnOptimum(quest, army_worth)


def _army(view: PentaquestView, seat: int) -> Army:
    cards = view.players[seat].army or ()
    return tuple(sum(1 for c in cards if c.power == p) for p in POWERS)


def _positions(positions: Sequence[int]) -> str:
    return "+".join(map(str, positions))


def expectimax_action(
    view: PentaquestView, rng: random.Random, army_worth: float = ARMY_WORTH
) -> Action:
    """The in-turn optimum's move for ``view.viewer`` (see the module docstring); ``rng`` is
    unused. Raises ``ValueError`` when the viewer has nothing to decide."""
    seat = view.viewer
    if seat is None or not view.decisions:
        raise ValueError("the viewer has nothing to decide")
    kinds = {d.kind: d for d in view.decisions}
    army = _army(view, seat)
    dice = list(view.dice)
    code = dice_code(dice)
    turn = optimum(tuple(c.id for c in view.quest), army_worth)
    if view.phase == "turn":
        worth = turn.end_now(army, code)
        choices = [(worth, 3, "capture")] if "capture" in kinds else [(worth, 0, "end")]
        if "reroll" in kinds:
            after = turn.expect(army, view.free_rerolls - 1)
            choices += [(after[k], 1, "reroll:" + _positions(p)) for k, p in rerolls(dice).items()]
        own = {c.id: c.power for c in view.players[seat].army or ()}
        cards = turn.with_cards(army, code)
        for option in kinds["use"].options if "use" in kinds else ():
            choices.append((cards[own[int(option.split(":")[1])]], 2, option))
        best = max(choices, key=lambda c: c[0] + 1e-9 * c[1])[2]
        return greedy_action(view, rng) if best == "capture" else Action(seat, best)
    assert view.using is not None
    table = turn.table(army)  # the card in use has left the army
    if view.phase == "dice":
        after = turn.expect(army)
        keep = max(rerolls(dice).items(), key=lambda item: after[item[0]])
        return Action(seat, "dice:" + _positions(keep[1]))
    power = view.using.power
    if view.phase == "die":
        moves = [
            (table[c], i)
            for i, value in enumerate(dice)
            for v, c in ONE_DIE[power][code]
            if v == value and f"die:{i}" in kinds["die"].options
        ]
        return Action(seat, f"die:{max(moves)[1]}")
    assert view.chosen_die is not None
    value = dice[view.chosen_die]

    def worth(way: str) -> float:
        return table[code - PLACE[value] + PLACE[value + (1 if way == "plus" else -1)]]

    return Action(seat, max(kinds["direction"].options, key=worth))


def foresight_action(state: PentaquestState, seat: int, rng: random.Random) -> Action:
    """The clairvoyant reference's move for ``seat`` (see the module docstring): it reads
    ``state``, dice to come included, so it serves the benchmark and never plays in the bot.

    Raises:
        ValueError: a solo game (the turn never passes, so a copy would be played to the end).
    """
    if state.solo:
        raise ValueError("foresight plays multiplayer games only")
    own = greedy_action(engine.view(state, seat), rng)  # type: ignore[arg-type]
    options = [own.key]
    for decision in engine.legal_actions(state, seat).decisions:
        if decision.kind in ("reroll", "dice"):
            options += [f"{decision.kind}:{_positions(p)}" for p in rerolls(state.dice).values()]
        elif decision.kind not in ("cancel", "capture"):  # a capture: greedy's card only
            options += decision.options
    turn_start = state.score(seat)
    best: tuple[tuple[int, int], Action] | None = None
    for option in dict.fromkeys(options):  # greedy's move is tried once, first
        action = Action(seat, option)
        copy = state.clone()
        engine.apply(copy, action)
        while engine.outcome(copy) is None and copy.active == seat:
            engine.apply(copy, greedy_action(engine.view(copy, seat), rng))  # type: ignore[arg-type]
        worth = (copy.score(seat) - turn_start, len(copy.armies[seat]))
        if best is None or worth > best[0]:  # a tie keeps the earlier move: greedy's first
            best = (worth, action)
    assert best is not None
    return best[1]
