"""Taking back a move in Abandon All Artichokes — docs/undo.md § Abandon All Artichokes,
against shared/rules/artichokes.md (§ A turn, § Card powers, § Information)."""

import engine
from tests.engine.artichokes.helpers import A, position
from tests.engine.undo_helpers import may_take_back, play, taken_back_exactly, timeline


def test_a_harvest_may_be_taken_back() -> None:
    # § A turn, 2: the Garden Row is face up, so taking a card from it shows nothing
    state = position(hands=[[A], [A]], row=["Corn", "Leek"], stack=["Peas"] * 3, phase="harvest")
    line = timeline(state)
    before = engine.clone(state)
    play(line, 0, "harvest:Corn")
    assert may_take_back(line, 0) and not may_take_back(line, 1)
    assert taken_back_exactly(line, 0, before)
    assert line.state.row == ["Corn", "Leek"] and line.state.players[0].hand == [A]


def test_plays_that_show_nothing_may_be_taken_back_one_by_one() -> None:
    # Broccoli (compost an Artichoke) then Pepper (a Discard Pile card, public, onto the
    # Deck): nothing leaves a face-down pile
    state = position(
        hands=[["Broccoli", "Pepper", A, A, A], [A]],
        decks=[["Leek"], ["Corn"]],
        discards=[["Onion"], []],
        stack=["Peas"] * 3,
    )
    line = timeline(state)
    start = engine.clone(state)
    play(line, 0, "play:Broccoli")
    after_broccoli = engine.clone(line.state)
    play(line, 0, "play:Pepper")
    play(line, 0, "pepper:Onion")
    assert line.state.players[0].deck[-1] == "Onion"
    assert may_take_back(line, 0)
    line.take_back(0)  # the Pepper's choice
    assert taken_back_exactly(line, 0, after_broccoli)  # the Pepper itself
    assert taken_back_exactly(line, 0, start)  # the Broccoli
    assert not may_take_back(line, 0)


def test_a_play_that_reveals_the_garden_stacks_top_is_final() -> None:
    # Peas: "Reveal the top two" of the Garden Stack — seen by everyone
    state = position(hands=[["Peas", A], [A]], stack=["Beet", "Carrot", "Leek"])
    line = timeline(state)
    play(line, 0, "play:Peas")
    assert line.state.revealed  # the two cards are face up now
    assert not may_take_back(line, 0)


def test_the_choices_after_a_reveal_may_be_taken_back_but_not_the_reveal() -> None:
    # with the opponent chosen by hand (auto_target off), the Leek's play shows nothing yet
    # Leek: choosing the opponent reveals their top Deck card; keeping it or not shows nothing
    state = position(hands=[["Leek", A], [A]], decks=[[], ["Beet", "Corn"]], auto_target=False)
    line = timeline(state)
    play(line, 0, "play:Leek")
    assert may_take_back(line, 0)  # the Leek is in play, nothing shown yet
    play(line, 0, "target:1")
    assert line.state.revealed == ["Corn"]
    assert not may_take_back(line, 0)  # the top card was seen
    revealed = engine.clone(line.state)
    play(line, 0, "leek:hand")
    assert taken_back_exactly(line, 0, revealed)
    assert not may_take_back(line, 0)


def test_ending_the_turn_draws_and_is_final() -> None:
    # § A turn, 5: Draw 5 from your Personal Deck — and the next seat's turn begins
    state = position(
        hands=[[A, "Corn"], [A]], decks=[[A] * 6, [A] * 6], row=["Peas"] * 5, stack=["Leek"] * 9
    )
    line = timeline(state)
    play(line, 0, "end")
    assert not may_take_back(line, 0) and not may_take_back(line, 1)


def test_a_beets_random_swap_is_final() -> None:
    # Beet: "each of you takes a random card from the other's hand" — chance decides
    state = position(hands=[["Beet", A, "Corn"], [A, "Leek"], ["Peas"]], auto_target=False)
    line = timeline(state)
    play(line, 0, "play:Beet")
    assert may_take_back(line, 0)  # choosing whom comes next
    play(line, 0, "target:1")
    assert not may_take_back(line, 0)


def test_after_another_seat_acted_nothing_may_be_taken_back() -> None:
    # Eggplant: every seat passes at once; once another seat answered, the move is theirs
    state = position(hands=[["Eggplant", A, "Corn", "Leek", "Onion"], [A, "Peas", "Beet"]])
    line = timeline(state)
    play(line, 0, "play:Eggplant")
    assert not may_take_back(line, 0)  # the game moved to every seat's decision
    play(line, 0, "pass:Corn+Leek")
    assert may_take_back(line, 0)  # a secret answer, nobody else has answered since
    play(line, 1, "pass:Beet+Peas")
    assert not may_take_back(line, 0)
