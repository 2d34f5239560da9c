"""The five phases — shared/rules/artichokes.md § A turn: five phases."""

import engine
from engine.artichokes.zones import MAX_ROW_RESHUFFLES, replenish_row
from tests.engine.artichokes.helpers import A, act, keys, kinds, position


def test_replenish_fills_the_row_to_five_at_the_start_of_a_turn() -> None:
    state = position(
        hands=[[A], [A]],
        decks=[[A] * 5, [A] * 5],
        row=["Beet"],
        stack=["Leek", "Peas", "Onion", "Potato", "Pepper", "Carrot"],
    )
    act(state, 0, "end")
    assert state.active == 1
    assert state.row == ["Beet", "Carrot", "Pepper", "Potato", "Onion"]
    assert state.stack == ["Leek", "Peas"]
    assert state.phase == "harvest"


def test_four_of_a_kind_reshuffles_the_row_into_the_stack() -> None:
    state = position(
        hands=[[A], [A]],
        row=["Beet", "Beet", "Beet"],
        stack=["Leek", "Corn", "Peas", "Onion", "Potato", "Beet"],
    )
    ev: list = []
    replenish_row(state, ev)
    assert kinds(ev)[:2] == ["row_filled", "row_reshuffled"]
    assert ev[1].data["cards"] == ["Beet", "Beet", "Beet", "Beet", "Potato"]
    assert len(state.row) == 5 and len(state.stack) == 4
    assert sorted(state.row + state.stack) == sorted(
        ["Beet"] * 4 + ["Leek", "Corn", "Peas", "Onion", "Potato"]
    )


def test_the_reshuffle_is_repeated_at_most_five_times() -> None:
    state = position(hands=[[A], [A]], row=[], stack=["Beet"] * 9 + ["Corn"])
    ev: list = []
    replenish_row(state, ev)
    assert kinds(ev).count("row_reshuffled") == MAX_ROW_RESHUFFLES == 5
    assert state.row.count("Beet") >= 4  # kept after the fifth try


def test_the_check_is_skipped_when_the_stack_is_empty_after_filling() -> None:
    state = position(hands=[[A], [A]], row=["Beet"], stack=["Beet", "Beet", "Beet", "Corn"])
    ev: list = []
    replenish_row(state, ev)
    assert "row_reshuffled" not in kinds(ev)
    assert sorted(state.row) == ["Beet"] * 4 + ["Corn"]


def test_harvest_is_mandatory_when_the_row_has_cards() -> None:
    state = position(
        hands=[["Potato"], [A]], decks=[[A], []], row=["Corn", "Beet"], phase="harvest"
    )
    assert keys(state, 0) == ["harvest:Beet", "harvest:Corn"]  # no "end", no "play:Potato"


def test_harvest_is_skipped_when_the_row_is_empty() -> None:
    state = position(hands=[[A], [A]], decks=[[A] * 5, [A] * 5])
    act(state, 0, "end")
    assert state.active == 1 and state.row == [] and state.phase == "play"


def test_a_harvested_card_may_be_played_this_turn() -> None:
    state = position(hands=[[A], [A]], decks=[[A], []], row=["Potato"], phase="harvest")
    act(state, 0, "harvest:Potato")
    assert state.row == [] and "play:Potato" in keys(state, 0)


def test_artichokes_are_never_played_on_their_own() -> None:
    assert keys(position(hands=[[A, A, A], [A]]), 0) == ["end"]


def test_a_played_card_goes_on_top_of_the_own_discard_pile() -> None:
    state = position(hands=[["Broccoli", A, A, A], [A]], discards=[["Corn"], []])
    act(state, 0, "play:Broccoli")
    assert state.players[0].discard == ["Corn", "Broccoli"]


def test_discard_then_draw_five() -> None:
    state = position(hands=[[A, "Corn"], [A]], decks=[["Beet", A, A, A, A, A], []])
    events = act(state, 0, "end")
    assert sorted(state.players[0].discard) == [A, "Corn"]
    assert state.players[0].hand == [A] * 5
    assert state.players[0].deck == ["Beet"]
    assert kinds(events)[:4] == ["turn_ended", "discarded", "drew", "drew_cards"]


def test_an_exhausted_deck_is_reshuffled_mid_draw() -> None:
    state = position(hands=[["Corn"], [A]], decks=[[A, A], []], discards=[[A, A, A], []])
    events = act(state, 0, "end")
    assert kinds(events).count("deck_reshuffled") == 1
    assert len(state.players[0].hand) == 5
    assert len(state.players[0].deck) == 1 and state.players[0].discard == []


def test_with_deck_and_discard_pile_empty_the_hand_stays_short() -> None:
    state = position(hands=[[], [A]], decks=[[A, A], []])
    act(state, 0, "end")
    assert state.players[0].hand == [A, A]


def test_no_reshuffle_before_the_draw_needs_it() -> None:
    state = position(
        hands=[[A], [A]], decks=[[], [A] * 5], discards=[[A, A], []], row=["Corn"], phase="harvest"
    )
    act(state, 0, "harvest:Corn")
    assert state.players[0].deck == [] and state.players[0].discard == [A, A]


def test_turns_pass_in_seat_order() -> None:
    state = position(hands=[[A], [A], [A]], decks=[[A] * 5] * 3, active=2)
    act(state, 2, "end")
    assert state.active == 0 and state.turn == 2


def test_only_the_deciding_seat_may_act() -> None:
    state = position(hands=[[A], [A]])
    assert engine.deciding_seats(state) == (0,)
    assert keys(state, 1) == []


def test_the_draw_takes_the_old_deck_before_reshuffling() -> None:
    # § Draw: draw what the Deck has, then shuffle the Discard Pile and continue
    for seed in range(20):
        state = position(
            hands=[[], [A]],
            decks=[["Corn", "Beet"], [A] * 5],
            discards=[["Leek", "Peas", "Onion", "Potato", "Pepper", "Carrot"], []],
            seed=seed,
        )
        act(state, 0, "end")
        hand = state.players[0].hand
        assert "Beet" in hand and "Corn" in hand and len(hand) == 5
        assert len(state.players[0].deck) == 3 and state.players[0].discard == []


def test_a_new_turn_allows_a_carrot_again() -> None:
    state = position(hands=[["Broccoli", A, A, A], ["Carrot", A, A]], decks=[[A] * 5, [A] * 5])
    act(state, 0, "play:Broccoli")
    act(state, 0, "end")
    assert state.active == 1 and "play:Carrot" in keys(state, 1)


def test_three_of_a_kind_keeps_the_row() -> None:
    state = position(hands=[[A], [A]], row=["Beet", "Beet"], stack=["Corn", "Leek", "Beet", "Peas"])
    ev: list = []
    replenish_row(state, ev)
    assert "row_reshuffled" not in kinds(ev)
    assert state.row == ["Beet", "Beet", "Peas", "Beet", "Leek"]


def test_a_kept_row_is_not_checked_again_until_a_card_is_revealed() -> None:
    # after the fifth reshuffle the Row is kept; a Replenish that reveals nothing leaves it alone
    state = position(hands=[[A], [A]], row=["Beet"] * 4 + ["Corn"], stack=["Leek", "Peas"])
    ev: list = []
    replenish_row(state, ev)
    assert ev == [] and state.row == ["Beet"] * 4 + ["Corn"]


def test_the_setup_row_is_checked_for_four_of_a_kind() -> None:
    # find a seed whose first shuffle deals four of a kind, and check that setup re-dealt it
    from collections import Counter

    from engine.artichokes.cards import deck_composition
    from engine.chance import _MIX, GameRandom

    for seed in range(20_000):
        stack = [k for k, n in deck_composition(2, False).items() if k != A for _ in range(n)]
        GameRandom((seed * _MIX) ^ 1).shuffle(stack)
        if Counter(stack[-5:]).most_common(1)[0][1] >= 4:
            break
    else:
        raise AssertionError("no seed deals four of a kind")
    state = engine.new_game("artichokes", 2, None, seed)
    assert Counter(state.row).most_common(1)[0][1] < 4
    assert state.rng_counter > 2  # the Row was reshuffled at least once
