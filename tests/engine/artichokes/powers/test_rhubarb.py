"""Rhubarb (promo) — shared/rules/artichokes.md § Card powers, Rhubarb."""

import engine
from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_a_card_in_the_garden_row_or_stack() -> None:
    assert "play:Rhubarb" not in keys(position(hands=[["Rhubarb"], [A]], rhubarb=True), 0)
    assert "play:Rhubarb" in keys(
        position(hands=[["Rhubarb"], [A]], stack=["Corn"], rhubarb=True), 0
    )


def test_buries_the_row_refills_it_and_harvests() -> None:
    state = position(
        hands=[["Rhubarb", A], [A]],
        row=["Beet", "Corn"],
        stack=["Leek", "Peas", "Onion", "Potato", "Pepper", "Carrot"],
        rhubarb=True,
    )
    act(state, 0, "play:Rhubarb")
    assert state.compost == ["Rhubarb"]
    assert state.row == ["Carrot", "Pepper", "Potato", "Onion", "Peas"]
    assert state.stack == ["Beet", "Corn", "Leek"]  # the old Row lies under the Stack
    assert state.phase == "harvest"
    assert keys(state, 0) == [f"harvest:{k}" for k in sorted(state.row)]
    act(state, 0, "harvest:Onion")
    assert sorted(state.players[0].hand) == [A, "Onion"]
    assert state.phase == "play"
    assert state.players[0].discard == []


def test_the_refill_applies_the_four_of_a_kind_check() -> None:
    state = position(
        hands=[["Rhubarb", A], [A]],
        row=["Leek"],
        stack=["Corn", "Onion", "Peas", "Beet", "Beet", "Beet", "Beet"],
        rhubarb=True,
    )
    events = act(state, 0, "play:Rhubarb")
    assert "row_reshuffled" in [e.kind for e in events]
    assert len(state.row) == 5


def test_rhubarb_is_only_in_the_game_with_the_promo_option() -> None:
    plain = engine.new_game("artichokes", 2, None, 1)
    promo = engine.new_game("artichokes", 2, {"rhubarb": True}, 1)
    assert "Rhubarb" not in plain.stack + plain.row
    assert (promo.stack + promo.row).count("Rhubarb") == 6


def test_a_row_without_a_stack_is_enough() -> None:
    state = position(hands=[["Rhubarb"], [A]], row=["Corn"], rhubarb=True)
    assert "play:Rhubarb" in keys(state, 0)
    act(state, 0, "play:Rhubarb")
    assert state.row == ["Corn"] and state.stack == [] and state.phase == "harvest"
