"""Two yardsticks for one Pentaquest seat's turn, used by ``pentaquest_headroom.py``.

Issue 27 asks a search seat at 3 and 4 seats to win 1.5 times its fair share against greedy
seats. These two players tell how much of that a seat's play within its own turn can give:

- :func:`expectimax_action`, **the in-turn optimum**: an honest player (it reads only its
  view). At each decision of its turn it computes, exactly, over every die the free reroll or a
  reroll card may bring, the play that maximises the turn's worth: 1 for a capture, plus
  ``army_worth`` for each army card left at the end of the turn (``../shared/rules/
  pentaquest.md``, "A turn" and "Powers": any subset rerolled, one-die powers on any die, a
  reroll card on any subset, cards one at a time, the free reroll gone once a card is used).
  It captures, like greedy, the hardest card the dice beat. No play within a turn does better
  on that worth, so what it wins over greedy is all a turn's decisions can give for that price
  of an army card.
- :func:`foresight_action`, **a bound, not a player**: it reads the state, so it knows what
  every reroll of its own turn will show. At each decision it tries every legal move on a copy,
  lets greedy finish the turn on it, and keeps the move whose turn captures, with the most army
  cards left. No honest player can see its dice before it rolls them; what foresight wins over
  the in-turn optimum is what luck within a turn is worth, not what play is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import engine
from engine.pentaquest.greedy import greedy_action
from engine.pentaquest.matcher import MASKS, OUTCOMES, PLACE, ROLL_CODES, dice_code, quest_mask
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
    """Every ``(value, code after)`` a one-die ``power`` can make of five dice ``code``, with
    the face ``value`` it changes."""
    found: set[tuple[int, int]] = set()
    for value in range(1, 7):
        if not (code // PLACE[value]) % 6:
            continue
        ends = []
        if power in ("add", "addsub") and value < 6:
            ends.append(value + 1)
        if power in ("sub", "addsub") and value > 1:
            ends.append(value - 1)
        if power == "mirror":
            ends.append(7 - value)
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


def _sorted_dice(code: int) -> list[int]:
    return [face for face in range(1, 7) for _ in range((code // PLACE[face]) % 6)]


KEEPS = {code: list(rerolls(_sorted_dice(code))) for code in CODES}
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

    def expect(self, table: dict[int, float]) -> dict[tuple[int, int], float]:
        """``(kept code, dice rerolled)`` -> the expected worth in ``table`` after the reroll."""
        return {
            (kept, k): sum(n * table[kept + code] for code, n in OUTCOMES[k]) / 6**k
            for kept, k in ALL_KEEPS
        }

    def table(self, army: Army, free: int = 0) -> dict[int, float]:
        """Code of five dice -> its worth with ``army`` and ``free`` free rerolls left."""
        key = (army, free)
        found = self._tables.get(key)
        if found is not None:
            return found
        if free:
            now = self.table(army)
            after = self.expect(self.table(army, free - 1))
            found = {c: max(now[c], max(after[k] for k in KEEPS[c])) for c in CODES}
        else:
            found = self._without_free(army)
        self._tables[key] = found
        return found

    def _without_free(self, army: Army) -> dict[int, float]:
        cards = sum(army)
        smaller = {}
        for i, power in enumerate(POWERS):
            if army[i]:
                smaller[power] = self.table(army[:i] + (army[i] - 1,) + army[i + 1 :])
        after_card = self.expect(smaller["reroll"]) if "reroll" in smaller else None
        found = {}
        for code in CODES:
            if MASKS[code] & self.mask:
                best = 1 + self.army_worth * (cards + 1)
            else:
                best = self.army_worth * cards
            if after_card is not None:
                best = max(best, max(after_card[k] for k in KEEPS[code]))
            for power, table in smaller.items():
                if power != "reroll":
                    best = max([best, *(table[c] for _, c in ONE_DIE[power][code])])
            found[code] = best
        return found


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
    turn = TurnOptimum([c.id for c in view.quest], army_worth)
    if view.phase == "turn":
        if "capture" in kinds:
            worth = 1 + army_worth * (sum(army) + 1)
            choices = [(worth, 3, "capture")]
        else:
            choices = [(army_worth * sum(army), 0, "end")]
        if "reroll" in kinds:
            after = turn.expect(turn.table(army, view.free_rerolls - 1))
            choices += [(after[k], 1, "reroll:" + _positions(p)) for k, p in rerolls(dice).items()]
        own = {c.id: c.power for c in view.players[seat].army or ()}
        for option in kinds["use"].options if "use" in kinds else ():
            power = own[int(option.split(":")[1])]
            i = POWERS.index(power)
            table = turn.table(army[:i] + (army[i] - 1,) + army[i + 1 :])
            if power == "reroll":
                after = turn.expect(table)
                worth = max(after[k] for k in KEEPS[code])
            else:
                worth = max(table[c] for _, c in ONE_DIE[power][code])
            choices.append((worth, 2, option))
        best = max(choices, key=lambda c: c[0] + 1e-9 * c[1])[2]
        return greedy_action(view, rng) if best == "capture" else Action(seat, best)
    assert view.using is not None
    table = turn.table(army)  # the card in use has left the army
    if view.phase == "dice":
        after = turn.expect(table)
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
    """Foresight's move for ``seat`` (see the module docstring): it reads ``state``, dice to
    come included, so it is a bound for the benchmark and never a player of the bot."""
    turn_start = state.score(seat)
    best: tuple[tuple[int, int], Action] | None = None
    for decision in engine.legal_actions(state, seat).decisions:
        if decision.kind == "cancel":
            continue
        if decision.kind in ("reroll", "dice"):
            options = [f"{decision.kind}:{_positions(p)}" for p in rerolls(state.dice).values()]
        else:
            options = list(decision.options)
        for option in options:
            action = Action(seat, option)
            copy = state.clone()
            engine.apply(copy, action)
            while engine.outcome(copy) is None and copy.active == seat:
                engine.apply(copy, greedy_action(engine.view(copy, seat), rng))  # type: ignore[arg-type]
            worth = (copy.score(seat) - turn_start, len(copy.armies[seat]))
            if best is None or worth > best[0]:
                best = (worth, action)
    assert best is not None
    return best[1]
