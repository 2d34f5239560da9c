"""Table options — shared/rules/artichokes.md § Table options worth offering."""

from tests.engine.artichokes.helpers import A, act, keys, kinds, position


def test_without_auto_target_a_single_target_must_still_be_picked() -> None:
    state = position(hands=[["Onion", A], [A]], auto_target=False)
    act(state, 0, "play:Onion")
    assert state.phase == "target" and keys(state, 0) == ["target:1"]


def test_auto_target_never_picks_among_several() -> None:
    state = position(hands=[["Onion", A], [A], [A]])
    act(state, 0, "play:Onion")
    assert keys(state, 0) == ["target:1", "target:2"]


def test_auto_end_turn_waits_while_something_is_playable() -> None:
    state = position(
        hands=[[A, A], ["Broccoli", A, A, A]],
        decks=[[A] * 5, [A] * 5],
        row=["Corn", "Beet"],
        phase="harvest",
        auto_end_turn=True,
    )
    act(state, 0, "harvest:Corn")  # Corn + Artichoke is playable: the turn goes on
    assert state.active == 0 and state.phase == "play"
    act(state, 0, "play:Corn")
    events = act(state, 0, "corn:Beet")  # now only an Artichoke is left: nothing playable
    assert "auto_end_turn" in kinds(events)
    assert state.active == 1 and state.phase == "play"  # seat 1 can play its Broccoli


def test_auto_end_turn_after_harvest_with_nothing_playable() -> None:
    state = position(
        hands=[[A, A], ["Broccoli", A, A, A]],
        decks=[[A] * 5, [A] * 5],
        row=["Pepper"],
        phase="harvest",
        auto_end_turn=True,
    )
    events = act(state, 0, "harvest:Pepper")  # Pepper needs a Discard Pile card: unplayable
    assert "auto_end_turn" in kinds(events)
    assert state.active == 1


def test_auto_end_turn_is_off_by_default() -> None:
    state = position(hands=[[A, A], [A]], decks=[[A] * 5, [A] * 5], row=["Pepper"], phase="harvest")
    act(state, 0, "harvest:Pepper")
    assert state.active == 0 and keys(state, 0) == ["end"]
