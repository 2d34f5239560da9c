"""A turn (the phases) — shared/rules/pentaquest.md § A turn, § Capture."""

from __future__ import annotations

import pytest

import engine
from engine.chance import scripted
from engine.errors import IllegalAction
from engine.pentaquest.state import PentaquestState
from tests.engine.pentaquest.helpers import (
    CYCLOPS,
    DRAGON,
    FIRE_IMP,
    GOBLIN,
    KELPIE,
    KOBOLD,
    LEGENDS,
    NOTHING,
    PIXIE,
    RAT,
    TROLL,
    WISP,
    act,
    decision,
    first,
    keys,
    kinds,
    kinds_of,
    legal,
    position,
)


def _next_turn(state: PentaquestState, rolls: list[int], seat: int = 0) -> list:
    """End the active turn without a capture while the next roll is ``rolls``."""
    with scripted(rolls=rolls):
        return act(state, seat, "end")


# --- phase 1: fill --------------------------------------------------------------------------


def test_the_quest_area_is_filled_up_to_five_at_the_start_of_a_turn() -> None:
    state = position(
        armies=[[], []], quest=[DRAGON, TROLL], deck=[GOBLIN, RAT, KOBOLD, FIRE_IMP, PIXIE]
    )
    events = _next_turn(state, [1, 2, 3, 4, 6])
    assert state.quest == [DRAGON, TROLL, PIXIE, FIRE_IMP, KOBOLD]
    assert state.deck == [GOBLIN, RAT]
    filled = first(events, "quest_filled")
    assert filled.data["cards"] == [PIXIE, FIRE_IMP, KOBOLD] and filled.data["deck_count"] == 2


def test_when_the_deck_runs_out_the_area_is_filled_as_far_as_it_goes() -> None:
    state = position(armies=[[], []], quest=[DRAGON, TROLL], deck=[CYCLOPS])
    _next_turn(state, [1, 2, 3, 4, 6])
    assert state.quest == [DRAGON, TROLL, CYCLOPS] and state.deck == []


def test_once_the_deck_is_empty_the_area_shrinks_as_cards_are_captured() -> None:
    state = position(dice=(6, 6, 1, 2, 3), quest=[GOBLIN, DRAGON, TROLL], deck=[])
    with scripted(rolls=[1, 2, 3, 4, 6]):
        act(state, 0, f"capture:{GOBLIN}")
    assert state.quest == [DRAGON, TROLL] and state.result is None


# --- phase 2: roll --------------------------------------------------------------------------


def test_the_dice_are_rolled_at_once_when_the_turn_starts() -> None:
    state = position(armies=[[], []], deck=[GOBLIN])
    events = _next_turn(state, [5, 4, 3, 2, 1])
    assert state.active == 1 and state.dice == [5, 4, 3, 2, 1]
    rolled = first(events, "rolled")
    assert rolled.seat == 1
    assert rolled.data["changes"] == [[0, None, 5], [1, None, 4], [2, None, 3], [3, None, 2],
                                      [4, None, 1]]  # fmt: skip
    assert kinds(events) == ["turn_ended", "turn_started", "rolled"]  # the area was full


# --- phase 3: the free reroll ---------------------------------------------------------------


def test_the_free_reroll_takes_any_subset_of_one_to_five_dice() -> None:
    state = position()
    d = decision(state, "reroll")
    assert (d.options, d.min, d.max) == (("0", "1", "2", "3", "4"), 1, 5)
    assert legal(state, "reroll:0+1+2+3+4") and legal(state, "reroll:3")
    assert not legal(state, "reroll:") and not legal(state, "reroll:5")
    assert not legal(state, "reroll:1+1")


def test_the_free_reroll_keeps_the_new_results_better_or_worse() -> None:
    state = position(dice=(6, 6, 6, 6, 2), quest=[DRAGON, TROLL, CYCLOPS])
    assert decision(state, "capture").options == tuple(
        sorted((f"capture:{DRAGON}", f"capture:{TROLL}"))
    )
    with scripted(rolls=[1, 2]):
        events = act(state, 0, "reroll:0+1")
    assert state.dice == [1, 2, 6, 6, 2]
    rerolled = first(events, "rerolled")
    assert rerolled.data["changes"] == [[0, 6, 1], [1, 6, 2]]
    assert rerolled.data["free_rerolls"] == 0
    assert "capture" not in kinds_of(state)


def test_a_rerolled_die_showing_the_same_face_is_still_reported() -> None:
    state = position()
    with scripted(rolls=[1]):
        events = act(state, 0, "reroll:0")
    assert first(events, "rerolled").data["changes"] == [[0, 1, 1]]


def test_only_one_free_reroll_per_turn() -> None:
    state = position(armies=[[GOBLIN]])
    with scripted(rolls=[2]):
        act(state, 0, "reroll:4")
    assert "reroll" not in kinds_of(state)
    assert state.phase == "turn" and state.free_rerolls == 0


def test_the_very_first_roll_of_the_game_gets_two_separate_free_rerolls() -> None:
    with scripted(rolls=[1, 2, 3, 4, 6]):
        state = engine.new_game("pentaquest", 1, None, 5)
    state.quest = list(LEGENDS)  # beat nothing, whatever the deck dealt
    assert state.free_rerolls == 2
    with scripted(rolls=[6]):
        events = act(state, 0, "reroll:0")
    assert first(events, "rerolled").data["free_rerolls"] == 1
    # the second is chosen after seeing the first, of any subset
    assert decision(state, "reroll").options == ("0", "1", "2", "3", "4")
    with scripted(rolls=[1, 1, 1, 1, 1]):
        act(state, 0, "reroll:0+1+2+3+4")
    assert state.free_rerolls == 0 and "reroll" not in kinds_of(state)


def test_first_rerolls_not_taken_are_lost_not_carried_over() -> None:
    state = position(armies=[[], []], turn=1, free_rerolls=2)
    _next_turn(state, [1, 2, 3, 4, 6])
    assert state.turn == 2 and state.free_rerolls == 1


def test_later_turns_get_one_free_reroll() -> None:
    state = position(armies=[[], []], turn=7)
    _next_turn(state, [1, 2, 3, 4, 6])
    assert state.free_rerolls == 1


def test_multiplayer_only_the_first_players_first_turn_gets_two() -> None:
    with scripted(rolls=[1, 2, 3, 4, 6], picks=[1]):
        state = engine.new_game("pentaquest", 3, None, 5)
    assert state.active == state.first == 1 and state.free_rerolls == 2
    state.quest = list(LEGENDS)
    _next_turn(state, [1, 2, 3, 4, 6], seat=1)
    assert state.active == 2 and state.free_rerolls == 1
    _next_turn(state, [1, 2, 3, 4, 6], seat=2)
    assert state.active == 0 and state.free_rerolls == 1


def test_option_every_players_first_turn_gets_two_free_rerolls() -> None:
    options = {"first_turn_rerolls_everyone": True, "first_player": 1}
    with scripted(rolls=[1, 2, 3, 4, 6]):
        state = engine.new_game("pentaquest", 3, options, 5)
    state.quest = list(LEGENDS)
    assert state.free_rerolls == 2
    for seat in (1, 2):
        _next_turn(state, [1, 2, 3, 4, 6], seat=seat)
        assert state.free_rerolls == 2
    _next_turn(state, [1, 2, 3, 4, 6], seat=0)
    assert state.active == 1 and state.free_rerolls == 1  # its second turn


# --- phase 4 and the phase order ------------------------------------------------------------


def test_once_an_army_card_is_used_the_free_reroll_is_gone() -> None:
    state = position(armies=[[GOBLIN]], turn=1, free_rerolls=2)
    act(state, 0, f"use:{GOBLIN}")
    act(state, 0, "die:0")
    assert state.free_rerolls == 0 and "reroll" not in kinds_of(state)


def test_a_card_put_back_keeps_the_free_reroll() -> None:
    state = position(armies=[[GOBLIN, RAT]])
    act(state, 0, f"use:{GOBLIN}")
    assert "reroll" not in kinds_of(state)  # not during the card's follow-up
    act(state, 0, "cancel")
    assert state.free_rerolls == 1 and "reroll" in kinds_of(state)
    assert state.armies[0] == [GOBLIN, RAT]


def test_army_cards_are_used_one_at_a_time() -> None:
    state = position(armies=[[GOBLIN, RAT]])
    act(state, 0, f"use:{GOBLIN}")
    assert kinds_of(state) == ["cancel", "die"]  # no second card before this one resolves
    act(state, 0, "die:0")
    assert keys(state) == ["end", f"use:{RAT}"]


def test_only_the_active_seat_decides() -> None:
    state = position(armies=[[GOBLIN], [RAT]], active=0)
    assert engine.deciding_seats(state) == (0,)
    with pytest.raises(IllegalAction):
        act(state, 1, f"use:{RAT}")


# --- capture ---------------------------------------------------------------------------------


def test_capture_offers_one_option_per_quest_card_the_dice_beat_now() -> None:
    state = position(dice=(6, 6, 6, 1, 2), quest=[DRAGON, TROLL, KELPIE, FIRE_IMP, CYCLOPS])
    assert decision(state, "capture").options == tuple(
        sorted(f"capture:{c}" for c in (TROLL, KELPIE, FIRE_IMP))
    )


def test_capture_right_after_the_roll() -> None:
    with scripted(rolls=[6, 6, 6, 1, 2]):
        state = engine.new_game("pentaquest", 1, None, 5)
    state.quest = [TROLL, *LEGENDS[:2]]
    events = act(state, 0, f"capture:{TROLL}")
    assert TROLL in state.armies[0] and first(events, "captured").data["card"] == TROLL


def test_capture_after_a_reroll() -> None:
    state = position()
    with scripted(rolls=[6, 6, 6]):
        act(state, 0, "reroll:0+1+2")
    assert legal(state, f"capture:{TROLL}")


def test_capture_after_an_army_card() -> None:
    state = position(dice=(6, 6, 5, 1, 2), armies=[[GOBLIN]])
    act(state, 0, f"use:{GOBLIN}")
    act(state, 0, "die:2")
    assert state.dice == [6, 6, 6, 1, 2]
    act(state, 0, f"capture:{TROLL}")
    assert state.armies[0] == [TROLL] and state.discards[0] == [GOBLIN]


def test_capture_ends_the_turn_and_the_card_cannot_be_used_this_turn() -> None:
    state = position(dice=(6, 6, 6, 1, 2), armies=[[], []], deck=[GOBLIN])
    with scripted(rolls=[1, 2, 3, 4, 6]):
        events = act(state, 0, f"capture:{TROLL}")
    assert first(events, "turn_ended").data["captured"] is True
    assert state.active == 1 and engine.legal_actions(state, 0).decisions == ()
    assert TROLL in state.armies[0]


def test_only_one_card_per_turn() -> None:
    state = position(dice=(6, 6, 6, 6, 2), quest=[DRAGON, TROLL], deck=[CYCLOPS])
    with scripted(rolls=[6, 6, 6, 6, 2]):
        act(state, 0, f"capture:{DRAGON}")
    assert state.turn == 6 and state.armies[0] == [DRAGON]  # a new turn, a new roll


def test_army_cards_may_be_used_while_the_dice_already_beat_a_card() -> None:
    state = position(dice=(6, 6, 5, 1, 2), quest=[TROLL, KELPIE], armies=[[GOBLIN]])
    assert set(kinds_of(state)) == {"capture", "end", "reroll", "use"}
    act(state, 0, f"use:{GOBLIN}")
    act(state, 0, "die:2")
    assert legal(state, f"capture:{TROLL}")  # the harder one instead


def test_capturing_is_never_forced() -> None:
    state = position(dice=(6, 6, 6, 1, 2), armies=[[], []])
    assert "end" in keys(state)
    with scripted(rolls=[1, 2, 3, 4, 6]):
        events = act(state, 0, "end")
    assert first(events, "turn_ended").data["captured"] is False
    assert state.active == 1


def test_used_cards_stay_discarded_when_the_turn_passes() -> None:
    state = position(armies=[[GOBLIN], []])
    act(state, 0, f"use:{GOBLIN}")
    with scripted(rolls=[1, 2, 3, 4, 6]):
        act(state, 0, "die:0")  # beats nothing, nothing left to try: the turn passes
    assert state.active == 1
    assert state.discards[0] == [GOBLIN] and state.armies[0] == []


# --- [house] the turn ends by itself ---------------------------------------------------------


def test_the_turn_ends_by_itself_with_no_capture_no_free_reroll_and_no_army_card() -> None:
    state = position(armies=[[], []])
    with scripted(rolls=[2, 2, 3, 4, 6, 1, 2, 3, 4, 6]):
        events = act(state, 0, "reroll:0")
    ended = first(events, "turn_ended")
    assert ended.seat == 0 and ended.data == {"turn": 5, "captured": False, "auto": True,
                                               "dry_turns": 1}  # fmt: skip
    assert state.active == 1


def test_the_turn_does_not_end_by_itself_while_an_army_card_can_be_used() -> None:
    state = position(armies=[[WISP], []])
    with scripted(rolls=[2]):
        act(state, 0, "reroll:0")
    assert state.active == 0 and keys(state) == ["end", f"use:{WISP}"]


def test_the_turn_does_not_end_by_itself_while_the_dice_beat_a_card() -> None:
    state = position(armies=[[], []], quest=[FIRE_IMP])
    with scripted(rolls=[2]):
        act(state, 0, "reroll:0")
    assert state.active == 0 and keys(state) == [f"capture:{FIRE_IMP}", "end"]


def test_army_cards_that_cannot_change_the_dice_do_not_keep_the_turn_going() -> None:
    # add cannot be played on a 6: with five 6s and no quest card beaten the turn ends
    state = position(armies=[[GOBLIN, RAT], []], quest=[CYCLOPS])
    with scripted(rolls=[6, 6, 6, 6, 6, 1, 2, 3, 4, 6]):
        events = act(state, 0, "reroll:0+1+2+3+4")
    assert first(events, "turn_ended").data["auto"] is True and state.active == 1


def test_the_solo_game_is_lost_when_the_turn_ends_by_itself() -> None:
    state = position(dice=NOTHING)
    with scripted(rolls=[1]):
        act(state, 0, "reroll:0")
    assert state.result == "lost"
