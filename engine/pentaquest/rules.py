"""Pending decisions and the effects of their answers: the dispatch from action keys to the
rules (``shared/rules/pentaquest.md`` § A turn, § Powers).

Action keys (ASCII, at most 60 characters; dice are positions ``0``..``4``, cards their ids):

=====================  =========  ============================================================
key                    phase      meaning
=====================  =========  ============================================================
``capture:<id>``       turn       capture that quest card (the dice beat it now); ends the turn
``end``                turn       end the turn without a capture (solo: the game is lost)
``reroll:<d>+<d>...``  turn       the free reroll of those dice (multi-select, 1..5 dice);
                                  offered while a free reroll is left (twice on the first roll)
``use:<id>``           turn       start using that army card (one that can change the dice)
``die:<d>``            die        the die the card in use acts on (add/sub/mirror: at once;
                                  addsub: at once on a 1 or a 6, else the direction follows)
``plus`` / ``minus``   direction  addsub: +1 or -1
``dice:<d>+<d>...``    dice       the dice a reroll card rerolls (multi-select, 1..5 dice)
``cancel``             die,       put the card in use back into the army, unused (at most 3
                       direction, times a turn [house])
                       dice
=====================  =========  ============================================================
"""

from __future__ import annotations

from engine.contract import Decision
from engine.pentaquest import powers
from engine.pentaquest.cards import CARDS
from engine.pentaquest.matcher import beaten
from engine.pentaquest.state import CANCEL_LIMIT, PentaquestState
from engine.pentaquest.turn import (
    capture,
    choose_card,
    end_turn,
    free_reroll,
    put_back,
    resolve_card,
    settle,
    usable_cards,
)
from engine.types import Action, Event

DIE_OPTIONS = ("0", "1", "2", "3", "4")
"""The options of the multi-selects of dice (positions)."""

_CANCEL = Decision(0, "cancel", ("cancel",))
_END = Decision(0, "end", ("end",))


def decisions(state: PentaquestState) -> list[Decision]:
    """The active seat's pending decisions (none once the game is over).

    - ``turn``: ``capture`` (one option per quest card the dice beat now; from phase 2 on,
      [ruling]), ``end``, ``reroll`` (while a free reroll is left and no army card has been
      used, [ruling]) and ``use`` (army cards that can change the dice now).
    - ``die``: the dice the card in use may act on ([ruling]: add not on a 6, sub not on a 1);
      ``direction``: ``minus``/``plus``; ``dice``: the reroll card's dice (at least one).
      Each of them with ``cancel`` while fewer than 3 cards were put back this turn.
    """
    phase = state.phase
    if phase == "over":
        return []
    seat = state.active
    if phase == "turn":
        found = []
        caps = beaten(state.dice, state.quest)
        if caps:
            found.append(Decision(seat, "capture", tuple(sorted(f"capture:{c}" for c in caps))))
        found.append(_END._replace(seat=seat))
        if state.free_rerolls:
            found.append(Decision(seat, "reroll", DIE_OPTIONS, 1, 5))
        usable = usable_cards(state, seat)
        if usable:
            found.append(Decision(seat, "use", tuple(sorted(f"use:{c}" for c in usable))))
        return found
    assert state.using is not None
    if phase == "die":
        power = CARDS[state.using].power
        options = tuple(f"die:{i}" for i in powers.targets(power, state.dice))
        found = [Decision(seat, "die", options)]
    elif phase == "direction":
        assert state.die is not None
        found = [Decision(seat, "direction", powers.directions(state.dice[state.die]))]
    else:  # dice
        found = [Decision(seat, "dice", DIE_OPTIONS, 1, 5)]
    if state.cancels < CANCEL_LIMIT:
        found.insert(0, _CANCEL._replace(seat=seat))
    return found


def apply_legal(state: PentaquestState, action: Action) -> list[Event]:
    """Carry out a legal ``action`` and what the rules then do on their own (the [house]
    automatic end of a turn that can do nothing but end)."""
    ev: list[Event] = []
    seat, key = action
    verb, _, arg = key.partition(":")
    if verb == "capture":
        capture(state, seat, int(arg), ev)
    elif verb == "end":
        end_turn(state, False, ev)
    elif verb == "reroll":
        free_reroll(state, seat, _positions(arg), ev)
    elif verb == "use":
        choose_card(state, seat, int(arg), ev)
    elif verb == "die":
        _on_die(state, seat, int(arg), ev)
    elif verb in (powers.PLUS, powers.MINUS):
        resolve_card(state, seat, ev, die=state.die, direction=verb)
    elif verb == "dice":
        resolve_card(state, seat, ev, positions=_positions(arg))
    elif verb == "cancel":
        put_back(state, seat, ev)
    else:  # pragma: no cover - the core only passes legal keys
        raise ValueError(f"unknown action {key!r}")
    settle(state, ev)
    return ev


def _positions(arg: str) -> list[int]:
    return sorted(int(part) for part in arg.split("+"))


def _on_die(state: PentaquestState, seat: int, die: int, ev: list[Event]) -> None:
    assert state.using is not None
    power = CARDS[state.using].power
    if power != "addsub":
        resolve_card(state, seat, ev, die=die)
        return
    ways = powers.directions(state.dice[die])
    if len(ways) == 1:  # [ruling] on a 6 only -1, on a 1 only +1: no question to ask
        resolve_card(state, seat, ev, die=die, direction=ways[0])
        return
    state.die = die
    state.phase = "direction"
