"""End and score — shared/rules/ninjan.md § End and score."""

import engine
from tests.engine.ninjan.helpers import act, of_kind, pick_all, position


def test_the_game_ends_after_the_ninth_round() -> None:
    state = position(hands=[["R8", "R2"], ["P7", "P1"]], piles=[["S-6"], ["S4"], ["R10"]], round=8)
    events = pick_all(state, ["R8", "P7"])
    act(state, 0, "take:2")  # R8: S-6 and S4 both qualify
    act(state, 1, "take:3")  # P7: R8 (its new pile) and R10 both qualify
    assert state.round == 9 and state.phase == "pick" and engine.outcome(state) is None
    assert "game_over" not in [e.kind for e in events]
    pick_all(state, ["R2", "P1"])  # R2 takes S-6 at once; P1 chooses between R2 and R8
    assert state.phase == "take" and engine.outcome(state) is None
    events = act(state, 1, "take:2")
    assert state.phase == "over" and engine.outcome(state) is not None
    assert [e.kind for e in events][-2:] == ["round_over", "game_over"]
    assert engine.view(state, 0).over and engine.decisions(state) == ()


def test_negative_values_count_and_pile_cards_score_for_no_one() -> None:
    state = position(
        hands=[["R8"], ["P7"]],
        piles=[["S-6", "S-2"], ["P10"], ["P9"]],
        taken=[["R3"], ["S-5", "P4"]],
        round=9,
    )
    events = pick_all(state, ["R8", "P7"])
    # R8 takes pile 1 (-8) at once; P7 then takes R8's new pile (+8) at once
    assert [e.data["points"] for e in of_kind(events, "took")] == [-8, 8]
    assert state.phase == "over" and engine.decisions(state) == ()
    result = engine.outcome(state)
    assert result.scores == (3 - 8, -5 + 4 + 8)  # P10 and P9 stay in the piles: nobody's
    assert result.winners == (1,) and result.ranks == (2, 1) and result.reason == "scores"
    (over,) = of_kind(events, "game_over")
    assert over.data == {"scores": [-5, 7]}
    assert engine.view(state, None).scores == (-5, 7)


def test_equal_scores_share_the_rank_and_the_win() -> None:
    # [ruling] no tie-break: 1, 1, 3
    state = position(
        hands=[["S-1"], ["S-2"], ["S-3"]],
        piles=[["S4"], ["S5"], ["S6"]],
        taken=[["R5"], ["P2", "S3"], ["R1"]],
        round=9,
    )
    pick_all(state, ["S-1", "S-2", "S-3"])
    for seat, pile in ((0, 1), (1, 2), (2, 3)):
        act(state, seat, f"place:{pile}")
    result = engine.outcome(state)
    assert result.scores == (5, 5, 1)
    assert result.ranks == (1, 1, 3) and result.winners == (0, 1) and not result.draw
