"""Powers — shared/rules/pentaquest.md § Powers (and § A turn, phase 4)."""

from __future__ import annotations

import pytest

from engine.chance import scripted
from engine.pentaquest import powers
from engine.pentaquest.state import CANCEL_LIMIT
from tests.engine.pentaquest.helpers import (
    BOGGART,
    BROWNIE,
    DRAGON,
    FIRE_IMP,
    GOBLIN,
    HARPY,
    KOBOLD,
    RAT,
    SPHINX,
    TROLL,
    WEREWOLF,
    WISP,
    act,
    decision,
    first,
    keys,
    kinds_of,
    legal,
    position,
)

# --- add -------------------------------------------------------------------------------------


def test_add_puts_one_on_a_die_and_is_discarded() -> None:
    state = position(dice=(1, 2, 3, 4, 6), armies=[[GOBLIN, FIRE_IMP]])
    events = act(state, 0, f"use:{GOBLIN}")
    assert first(events, "card_chosen").data == {"card": GOBLIN, "name": "Goblin Scout",
                                                  "power": "add"}  # fmt: skip
    events = act(state, 0, "die:3")
    assert state.dice == [1, 2, 3, 5, 6]
    used = first(events, "card_used")
    assert used.data["changes"] == [[3, 4, 5]] and used.data["card"] == GOBLIN
    assert used.data["dice"] == [1, 2, 3, 5, 6]
    assert state.armies[0] == [FIRE_IMP] and state.discards[0] == [GOBLIN]


def test_add_cannot_be_played_on_a_6() -> None:
    state = position(dice=(6, 2, 6, 4, 6), armies=[[GOBLIN]])
    act(state, 0, f"use:{GOBLIN}")
    assert decision(state, "die").options == ("die:1", "die:3")


def test_an_add_card_is_not_offered_when_every_die_shows_6() -> None:
    state = position(dice=(6, 6, 6, 6, 6), quest=[SPHINX], armies=[[GOBLIN, KOBOLD]])
    assert decision(state, "use").options == (f"use:{KOBOLD}",)


def test_two_adds_may_act_on_the_same_die() -> None:
    state = position(dice=(4, 1, 2, 3, 3), armies=[[GOBLIN, RAT]])
    act(state, 0, f"use:{GOBLIN}")
    act(state, 0, "die:0")
    act(state, 0, f"use:{RAT}")
    act(state, 0, "die:0")
    assert state.dice[0] == 6 and state.discards[0] == [GOBLIN, RAT]


# --- sub -------------------------------------------------------------------------------------


def test_sub_takes_one_from_a_die_but_not_from_a_1() -> None:
    state = position(dice=(1, 2, 1, 4, 6), armies=[[KOBOLD]])
    act(state, 0, f"use:{KOBOLD}")
    assert decision(state, "die").options == ("die:1", "die:3", "die:4")
    events = act(state, 0, "die:4")
    assert state.dice == [1, 2, 1, 4, 5]
    assert first(events, "card_used").data["changes"] == [[4, 6, 5]]


def test_a_sub_card_is_not_offered_when_every_die_shows_1() -> None:
    state = position(dice=(1, 1, 1, 1, 1), quest=[DRAGON], armies=[[KOBOLD, GOBLIN]])
    assert decision(state, "use").options == (f"use:{GOBLIN}",)


# --- addsub ----------------------------------------------------------------------------------


def test_addsub_asks_the_direction_when_both_are_possible() -> None:
    state = position(dice=(1, 2, 3, 4, 6), armies=[[BOGGART]])
    act(state, 0, f"use:{BOGGART}")
    assert decision(state, "die").options == tuple(f"die:{i}" for i in range(5))
    act(state, 0, "die:2")
    assert state.phase == "direction" and keys(state) == ["cancel", "minus", "plus"]
    events = act(state, 0, "minus")
    assert state.dice == [1, 2, 2, 4, 6]
    used = first(events, "card_used").data
    assert used["direction"] == "minus" and used["changes"] == [[2, 3, 2]]


def test_addsub_on_a_6_only_goes_down() -> None:
    state = position(dice=(1, 2, 3, 4, 6), armies=[[BOGGART]])
    act(state, 0, f"use:{BOGGART}")
    events = act(state, 0, "die:4")  # no question: only -1 is possible
    assert state.dice[4] == 5 and first(events, "card_used").data["direction"] == "minus"


def test_addsub_on_a_1_only_goes_up() -> None:
    state = position(dice=(1, 2, 3, 4, 6), armies=[[BOGGART]])
    act(state, 0, f"use:{BOGGART}")
    events = act(state, 0, "die:0")
    assert state.dice[0] == 2 and first(events, "card_used").data["direction"] == "plus"


def test_addsub_directions_follow_the_edges() -> None:
    assert powers.directions(1) == ("plus",)
    assert powers.directions(6) == ("minus",)
    assert powers.directions(3) == ("minus", "plus")
    with pytest.raises(ValueError):
        powers.changed("addsub", 6, "plus")
    with pytest.raises(ValueError):
        powers.changed("addsub", 1, "minus")


# --- mirror ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "opposite"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_mirror_turns_a_die_to_its_opposite_face(face: int, opposite: int) -> None:
    state = position(dice=(face, 1, 2, 3, 4), armies=[[BROWNIE]])
    act(state, 0, f"use:{BROWNIE}")
    assert decision(state, "die").options == tuple(f"die:{i}" for i in range(5))
    events = act(state, 0, "die:0")
    assert state.dice[0] == opposite != face
    assert first(events, "card_used").data["changes"] == [[0, face, opposite]]


def test_no_face_is_its_own_mirror() -> None:
    assert all(powers.changed("mirror", v) != v for v in range(1, 7))


# --- reroll ----------------------------------------------------------------------------------


def test_a_reroll_card_rerolls_at_least_one_die_and_keeps_the_results() -> None:
    state = position(armies=[[WISP]], free_rerolls=0)
    act(state, 0, f"use:{WISP}")
    d = decision(state, "dice")
    assert (d.options, d.min, d.max) == (("0", "1", "2", "3", "4"), 1, 5)
    assert not legal(state, "dice:") and legal(state, "dice:0+1+2+3+4")
    with scripted(rolls=[6, 6, 5]):
        events = act(state, 0, "dice:0+1+3")
    assert state.dice == [6, 6, 3, 5, 6]
    used = first(events, "card_used").data
    assert used["power"] == "reroll" and used["changes"] == [[0, 1, 6], [1, 2, 6], [3, 4, 5]]
    assert state.discards[0] == [WISP]


def test_a_reroll_card_may_come_after_the_free_reroll() -> None:
    state = position(armies=[[WISP]])
    with scripted(rolls=[2]):
        act(state, 0, "reroll:0")
    assert keys(state) == ["end", f"use:{WISP}"]
    act(state, 0, f"use:{WISP}")
    with scripted(rolls=[6, 6]):
        act(state, 0, "dice:0+1")
    assert state.dice == [6, 6, 3, 4, 6]


def test_a_reroll_card_is_separate_from_the_free_reroll_and_ends_it() -> None:
    state = position(armies=[[WISP]], free_rerolls=1)
    act(state, 0, f"use:{WISP}")
    with scripted(rolls=[2]):
        act(state, 0, "dice:0")
    assert state.free_rerolls == 0 and "reroll" not in kinds_of(state)  # phase order


def test_several_reroll_cards_may_be_used_in_one_turn() -> None:
    state = position(armies=[[WISP, HARPY]], free_rerolls=0)
    act(state, 0, f"use:{WISP}")
    with scripted(rolls=[2]):
        act(state, 0, "dice:0")
    act(state, 0, f"use:{HARPY}")
    with scripted(rolls=[6, 6, 6]):
        act(state, 0, "dice:0+1+2")
    assert state.dice == [6, 6, 6, 4, 6] and state.discards[0] == [WISP, HARPY]
    assert legal(state, f"capture:{TROLL}")


def test_a_reroll_card_is_always_usable() -> None:
    assert powers.usable("reroll", [6, 6, 6, 6, 6]) and powers.usable("reroll", [1] * 5)


# --- changes of mind -------------------------------------------------------------------------


def test_a_card_in_use_can_be_put_back_unused() -> None:
    state = position(armies=[[BOGGART, WEREWOLF]])
    act(state, 0, f"use:{BOGGART}")
    assert state.armies[0] == [WEREWOLF] and state.using == BOGGART
    act(state, 0, "die:2")
    events = act(state, 0, "cancel")
    assert first(events, "card_put_back").data["card"] == BOGGART
    assert state.armies[0] == [BOGGART, WEREWOLF] and state.discards[0] == []
    assert state.dice == [1, 2, 3, 4, 6] and state.using is None and state.phase == "turn"


def test_a_reroll_card_can_be_put_back() -> None:
    state = position(armies=[[WISP]])
    act(state, 0, f"use:{WISP}")
    act(state, 0, "cancel")
    assert state.armies[0] == [WISP]


def test_cards_can_be_put_back_only_a_few_times_a_turn() -> None:
    state = position(armies=[[GOBLIN]])
    for _ in range(CANCEL_LIMIT):
        act(state, 0, f"use:{GOBLIN}")
        assert "cancel" in kinds_of(state)
        act(state, 0, "cancel")
    act(state, 0, f"use:{GOBLIN}")
    assert kinds_of(state) == ["die"]


def test_the_card_in_use_leaves_the_army_at_once() -> None:
    state = position(armies=[[GOBLIN, RAT]])
    act(state, 0, f"use:{GOBLIN}")
    assert state.armies[0] == [RAT] and state.using == GOBLIN and state.phase == "die"
