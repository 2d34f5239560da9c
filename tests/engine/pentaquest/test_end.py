"""End and score — shared/rules/pentaquest.md § End and score (solo, multiplayer, the stall
rule [house]) and § A turn, phase 5."""

from __future__ import annotations

import pytest

import engine
from engine.chance import scripted
from engine.contract import Outcome
from engine.pentaquest.state import TURN_CAP, PentaquestOptions
from tests.engine.pentaquest.helpers import (
    CYCLOPS,
    DRAGON,
    FIRE_IMP,
    GOBLIN,
    KELPIE,
    KOBOLD,
    LEGENDS,
    PIXIE,
    RAT,
    TROLL,
    act,
    first,
    position,
)

MISS = [1, 2, 3, 4, 6]
"""A roll that beats none of ``LEGENDS``."""

# --- solo ------------------------------------------------------------------------------------


def test_solo_after_a_capture_with_cards_left_the_next_turn_starts_at_phase_1() -> None:
    state = position(dice=(6, 6, 6, 1, 2), deck=[GOBLIN], armies=[[KOBOLD]])
    with scripted(rolls=MISS):
        events = act(state, 0, f"capture:{TROLL}")
    assert state.result is None and state.turn == 6 and state.active == 0
    assert GOBLIN in state.quest and first(events, "quest_filled").data["cards"] == [GOBLIN]


def test_solo_is_won_when_deck_and_quest_area_are_empty_after_a_capture() -> None:
    state = position(dice=(6, 6, 6, 1, 2), quest=[TROLL], armies=[[GOBLIN, KOBOLD]])
    events = act(state, 0, f"capture:{TROLL}")
    assert state.result == "won" and state.phase == "over"
    assert engine.outcome(state) == Outcome((0,), False, "won", (3,), (1,))
    assert first(events, "game_over").data == {"result": "won", "score": 3}
    assert engine.decisions(state) == ()


def test_the_solo_score_counts_only_the_unused_army_cards() -> None:
    state = position(
        dice=(6, 6, 5, 1, 2), quest=[TROLL], armies=[[GOBLIN, KOBOLD]], discards=[[RAT, PIXIE]]
    )
    act(state, 0, f"use:{GOBLIN}")
    act(state, 0, "die:2")
    act(state, 0, f"capture:{TROLL}")
    assert engine.outcome(state).scores == (2,)  # Kobold Tunneler and Troll


def test_a_solo_turn_without_a_capture_loses_the_game() -> None:
    state = position(dice=(6, 6, 6, 1, 2), quest=[TROLL, DRAGON], armies=[[GOBLIN]])
    events = act(state, 0, "end")
    assert state.result == "lost"
    result = engine.outcome(state)
    assert result.winners == () and not result.draw and result.reason == "lost"
    assert first(events, "game_over").data == {"result": "lost", "cards_kept": 1}


def test_a_lost_solo_game_has_no_score() -> None:
    state = position(armies=[[GOBLIN, KOBOLD]])
    act(state, 0, "end")
    result = engine.outcome(state)
    assert result == engine.Outcome(winners=(), draw=False, reason="lost", scores=None, ranks=None)
    view = engine.view(state, 0)
    assert view.scores is None and view.players[0].army_count == 2  # "cards kept"


def test_solo_needs_no_stall_rule() -> None:
    view = engine.view(position(), 0)
    assert view.stall_rounds is None and view.turn_cap is None


# --- multiplayer -----------------------------------------------------------------------------


def test_multiplayer_a_turn_without_a_capture_simply_passes() -> None:
    state = position(armies=[[], [], []], active=2)
    with scripted(rolls=MISS):
        act(state, 2, "end")
    assert state.result is None and state.active == 0 and state.turn == 6


def test_multiplayer_the_quest_area_is_shared() -> None:
    state = position(dice=(6, 6, 6, 1, 2), armies=[[], []], deck=[FIRE_IMP])
    with scripted(rolls=MISS):
        act(state, 0, f"capture:{TROLL}")
    assert state.armies == [[TROLL], []]
    assert state.quest == [DRAGON, LEGENDS[1], CYCLOPS, LEGENDS[4], FIRE_IMP]


def test_multiplayer_the_game_ends_when_deck_and_quest_area_are_empty() -> None:
    state = position(
        dice=(6, 6, 6, 1, 2), quest=[TROLL], armies=[[GOBLIN], [KOBOLD, RAT]], active=0
    )
    events = act(state, 0, f"capture:{TROLL}")
    assert state.result == "complete"
    assert first(events, "game_over").data == {"result": "complete", "scores": [2, 2]}


def test_multiplayer_score_is_army_plus_discard_pile() -> None:
    state = position(
        dice=(6, 6, 6, 1, 2),
        quest=[TROLL],
        armies=[[GOBLIN], [KOBOLD]],
        discards=[[], [RAT, PIXIE]],
    )
    act(state, 0, f"capture:{TROLL}")
    result = engine.outcome(state)
    assert result.scores == (2, 3) and result.winners == (1,) and result.ranks == (2, 1)
    assert result.reason == "complete"


def test_multiplayer_a_tie_goes_to_the_most_unused_army_cards() -> None:
    state = position(
        dice=(6, 6, 6, 1, 2),
        quest=[TROLL],
        armies=[[GOBLIN], [KOBOLD, RAT, PIXIE]],
        discards=[[KELPIE], []],
    )
    act(state, 0, f"capture:{TROLL}")
    result = engine.outcome(state)
    assert result.scores == (3, 3) and result.winners == (1,) and result.ranks == (2, 1)


def test_multiplayer_players_still_tied_share_the_win() -> None:
    state = position(
        dice=(6, 6, 6, 1, 2),
        quest=[TROLL],
        armies=[[GOBLIN], [KOBOLD], [PIXIE, RAT]],
        discards=[[KELPIE], [], [FIRE_IMP]],
    )
    act(state, 0, f"capture:{TROLL}")
    result = engine.outcome(state)
    # seats 0 and 2: 3 points and 2 unused cards each
    assert result.scores == (3, 1, 3) and result.winners == (0, 2) and result.ranks == (1, 3, 1)


# --- the stall rule [house] ------------------------------------------------------------------


def test_the_stall_count_grows_with_each_turn_without_a_capture() -> None:
    state = position(armies=[[], []])
    for turn in range(1, 4):
        with scripted(rolls=MISS):
            act(state, state.active, "end")
        assert state.dry_turns == turn
    view = engine.view(state, None)
    assert (view.dry_turns, view.dry_rounds, view.stall_rounds) == (3, 1, 3)


def test_a_capture_resets_the_stall_count() -> None:
    state = position(dice=(6, 6, 6, 1, 2), armies=[[], []], dry_turns=4, deck=[GOBLIN])
    with scripted(rolls=MISS):
        act(state, 0, f"capture:{TROLL}")
    assert state.dry_turns == 0


def test_three_full_rounds_without_a_capture_end_the_game() -> None:
    state = position(armies=[[GOBLIN], [], []], discards=[[], [KOBOLD], []], dry_turns=7,
                     active=1, deck=[RAT, PIXIE])  # fmt: skip
    with scripted(rolls=MISS):
        act(state, 1, "end")
    assert state.result is None and state.dry_turns == 8
    events = act(state, 2, "end")
    assert state.result == "stall" and state.dry_turns == 9
    result = engine.outcome(state)
    assert result.reason == "stall" and result.scores == (1, 1, 0) and result.winners == (0,)
    assert first(events, "game_over").data["scores"] == [1, 1, 0]
    assert state.deck == [RAT, PIXIE] and len(state.quest) == 5  # escape, score for nobody


def test_the_stall_rule_counts_k_rounds_of_the_table_option() -> None:
    state = position(armies=[[], []], dry_turns=3, stall_rounds=2)
    act(state, 0, "end")
    assert state.result == "stall"
    assert engine.view(state, None).stall_rounds == 2


def test_with_the_stall_rule_off_dry_rounds_do_not_end_the_game() -> None:
    state = position(armies=[[], []], dry_turns=50, stall_rounds=None)
    with scripted(rolls=MISS):
        act(state, 0, "end")
    assert state.result is None and state.dry_turns == 51
    assert engine.view(state, None).turn_cap == TURN_CAP


def test_with_the_stall_rule_off_the_game_ends_after_300_turns() -> None:
    state = position(armies=[[GOBLIN], []], turn=TURN_CAP - 1, stall_rounds=None)
    with scripted(rolls=MISS):
        act(state, 0, "end")
    assert state.result is None and state.turn == TURN_CAP
    act(state, 1, "end")
    result = engine.outcome(state)
    assert result.reason == "turn_cap" and result.winners == (0,)


def test_the_stall_rounds_option_is_bounded() -> None:
    with pytest.raises(ValueError):
        PentaquestOptions(stall_rounds=0)
    with pytest.raises(ValueError):
        PentaquestOptions(stall_rounds=6)
    assert PentaquestOptions().stall_rounds == 3


def test_every_game_ends_within_the_declared_bound() -> None:
    info = engine.get_game("pentaquest").info
    # 42 captures, fewer than 5 x 4 dry turns before each and after the last, each turn at
    # most 12 actions, plus 3 actions per card used
    assert info.max_actions >= (42 + 43 * 5 * 4) * 12 + 42 * 3
