"""Pending decisions and the effects of their answers — rules: ``shared/rules/verso.md``.

Action keys (ASCII, at most 60 characters; ``<code>`` is a series code, see
``engine.verso.series``: colour letter then the numbers in order, ``J`` where the joker
stands, e.g. ``B345``, ``G3J5``, ``O45J``):

=================  =========  ==================================================================
key                phase      meaning
=================  =========  ==================================================================
``draw:keep``      turn       draw the top card and keep it as it lies (not offered when its
                              shown side is identical to a card of the tableau)
``draw:flip``      turn       draw the top card and flip it first (forced when identical)
``bank:<code>``    turn       bank that series (score it, discard its 2 highest, neighbours flip)
``final:<code>``   final      the final series to bank (simultaneous, hidden, changeable)
``final:none``     final      bank no final series
=================  =========  ==================================================================

Drawing and the choice to keep or flip are one action: the shown side of the Draw Pile's top
is public before it is drawn and nothing more is seen until a flip, so choosing after the draw
would add an action and no information. A forced flip is a ``draw`` decision offering only
``draw:flip``.

Done on their own (events, no decision): the simulated opponent's turn in solo; the square; the
start of the final series; seats without any series skip the final decision.

[ruling] Every discarded card (the Discard Pile is public: "cards out of the game, public")
lies with both sides shown: discarding a card shows its down side to everyone.

Event kinds (all public; ``side`` as ``cards.side_data``, ``card`` as ``cards.card_data``
with its new up side; ``to`` is the row's colour name or ``"discarded"``):

- ``drew`` {side, pile (cards left), forced (keeping was not allowed)}; then ``kept``
  {side, to} or ``flipped`` {card, to};
- ``banked`` {series (code), sides, vp, discarded: [card]};
- ``neighbour_flip`` (seat = the neighbour) {card, to, by (the banking seat)}, or
  ``no_flip`` {colour, by} for a neighbour without that colour; solo, ``opponent`` {card (the
  revealed side up), effect: "joker", "not_higher" or "flip"} then ``opponent_flip`` {card,
  to, by: None} or ``no_flip``;
- ``square`` (seat) {vp: 7}, ``square_broken`` (seat) {};
- ``final_round`` {}, ``final_banked`` (seat) {series, sides, vp}, ``final_none`` (seat) {},
  ``game_over`` {scores, ladder (solo only: the rung reached or None)}.
"""

from __future__ import annotations

from engine.contract import Decision
from engine.types import Action, Event
from engine.verso.cards import COLOUR, COLOURS, KIND, NUMBER, card_data, side_data
from engine.verso.ladder import ladder_rung
from engine.verso.series import has_series, parse, series_in
from engine.verso.state import VersoState
from engine.verso.tableau import (
    add,
    check_squares,
    discard,
    flip_in_tableau,
    highest_of_colour,
    identical_in,
    mark_seen,
    unmark_seen,
)

FINAL_NONE = "final:none"
DRAWS = ("draw:flip", "draw:keep")


# --- pending decisions ------------------------------------------------------------------


_OPTIONS_MEMO: dict[tuple[bool, tuple[int, ...]], tuple[str, ...]] = {}
"""(final?, the tableau's kinds) -> its option keys: series codes depend only on the colours
and numbers of the cards, and automatic players and leak checks ask for the same tableaux
over and over. Cleared when it grows past ``_MEMO_SIZE`` entries."""
_MEMO_SIZE = 20_000


def _options(tableau: list[int], final: bool) -> tuple[str, ...]:
    key = (final, tuple(map(KIND.__getitem__, tableau)))
    found = _OPTIONS_MEMO.get(key)
    if found is None:
        if final:
            codes = ["final:" + s.code for s in series_in(tableau, final=True)]
            found = tuple(sorted([*codes, FINAL_NONE])) if codes else ()
        else:
            found = tuple("bank:" + s.code for s in series_in(tableau))
        if len(_OPTIONS_MEMO) >= _MEMO_SIZE:
            _OPTIONS_MEMO.clear()
        _OPTIONS_MEMO[key] = found
    return found


def bank_options(tableau: list[int]) -> tuple[str, ...]:
    """The ``bank:<code>`` keys of every series of ``tableau``, sorted (§ A turn, 2)."""
    return _options(tableau, False)


def final_options(tableau: list[int]) -> tuple[str, ...]:
    """The final-series keys of ``tableau``: ``final:none`` and every series, sorted;
    empty when the tableau holds no series (§ End of the game)."""
    return _options(tableau, True)


def final_seats(state: VersoState) -> list[int]:
    """The seats that choose a final series: those holding one."""
    return [s for s in range(state.seats) if has_series(state.tableaux[s])]


def decisions(state: VersoState) -> list[Decision]:
    """The pending decisions.

    - ``turn``: the active seat draws (``draw:keep`` unless the shown side is identical to a
      card of its tableau, ``draw:flip``) or, holding a series, banks one (``bank``).
    - ``final``: every seat holding a series chooses at once ([house]), hidden and
      changeable until all have chosen.
    """
    phase = state.phase
    seat = state.active
    if phase == "turn":
        tableau = state.tableaux[seat]
        draws = ("draw:flip",) if identical_in(tableau, state.pile[-1]) else DRAWS
        found = [Decision(seat, "draw", draws)]
        banks = bank_options(state.tableaux[seat])
        if banks:
            found.insert(0, Decision(seat, "bank", banks))
        return found
    if phase == "final":
        found = []
        for s in final_seats(state):
            committed = state.finals.get(s)
            found.append(
                Decision(
                    s,
                    "final",
                    final_options(state.tableaux[s]),
                    simultaneous=True,
                    committed=(committed,) if committed is not None else None,
                )
            )
        return found
    return []


def _flip_highest(
    state: VersoState, seat: int, colour: int, ev: list[Event], kind: str, by: object
) -> None:
    face = highest_of_colour(state.tableaux[seat], colour)
    if face is None:
        ev.append(Event("no_flip", seat, {"colour": COLOURS[colour], "by": by}))
        return
    data, fate = flip_in_tableau(state, seat, face)
    ev.append(Event(kind, seat, {"card": data, "to": fate, "by": by}))
    check_squares(state, ev)


# --- the actions --------------------------------------------------------------------------


def apply_legal(state: VersoState, action: Action) -> list[Event]:
    """Carry out a legal ``action`` and what the rules then do on their own."""
    ev: list[Event] = []
    seat, key = action
    verb, _, arg = key.partition(":")
    if verb == "draw":
        _draw(state, seat, arg == "flip", ev)
    elif verb == "bank":
        _bank(state, seat, arg, ev)
    elif verb == "final":
        _final(state, seat, key, ev)
    return ev


def _draw(state: VersoState, seat: int, flip: bool, ev: list[Event]) -> None:
    """§ A turn, 1: take the top card and keep it as it lies, or flip it first (everyone sees
    both sides). After a flip, a new side identical to a tableau card is discarded; otherwise
    the card joins the row of its up side's colour."""
    face = state.pile.pop()
    tableau = state.tableaux[seat]
    forced = identical_in(tableau, face)
    ev.append(
        Event("drew", seat, {"side": side_data(face), "pile": len(state.pile), "forced": forced})
    )
    if not flip:
        add(tableau, face)
        ev.append(Event("kept", seat, {"side": side_data(face), "to": COLOURS[COLOUR[face]]}))
        check_squares(state, ev)
        _end_turn(state, ev)
        return
    face ^= 1
    if identical_in(tableau, face):
        discard(state, face)
        ev.append(Event("flipped", seat, {"card": card_data(face), "to": "discarded"}))
        _end_turn(state, ev)
        return
    mark_seen(state, face >> 1)
    add(tableau, face)
    ev.append(Event("flipped", seat, {"card": card_data(face), "to": COLOURS[COLOUR[face]]}))
    check_squares(state, ev)
    _end_turn(state, ev)


def _bank(state: VersoState, seat: int, code: str, ev: list[Event]) -> None:
    """§ A turn, 2: score the series, discard its two highest cards, and the neighbours flip
    (left, then right; the one opponent once with 2 players; nobody solo)."""
    tableau = state.tableaux[seat]
    series = parse(tableau, code)
    state.scores[seat] += series.vp
    discarded = []
    for face in series.discards:
        tableau.remove(face)
        unmark_seen(state, face >> 1)
        discard(state, face)
        discarded.append(card_data(face))
    ev.append(
        Event(
            "banked",
            seat,
            {
                "series": code,
                "sides": [side_data(f) for f in series.faces],
                "vp": series.vp,
                "discarded": discarded,
            },
        )
    )
    check_squares(state, ev)
    for neighbour in neighbours(state.seats, seat):
        _flip_highest(state, neighbour, series.colour, ev, "neighbour_flip", seat)
    _end_turn(state, ev)


def neighbours(seats: int, seat: int) -> list[int]:
    """The seats that flip when ``seat`` banks: left (next in turn order) then right; the one
    opponent once with 2 players ([ruling]); nobody solo."""
    if seats == 1:
        return []
    if seats == 2:
        return [1 - seat]
    return [(seat + 1) % seats, (seat - 1) % seats]


def _end_turn(state: VersoState, ev: list[Event]) -> None:
    """After a turn: solo, the simulated opponent plays; an empty Draw Pile starts the final
    series; otherwise the next seat's turn."""
    if state.solo and state.pile:
        _opponent(state, ev)
    if not state.pile:
        _start_final(state, ev)
        return
    state.active = (state.active + 1) % state.seats
    state.turn += 1
    state.phase = "turn"


def _opponent(state: VersoState, ev: list[Event]) -> None:
    """§ Solo mode: turn over the top card (both sides seen). A joker on either side does
    nothing; a revealed number strictly higher than the one that was up makes the player flip
    their highest card of the revealed side's colour. The card is then discarded."""
    face = state.pile.pop()
    revealed = face ^ 1
    if NUMBER[face] == 0 or NUMBER[revealed] == 0:
        effect = "joker"
    elif NUMBER[revealed] > NUMBER[face]:
        effect = "flip"
    else:
        effect = "not_higher"
    ev.append(Event("opponent", None, {"card": card_data(revealed), "effect": effect}))
    if effect == "flip":
        _flip_highest(state, 0, COLOUR[revealed], ev, "opponent_flip", None)
    discard(state, revealed)


def _start_final(state: VersoState, ev: list[Event]) -> None:
    """§ End of the game: the Draw Pile is empty; every seat holding a series chooses its
    final series (simultaneously, [house]); with nobody to choose the game is over."""
    state.phase = "final"
    ev.append(Event("final_round", None, {}))
    if not final_seats(state):
        _game_over(state, ev)


def _final(state: VersoState, seat: int, key: str, ev: list[Event]) -> None:
    """Keep ``seat``'s final choice; once every choosing seat has one, bank them all, in
    seat order, without flips (they cannot affect each other)."""
    state.finals[seat] = key
    if any(s not in state.finals for s in final_seats(state)):
        return
    for s in sorted(state.finals):
        choice = state.finals[s]
        if choice == FINAL_NONE:
            ev.append(Event("final_none", s, {}))
            continue
        tableau = state.tableaux[s]
        series = parse(tableau, choice.partition(":")[2])
        state.scores[s] += series.vp
        for face in series.discards:
            tableau.remove(face)
            unmark_seen(state, face >> 1)
            discard(state, face)
        ev.append(
            Event(
                "final_banked",
                s,
                {
                    "series": series.code,
                    "sides": [side_data(f) for f in series.faces],
                    "vp": series.vp,
                },
            )
        )
    check_squares(state, ev)
    _game_over(state, ev)


def _game_over(state: VersoState, ev: list[Event]) -> None:
    state.phase = "over"
    data: dict[str, object] = {"scores": list(state.scores)}
    if state.solo:
        data["ladder"] = ladder_rung(state.scores[0])
    ev.append(Event("game_over", None, data))
