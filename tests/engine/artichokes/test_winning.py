"""Winning — shared/rules/artichokes.md § Winning."""

import engine
from tests.engine.artichokes.helpers import A, act, keys, position


def test_a_drawn_hand_without_artichokes_wins_at_once() -> None:
    state = position(hands=[[A, A], [A]], decks=[[A, "Beet", "Corn", "Leek", "Peas", "Onion"], []])
    events = act(state, 0, "end")
    assert engine.outcome(state) == engine.Outcome((0,), False, "artichoke_free_hand")
    won = events[-1]
    assert won.kind == "won" and won.visible_to is None
    assert won.data["hand"] == sorted(["Beet", "Corn", "Leek", "Peas", "Onion"])
    assert engine.deciding_seats(state) == () and keys(state, 1) == []


def test_an_empty_drawn_hand_wins() -> None:
    # [ruling] whatever the hand's size, an empty hand included
    state = position(hands=[[], [A]])
    act(state, 0, "end")
    assert state.players[0].hand == []
    assert engine.outcome(state).winners == (0,)


def test_no_artichokes_in_the_middle_of_a_turn_does_not_win() -> None:
    state = position(hands=[["Beet", A], ["Corn"]], decks=[[A] * 5, [A] * 5])
    act(state, 0, "play:Beet")  # the swap leaves seat 0 holding only the Corn
    assert state.players[0].hand == ["Corn"]
    assert engine.outcome(state) is None and state.phase == "play"


def test_only_the_active_seat_can_win_and_only_after_drawing() -> None:
    state = position(hands=[[A], ["Corn"]], decks=[[A] * 5, [A] * 5])
    act(state, 0, "end")  # seat 0 draws Artichokes; seat 1's Artichoke-free hand is no win
    assert engine.outcome(state) is None
    assert state.active == 1


def test_the_game_ends_as_a_draw_at_the_turn_limit() -> None:
    # [house] default 300 turns, configurable
    state = position(hands=[[A], [A]], decks=[[A] * 5, [A] * 5], turn=3, turn_limit=3)
    events = act(state, 0, "end")
    assert engine.outcome(state) == engine.Outcome((), True, "turn_limit")
    assert events[-1].kind == "turn_limit_draw"
    assert engine.new_game("artichokes", 2, None, 1).options.turn_limit == 300


def test_actions_after_the_end_are_refused() -> None:
    state = position(hands=[[], [A]])
    act(state, 0, "end")
    before = engine.dumps(state)
    try:
        act(state, 1, "end")
    except engine.IllegalAction as exc:
        assert exc.code == "game_over"
    else:
        raise AssertionError("an action after the end was accepted")
    assert engine.dumps(state) == before


def test_the_game_goes_on_before_the_turn_limit() -> None:
    state = position(hands=[[A], [A]], decks=[[A] * 5, [A] * 5], turn=2, turn_limit=3)
    act(state, 0, "end")
    assert engine.outcome(state) is None and state.turn == 3


def test_a_win_on_the_last_turn_is_a_win_not_a_draw() -> None:
    state = position(hands=[[A], [A]], decks=[["Corn"] * 5, [A] * 5], turn=3, turn_limit=3)
    act(state, 0, "end")
    assert engine.outcome(state) == engine.Outcome((0,), False, "artichoke_free_hand")
