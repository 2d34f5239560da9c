"""Build Verso positions by hand for rule tests.

Cards are written as the side that lies up, optionally with its VP, its down side and a mark
that the down side has been seen: ``"B3"`` (any Blue 3), ``"B3:3"`` (a Blue 3 worth 3 VP),
``"GJ"`` (a Green joker), ``"B3:1/G4"`` (a Blue 3 worth 1 VP whose back is a Green 4),
``"O5!"`` (an Orange 5 whose back has been seen). The builder takes, for each, the first deck
card that fits and is not used yet; every card not placed is out of the game.
"""

from __future__ import annotations

import re
from collections import Counter

import engine
from engine.types import Action, Event
from engine.verso.cards import CARD_COUNT, COLOUR, KIND, LETTERS, NUMBER, VP
from engine.verso.state import VersoState

_SPEC = re.compile(r"^([BGO])([1-6J])(?::([13]))?(?:/([BGO])([1-6J])(?::([13]))?)?(!)?$")


def _fits(face: int, letter: str, number: str, vp: str | None) -> bool:
    return (
        LETTERS[COLOUR[face]] == letter
        and NUMBER[face] == (0 if number == "J" else int(number))
        and (vp is None or VP[face] == int(vp))
    )


def pick(spec: str, used: set[int]) -> tuple[int, bool]:
    """The face for ``spec`` (see the module docstring) from a card not in ``used`` (which
    it joins), and whether its down side is marked seen.

    Raises:
        ValueError: a malformed spec, or no unused card fits.
    """
    m = _SPEC.match(spec)
    if not m:
        raise ValueError(f"bad card spec {spec!r}")
    c, n, vp, dc, dn, dvp, seen = m.groups()
    for face in range(2 * CARD_COUNT):
        if face >> 1 in used or not _fits(face, c, n, vp):
            continue
        if dc is not None and not _fits(face ^ 1, dc, dn, dvp):
            continue
        used.add(face >> 1)
        return face, seen is not None
    raise ValueError(f"no unused card fits {spec!r}")


def position(
    tableaux: list[list[str]],
    *,
    pile: list[str] | None = None,
    discard: list[str] | None = None,
    scores: list[int] | None = None,
    squares: list[bool] | None = None,
    active: int = 0,
    phase: str = "turn",
    finals: dict[int, str] | None = None,
    seed: int = 7,
) -> VersoState:
    """A state with exactly these tableaux (one list per seat), Draw Pile (top last) and
    Discard Pile; every other card is out of the game."""
    used: set[int] = set()
    seats = len(tableaux)
    tabs: list[list[int]] = []
    seen: list[int] = []
    for specs in tableaux:
        faces = []
        for spec in specs:
            face, was_seen = pick(spec, used)
            faces.append(face)
            if was_seen:
                seen.append(face >> 1)
        faces.sort(key=KIND.__getitem__)
        tabs.append(faces)
    pile_faces = [pick(spec, used)[0] for spec in pile or []]
    discard_faces = [pick(spec, used)[0] for spec in discard or []]
    return VersoState(
        seed=seed,
        seats=seats,
        pile=pile_faces,
        out=sorted(set(range(CARD_COUNT)) - used),
        tableaux=tabs,
        seen=sorted(seen),
        discard=discard_faces,
        scores=list(scores or [0] * seats),
        squares=list(squares or [False] * seats),
        active=active,
        phase=phase,  # type: ignore[arg-type]
        finals=dict(finals or {}),
    )


def act(state: VersoState, seat: int, key: str) -> list[Event]:
    """Apply ``seat``'s action ``key`` through the public engine API."""
    return engine.apply(state, Action(seat, key))


def keys(state: VersoState, seat: int) -> list[str]:
    """``seat``'s legal action keys."""
    return [a.key for a in engine.legal_actions(state, seat)]


def kinds(events: list[Event]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def codes(tableau: list[int]) -> list[str]:
    """The tableau's up sides as codes (``"B3"``, ``"GJ"``), in tableau order."""
    from engine.verso.cards import side_code

    return [side_code(f) for f in tableau]


def row_codes(state: VersoState, seat: int) -> list[str]:
    """``seat``'s tableau as side codes."""
    return codes(state.tableaux[seat])


def accounted(state: VersoState) -> Counter[int]:
    """Every card of the game wherever it is (each must appear exactly once)."""
    cards: Counter[int] = Counter(state.out)
    cards.update(f >> 1 for f in state.pile)
    cards.update(f >> 1 for f in state.discard)
    for tableau in state.tableaux:
        cards.update(f >> 1 for f in tableau)
    return cards
