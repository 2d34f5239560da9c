"""Corn — shared/rules/artichokes.md § Card powers, Corn."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_an_artichoke_and_a_garden_row_card() -> None:
    assert "play:Corn" not in keys(position(hands=[["Corn", "Leek"], [A]], row=["Beet"]), 0)
    assert "play:Corn" not in keys(position(hands=[["Corn", A], [A]], row=[]), 0)
    assert "play:Corn" in keys(position(hands=[["Corn", A], [A]], row=["Beet"]), 0)


def test_plays_an_artichoke_along_and_tops_the_deck_with_a_row_card() -> None:
    state = position(
        hands=[["Corn", A, A], [A]],
        decks=[[A], []],
        row=["Beet", "Leek", "Beet"],
        stack=["Peas", "Peas"],
    )
    act(state, 0, "play:Corn")
    assert keys(state, 0) == ["corn:Beet", "corn:Leek"]
    act(state, 0, "corn:Leek")
    zones = state.players[0]
    assert zones.hand == [A]
    assert zones.discard == [A, "Corn"]  # not composted; the Corn on top
    assert zones.deck == [A, "Leek"]  # on top of the Personal Deck
    assert state.compost == []
    assert state.row == ["Beet", "Beet"]


def test_the_row_stays_short_until_the_next_replenish() -> None:
    state = position(
        hands=[["Corn", A], [A]],
        decks=[[A] * 5, [A] * 5],
        row=["Beet"] * 2,
        stack=["Peas", "Onion", "Leek", "Potato", "Pepper", "Carrot"],
    )
    act(state, 0, "play:Corn")
    act(state, 0, "corn:Beet")
    assert state.row == ["Beet"] and len(state.stack) == 6
    act(state, 0, "end")
    assert len(state.row) == 5 and state.active == 1


def test_the_artichoke_played_along_is_announced() -> None:
    state = position(hands=[["Corn", A], [A]], row=["Beet"])
    events = act(state, 0, "play:Corn")
    assert [e.kind for e in events] == ["played", "played_along"]
    assert events[1].data == {"card": A} and events[1].visible_to is None
