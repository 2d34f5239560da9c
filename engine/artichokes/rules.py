"""Pending decisions and the effects of their answers: the dispatch from action keys to the
rules.

Action keys (all ASCII, at most 60 characters):

===================  =========  ==============================================================
key                  phase      meaning
===================  =========  ==============================================================
``harvest:<kind>``   harvest    take a Garden Row card of that kind (phase 2, or Rhubarb)
``play:<kind>``      play       play a card of that kind from hand
``end``              play       stop playing: Discard and Draw follow (phases 4-5)
``target:<seat>``    target     the opponent for the card in play (Beet, Leek, Onion, Peas)
``corn:<kind>``      choose     Corn: the Garden Row card to put on top of your Deck
``leek:hand``        choose     Leek: take the revealed card into your hand
``leek:discard``     choose     Leek: put it on the opponent's Discard Pile
``keep:<kind>``      choose     Peas: the revealed card to keep on your Discard Pile
``pepper:<kind>``    choose     Pepper: the Discard Pile card to put on top of your Deck
``pass:<k1>+<k2>``   eggplant   Eggplant: the 2 cards to pass left (a multi-select, sorted)
===================  =========  ==============================================================
"""

from __future__ import annotations

from functools import lru_cache

from engine.artichokes.cards import ALL_KINDS, MAX_PLAYERS
from engine.artichokes.powers import POWERS
from engine.artichokes.powers import eggplant as eggplant_power
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import end_turn, harvest
from engine.artichokes.zones import remove_one
from engine.contract import Decision
from engine.types import Action, Event, Events

CAN_PLAY = {kind: module.can_play for kind, module in POWERS.items()}
"""Card kind -> its power's requirement check (looked up once: it runs at every step)."""
HARVEST_KEYS = {kind: "harvest:" + kind for kind in ALL_KINDS}
PLAY_KEYS = {kind: "play:" + kind for kind in ALL_KINDS}
TARGET_KEYS = tuple(f"target:{seat}" for seat in range(MAX_PLAYERS))
END = ("end",)
END_DECISIONS = tuple(Decision(seat, "end", END) for seat in range(MAX_PLAYERS))
"""Seat -> its "end the turn" decision (immutable, so built once: it is offered at every step
of every play phase)."""


def playable_cards(state: ArtichokesState, seat: int) -> list[str]:
    """Distinct kinds in ``seat``'s hand whose every requirement can be met now, sorted.

    Rule: § A turn, phase 3 (a card may be played only if all its requirements can be met;
    Artichokes are never played on their own).
    """
    can_play = CAN_PLAY.get
    return [
        kind
        for kind in sorted(set(state.players[seat].hand))
        if (check := can_play(kind)) is not None and check(state, seat)
    ]


@lru_cache(maxsize=2048)
def _harvest_decision(seat: int, kinds: frozenset[str]) -> Decision:
    """``seat``'s harvest of one of the Garden Row's ``kinds`` (few distinct rows occur:
    decisions are immutable, so each is built once)."""
    return Decision(seat, "harvest", tuple([HARVEST_KEYS[k] for k in sorted(kinds)]))


@lru_cache(maxsize=2048)
def _play_decision(seat: int, playable: tuple[str, ...]) -> Decision:
    """``seat``'s play of one of the ``playable`` kinds (sorted; built once, as above)."""
    return Decision(seat, "play", tuple([PLAY_KEYS[k] for k in playable]))


def decisions(state: ArtichokesState) -> list[Decision]:
    """The pending decisions (§ A turn; § Card powers): during an Eggplant pass every seat
    holding more than 2 cards chooses 2 at once (a multi-select, hidden and changeable);
    otherwise the active seat harvests, plays a card or ends the turn, picks an opponent, or
    makes the card in play's other choice."""
    phase = state.phase
    seat = state.active
    if phase == "play":
        playable = playable_cards(state, seat)
        if not playable:
            return [END_DECISIONS[seat]]
        return [END_DECISIONS[seat], _play_decision(seat, tuple(playable))]
    if phase == "harvest":
        return [_harvest_decision(seat, frozenset(state.row))]
    if phase == "over":
        return []
    if phase == "eggplant":
        return eggplant_power.pass_decisions(state)
    card = state.in_play[-1]
    if phase == "target":
        targets = POWERS[card].targets(state, seat)
        return [Decision(seat, "target", tuple([TARGET_KEYS[s] for s in targets]))]
    return [Decision(seat, card.lower(), tuple(sorted(POWERS[card].choices(state, seat))))]


def deciding_seats(state: ArtichokesState) -> tuple[int, ...]:
    """The seats that must decide now: every seat yet to choose its Eggplant pass, otherwise the
    active seat (none once the game is over)."""
    if state.phase == "over":
        return ()
    if state.phase == "eggplant":
        return tuple(s for s in range(state.seats) if s not in state.passes)
    return (state.active,)


def apply_legal(state: ArtichokesState, action: Action) -> list[Event]:
    """Carry out a legal ``action`` and what the rules then do on their own; return the
    events in order."""
    ev: list[Event] = []
    carry_out(state, action, ev)
    return ev


def carry_out(state: ArtichokesState, action: Action, ev: Events = None) -> None:
    """Dispatch a legal ``action`` to the rule it answers (see the key table above), then
    make the moves the table options make automatic (:func:`_settle`); events go to ``ev``
    unless it is ``None`` (called so, it is ``Game.advance``: playouts build no event)."""
    seat, key = action
    verb, _, arg = key.partition(":")
    # the verbs by how often random play meets them
    if verb == "harvest":
        harvest(state, seat, arg, ev)
    elif verb == "end":
        end_turn(state, ev)
    elif verb == "play":
        _play(state, seat, arg, ev)
    elif verb == "target":
        POWERS[state.in_play[-1]].on_target(state, seat, int(arg), ev)
    elif verb == "pass":
        eggplant_power.on_pass(state, seat, key, ev)
    else:
        POWERS[state.in_play[-1]].on_choice(state, seat, key, ev)
    phase = state.phase
    if phase == "target" or (phase == "play" and state.options.auto_end_turn):
        _settle(state, ev)  # the only phases with automatic moves (see _settle)


def _play(state: ArtichokesState, seat: int, kind: str, ev: Events) -> None:
    remove_one(state.players[seat].hand, kind)
    state.plays_this_turn += 1
    state.in_play = [kind]
    if ev is not None:
        ev.append(Event("played", seat, {"card": kind}))
    POWERS[kind].play(state, seat, ev)


def _settle(state: ArtichokesState, ev: Events) -> None:
    """Make the moves the table options make automatic, until a real decision is needed.

    - ``auto_target``: a card in play with exactly one legal opponent targets it.
    - ``auto_end_turn``: a play phase with nothing playable ends the turn.

    :func:`carry_out` calls it only in those two phases (a call per action is a measurable
    part of a playout): a new automatic move in another phase must be added there too.
    """
    options = state.options
    while True:
        if state.phase == "target" and options.auto_target:
            power = POWERS[state.in_play[-1]]
            targets = power.targets(state, state.active)
            if len(targets) == 1:
                if ev is not None:
                    ev.append(Event("auto_target", state.active, {"target": targets[0]}))
                power.on_target(state, state.active, targets[0], ev)
                continue
        if (
            state.phase == "play"
            and options.auto_end_turn
            and not playable_cards(state, state.active)
        ):
            if ev is not None:
                ev.append(Event("auto_end_turn", state.active, {}))
            end_turn(state, ev)
            continue
        return
