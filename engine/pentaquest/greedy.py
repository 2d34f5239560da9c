"""The greedy automatic player: the best immediate move on what the view shows.

It reads only the view (dice, quest area, its own army, its decisions), never the state:

- **capture**: whenever the dice beat a card, it captures the hardest one (the fewest of the
  7,776 rolls beat it) at once;
- **rerolls** (free, or a reroll card's): it keeps the dice that serve the visible quest cards
  best: every hold is scored by the exact chance, over the rerolled dice, of a roll that beats
  a quest card, counting a roll that its own army can fix with one or two cards a little
  lower (0.8 / 0.6), with a small bonus for harder cards;
- **army cards** only to avoid a turn without a capture: when the dice beat nothing and no
  free reroll is worth more, the cheapest fix (``engine.pentaquest.fix``), else a reroll
  card; otherwise it ends the turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.contract import Decision
from engine.pentaquest.fix import MAX_FIX_CARDS, ONE_DIE_POWERS, cheapest_fix
from engine.pentaquest.matcher import (
    BIT,
    MASKS,
    OUTCOMES,
    PLACE,
    ROLL_CODES,
    ROLLS,
    code_dice,
    dice_code,
    quest_mask,
)
from engine.pentaquest.view import PentaquestView
from engine.types import Action

FIX_VALUE = (1.0, 0.8, 0.6)
"""The worth of a roll that beats a card with 0, 1 or 2 army cards."""

HARD_BONUS = 0.05
"""The most a harder card adds to a roll's worth."""


def hardness(card: int) -> float:
    """0 (beaten by most rolls) .. 1 (beaten by fewer than 1 roll in 1,000)."""
    return min(1.0, -math.log10(ROLLS[card] / 7776) / 3)


def _neighbours() -> dict[str, dict[int, tuple[int, ...]]]:
    """Power -> code of five dice -> the codes one card of that power can turn it into."""
    table: dict[str, dict[int, tuple[int, ...]]] = {}
    for power in ONE_DIE_POWERS:
        table[power] = {}
        for code in ROLL_CODES:
            found = set()
            for value in set(code_dice(code)):
                if power in ("add", "addsub") and value < 6:
                    found.add(code - PLACE[value] + PLACE[value + 1])
                if power in ("sub", "addsub") and value > 1:
                    found.add(code - PLACE[value] + PLACE[value - 1])
                if power == "mirror":
                    found.add(code - PLACE[value] + PLACE[7 - value])
            table[power][code] = tuple(sorted(found))
    return table


NEIGHBOURS = _neighbours()


def _inverse() -> dict[str, dict[int, tuple[int, ...]]]:
    """Power -> code -> the codes from which one card of that power reaches it."""
    table: dict[str, dict[int, list[int]]] = {p: {c: [] for c in ROLL_CODES} for p in NEIGHBOURS}
    for power, by_code in NEIGHBOURS.items():
        for code, targets in by_code.items():
            for target in targets:
                table[power][target].append(code)
    return {p: {c: tuple(v) for c, v in t.items()} for p, t in table.items()}


INVERSE = _inverse()

_WORTH: dict[tuple[int, tuple[tuple[str, int], ...]], dict[int, float]] = {}


def _reaching(power: str, codes: set[int]) -> set[int]:
    inverse = INVERSE[power]
    found: set[int] = set()
    for code in codes:
        found.update(inverse[code])
    return found


def worth_table(quest: Sequence[int], counts: dict[str, int]) -> dict[int, float]:
    """Code of five dice -> its worth against ``quest`` (ids) for an army holding
    ``counts`` one-die cards per power (see :data:`FIX_VALUE`, :data:`HARD_BONUS`)."""
    qmask = quest_mask(quest)
    capped = tuple(sorted((p, min(n, MAX_FIX_CARDS)) for p, n in counts.items() if n))
    key = (qmask, capped)
    table = _WORTH.get(key)
    if table is not None:
        return table
    table = dict.fromkeys(ROLL_CODES, 0.0)
    hard = {c: hardness(c) for c in quest}
    direct = set()
    for code in ROLL_CODES:
        mask = MASKS[code] & qmask
        if mask:
            direct.add(code)
            table[code] = FIX_VALUE[0] + HARD_BONUS * max(
                h for c, h in hard.items() if mask & BIT[c]
            )
    avail = dict(capped)
    one = {p: _reaching(p, direct) - direct for p in avail}
    fixed1 = set().union(*one.values()) if one else set()
    for code in fixed1:
        table[code] = FIX_VALUE[1]
    if MAX_FIX_CARDS >= 2:
        fixed2: set[int] = set()
        for p in avail:
            for q in avail:
                if q != p or avail[p] >= 2:
                    fixed2 |= _reaching(p, one[q])
        for code in fixed2 - fixed1 - direct:
            table[code] = FIX_VALUE[2]
    if len(_WORTH) > 1_000:
        _WORTH.clear()
    _WORTH[key] = table
    return table


def best_reroll(
    dice: Sequence[int], quest: Sequence[int], counts: dict[str, int]
) -> tuple[float, list[int]]:
    """The best dice to reroll (positions, at least one) and the expected worth of the roll
    that follows (see :func:`worth_table`)."""
    table = worth_table(quest, counts)
    seen: dict[tuple[int, int], float] = {}
    best: tuple[float, int, list[int]] | None = None
    for subset in range(1, 32):
        positions = [i for i in range(5) if subset >> i & 1]
        kept = dice_code(dice[i] for i in range(5) if not subset >> i & 1)
        k = len(positions)
        value = seen.get((kept, k))
        if value is None:
            total = sum(n * table[kept + code] for code, n in OUTCOMES[k])
            value = seen[(kept, k)] = total / 6**k
        candidate = (value, -k, positions)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    assert best is not None
    return best[0], best[2]


def _decision(view: PentaquestView, kind: str) -> Decision | None:
    for d in view.decisions:
        if d.kind == kind:
            return d
    return None


def greedy_action(view: PentaquestView, rng: random.Random) -> Action:
    """The greedy move of ``view.viewer`` (see the module docstring); deterministic, ``rng``
    is unused.

    Raises:
        ValueError: the viewer has nothing to decide.
    """
    seat = view.viewer
    if seat is None or not view.decisions:
        raise ValueError("the viewer has nothing to decide")
    me = view.players[seat]
    army = [(c.id, c.power) for c in (me.army or ())]
    counts: dict[str, int] = {}
    for _, power in army:
        if power in ONE_DIE_POWERS:
            counts[power] = counts.get(power, 0) + 1
    dice = list(view.dice)
    quest = [c.id for c in view.quest]
    phase = view.phase
    if phase == "turn":
        capture = _decision(view, "capture")
        if capture is not None:
            ids = [int(o.split(":")[1]) for o in capture.options]
            target = min(ids, key=lambda c: (ROLLS[c], c))
            return Action(seat, f"capture:{target}")
        now = cheapest_fix(dice, quest, army)
        if _decision(view, "reroll") is not None:
            value, positions = best_reroll(dice, quest, counts)
            worth_now = FIX_VALUE[len(now)] if now is not None else 0.0
            if value >= worth_now or _decision(view, "use") is None:
                return Action(seat, "reroll:" + "+".join(str(p) for p in positions))
        use = _decision(view, "use")
        if use is not None:
            if now:
                return Action(seat, f"use:{now[0].card}")
            rerolls = sorted(c for c, p in army if p == "reroll")
            if rerolls and f"use:{rerolls[0]}" in use.options:
                return Action(seat, f"use:{rerolls[0]}")
        return Action(seat, "end")
    if phase == "dice":
        _, positions = best_reroll(dice, quest, counts)
        return Action(seat, "dice:" + "+".join(str(p) for p in positions))
    assert view.using is not None
    if phase == "die":
        fix = cheapest_fix(dice, quest, army, first=(view.using.id, view.using.power))
        if fix:
            return Action(seat, f"die:{fix[0].die}")
        if _decision(view, "cancel") is not None:
            return Action(seat, "cancel")
        return Action(seat, _decision(view, "die").options[0])  # type: ignore[union-attr]
    # direction: the way that leaves the cheapest fix
    assert view.chosen_die is not None
    die = view.chosen_die
    choices = []
    for way in _decision(view, "direction").options:  # type: ignore[union-attr]
        after = dice[:]
        after[die] += 1 if way == "plus" else -1
        fix = cheapest_fix(after, quest, army)
        choices.append((len(fix) if fix is not None else 9, way))
    return Action(seat, min(choices)[1])
