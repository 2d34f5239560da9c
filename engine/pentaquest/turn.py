"""The turn: fill, roll, free rerolls, army cards, capture and the end checks.

Rules: ``shared/rules/pentaquest.md`` § A turn (the phases), § End and score. Each function
mutates the state and appends the events it causes to ``ev``.

Events (``Event.kind``: data; all public):

- ``turn_started``: ``turn``, ``free_rerolls``.
- ``quest_filled``: ``cards`` (ids revealed), ``names``, ``deck_count`` (left).
- ``rolled``: phase 2, ``changes`` (``[die, None, new]`` for each die), ``dice`` (all five).
- ``rerolled``: a free reroll, ``changes`` (``[die, old, new]`` per rerolled die, even when it
  shows the same face again), ``dice``, ``free_rerolls`` (left).
- ``card_chosen``: an army card is being used: ``card``, ``name``, ``power``.
- ``card_put_back``: a card in use went back to the army: ``card``, ``name``.
- ``card_used``: the card's effect, then it is discarded: ``card``, ``name``, ``power``,
  ``direction`` (addsub: ``"plus"``/``"minus"``, else ``None``), ``changes``, ``dice``.
- ``captured``: ``card``, ``name``, ``tier``, ``dice``.
- ``turn_ended``: ``turn``, ``captured`` (bool), ``auto`` (ended by itself, [house]),
  ``dry_turns`` (the stall count after this turn).
- ``game_over``: ``result`` (see ``state.Result``), ``scores`` (multiplayer, by seat) or
  ``score`` (solo won) or ``cards_kept`` (solo lost: not a score).
"""

from __future__ import annotations

from bisect import insort

from engine.chance import roll
from engine.pentaquest import powers
from engine.pentaquest.cards import CARDS
from engine.pentaquest.matcher import beaten
from engine.pentaquest.state import QUEST_SIZE, TURN_CAP, PentaquestState
from engine.types import Event


def first_rerolls(state: PentaquestState) -> int:
    """Free rerolls at the start of the current turn: 2 on the very first roll of the game
    (multiplayer: the first player's first turn [ruling]; with the option, every player's
    first turn [house]), otherwise 1. Two rerolls are separate: each of any subset, the second
    chosen after seeing the first [ruling]."""
    if state.turn == 1:
        return 2
    if state.options.first_turn_rerolls_everyone and state.turn <= state.seats:
        return 2
    return 1


def start_turn(state: PentaquestState, ev: list[Event]) -> None:
    """Phases 1 and 2 for the active seat: fill the quest area up to 5 (as far as the deck
    goes [ruling]), then roll all five dice at once [house]."""
    state.phase = "turn"
    state.free_rerolls = first_rerolls(state)
    state.cancels = 0
    state.using = state.die = None
    ev.append(
        Event(
            "turn_started", state.active, {"turn": state.turn, "free_rerolls": state.free_rerolls}
        )
    )
    fill_quest(state, ev)
    state.dice = roll(state, 5)
    ev.append(
        Event(
            "rolled",
            state.active,
            {"changes": [[i, None, v] for i, v in enumerate(state.dice)], "dice": state.dice[:]},
        )
    )


def fill_quest(state: PentaquestState, ev: list[Event]) -> None:
    """Phase 1: reveal deck cards until the quest area holds 5 or the deck is empty."""
    revealed = []
    while len(state.quest) < QUEST_SIZE and state.deck:
        card = state.deck.pop()
        state.quest.append(card)
        revealed.append(card)
    if revealed:
        ev.append(
            Event(
                "quest_filled",
                None,
                {
                    "cards": revealed,
                    "names": [CARDS[c].name for c in revealed],
                    "deck_count": len(state.deck),
                },
            )
        )


def reroll_dice(state: PentaquestState, positions: list[int]) -> list[list[int | None]]:
    """Reroll the dice at ``positions`` (one random event) and return the changes
    ``[die, old, new]``."""
    values = roll(state, len(positions))
    changes: list[list[int | None]] = []
    for position, value in zip(positions, values, strict=True):
        changes.append([position, state.dice[position], value])
        state.dice[position] = value
    return changes


def free_reroll(state: PentaquestState, seat: int, positions: list[int], ev: list[Event]) -> None:
    """Phase 3: the free reroll of ``positions`` (1 to 5 dice); the new results stand."""
    state.free_rerolls -= 1
    changes = reroll_dice(state, positions)
    ev.append(
        Event(
            "rerolled",
            seat,
            {"changes": changes, "dice": state.dice[:], "free_rerolls": state.free_rerolls},
        )
    )


def choose_card(state: PentaquestState, seat: int, card: int, ev: list[Event]) -> None:
    """Phase 4 begins for ``card``: it leaves the army and waits for its die (or dice)."""
    state.armies[seat].remove(card)
    state.using = card
    state.phase = "dice" if CARDS[card].power == "reroll" else "die"
    info = CARDS[card]
    ev.append(Event("card_chosen", seat, {"card": card, "name": info.name, "power": info.power}))


def put_back(state: PentaquestState, seat: int, ev: list[Event]) -> None:
    """A change of mind [house]: the card in use goes back to the army, unused (the free
    reroll, if any was left, is still there: no card has been used)."""
    card = state.using
    assert card is not None
    insort(state.armies[seat], card)
    state.using = state.die = None
    state.cancels += 1
    state.phase = "turn"
    ev.append(Event("card_put_back", seat, {"card": card, "name": CARDS[card].name}))


def resolve_card(
    state: PentaquestState,
    seat: int,
    ev: list[Event],
    *,
    die: int | None = None,
    direction: str | None = None,
    positions: list[int] | None = None,
) -> None:
    """Phase 4: the card in use acts (on ``die``, or rerolls ``positions``) and goes to the
    seat's discard pile. From now on the free reroll is gone [ruling: phase order]."""
    card = state.using
    assert card is not None
    power = CARDS[card].power
    if power == "reroll":
        assert positions
        changes = reroll_dice(state, positions)
    else:
        assert die is not None
        old = state.dice[die]
        state.dice[die] = powers.changed(power, old, direction)
        changes = [[die, old, state.dice[die]]]
    state.discards[seat].append(card)
    state.using = state.die = None
    state.free_rerolls = 0
    state.phase = "turn"
    ev.append(
        Event(
            "card_used",
            seat,
            {
                "card": card,
                "name": CARDS[card].name,
                "power": power,
                "direction": direction,
                "changes": changes,
                "dice": state.dice[:],
            },
        )
    )


def capture(state: PentaquestState, seat: int, card: int, ev: list[Event]) -> None:
    """Capture: the beaten ``card`` goes from the quest area to the seat's army, and the turn
    ends (phase 5) [ruling: capture ends the turn; one card per turn]."""
    state.quest.remove(card)
    insort(state.armies[seat], card)
    info = CARDS[card]
    ev.append(
        Event(
            "captured",
            seat,
            {"card": card, "name": info.name, "tier": info.tier, "dice": state.dice[:]},
        )
    )
    end_turn(state, True, ev)


def usable_cards(state: PentaquestState, seat: int) -> list[int]:
    """The cards of ``seat``'s army that could change the dice now (ids, sorted)."""
    dice = state.dice
    return [c for c in state.armies[seat] if powers.usable(CARDS[c].power, dice)]


def settle(state: PentaquestState, ev: list[Event]) -> None:
    """[house] The turn ends by itself when the dice beat nothing and the active seat has
    neither a free reroll left nor an army card it could use."""
    if state.phase != "turn" or state.free_rerolls:
        return
    if beaten(state.dice, state.quest) or usable_cards(state, state.active):
        return
    end_turn(state, False, ev, auto=True)


def end_turn(
    state: PentaquestState, captured: bool, ev: list[Event], *, auto: bool = False
) -> None:
    """Phase 5, the end checks (§ End and score), then the next turn.

    Solo: without a capture the game is lost; after a capture with deck and quest area both
    empty it is won. Multiplayer: the game ends when deck and quest area are empty; the stall
    rule [house] ends it after K full rounds in a row without a capture (K x seats turns);
    with the stall rule off, after turn 300 [house]. Otherwise the next seat plays.
    """
    state.dry_turns = 0 if captured else state.dry_turns + 1
    state.using = state.die = None
    ev.append(
        Event(
            "turn_ended",
            state.active,
            {"turn": state.turn, "captured": captured, "auto": auto, "dry_turns": state.dry_turns},
        )
    )
    cleared = not state.deck and not state.quest
    if state.solo:
        if not captured:
            _finish(state, "lost", ev)
            return
        if cleared:
            _finish(state, "won", ev)
            return
    else:
        stall = state.options.stall_rounds
        if cleared:
            _finish(state, "complete", ev)
            return
        if stall is not None and state.dry_turns >= stall * state.seats:
            _finish(state, "stall", ev)
            return
        if stall is None and state.turn >= TURN_CAP:
            _finish(state, "turn_cap", ev)
            return
    state.turn += 1
    state.active = (state.active + 1) % state.seats
    start_turn(state, ev)


def _finish(state: PentaquestState, result: str, ev: list[Event]) -> None:
    state.result = result  # type: ignore[assignment]
    state.phase = "over"
    state.free_rerolls = 0
    data: dict[str, object] = {"result": result}
    if state.solo:
        data["score" if result == "won" else "cards_kept"] = len(state.armies[0])
    else:
        data["scores"] = [state.score(s) for s in range(state.seats)]
    ev.append(Event("game_over", None, data))
