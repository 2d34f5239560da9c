"""Who may see what — shared/rules/artichokes.md § Information."""

import dataclasses
import random

import engine
from tests.engine.artichokes.helpers import A, act, position


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    state = position(
        hands=[["Corn", A], ["Leek", "Beet", A]],
        decks=[["Pepper", A], ["Peas"]],
        stack=["Onion", "Carrot"],
        discards=[["Potato"], []],
        seed=987654321,
    )
    view = engine.view(state, 1)
    assert view.hand == (A, "Beet", "Leek")
    assert [(s.hand_count, s.deck_count, s.discard) for s in view.seats] == [
        (2, 2, ("Potato",)),
        (3, 1, ()),
    ]
    assert view.stack_count == 2
    text = repr(dataclasses.asdict(view))
    for secret in ("Corn", "Pepper", "987654321"):
        assert secret not in text


def test_the_stack_and_a_seats_own_deck_show_what_they_hold_in_no_order() -> None:
    # § Information: only their order is hidden; every card entering or leaving them is shown.
    state = position(
        hands=[["Corn", A], ["Leek"]],
        decks=[[A, "Pepper", A], ["Peas", A]],
        stack=["Onion", "Carrot", "Beet"],
    )
    mine = engine.view(state, 0)
    assert mine.deck == (A, A, "Pepper") and mine.stack == ("Beet", "Carrot", "Onion")
    assert engine.view(state, 1).deck == (A, "Peas")
    spectator = engine.view(state, None)
    assert spectator.deck is None and spectator.stack == ("Beet", "Carrot", "Onion")


def test_a_sample_keeps_what_the_viewer_knows_and_deals_only_the_opponents_cards() -> None:
    # In 2 players the opponent's hand and Deck together are known (its cards, not where they
    # are): a search player must never imagine the Stack's cards in an opponent's Deck.
    state = position(
        hands=[["Corn", A], ["Leek", A, A]],
        decks=[[A, "Pepper", A], [A, A, "Peas", A]],
        stack=["Onion", "Carrot", "Beet", "Broccoli"],
    )
    seen: set[tuple[str, ...]] = set()
    orders: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for seed in range(40):
        other = engine.redistribute(state, 0, random.Random(seed))
        assert sorted(other.stack) == sorted(state.stack)
        assert sorted(other.players[0].deck) == sorted(state.players[0].deck)
        assert other.players[0].hand == state.players[0].hand
        theirs = other.players[1]
        assert sorted(theirs.hand + theirs.deck) == sorted(["Leek", A, A, A, A, "Peas", A])
        assert (len(theirs.hand), len(theirs.deck)) == (3, 4)
        seen.add(tuple(sorted(theirs.hand)))
        orders.add((tuple(other.stack), tuple(other.players[0].deck)))
    assert len(seen) > 3, "the opponent's hand is not dealt afresh"
    # what they hold is known, their order is not: a sample must not keep the true one
    assert len({stack for stack, _ in orders}) > 6 and len({deck for _, deck in orders}) == 3


def test_a_spectator_sees_no_hand_and_has_no_actions() -> None:
    state = position(hands=[["Corn", A], ["Leek"]])
    view = engine.view(state, None)
    assert view.hand is None and view.decisions == ()
    assert "Corn" not in repr(view) and "Leek" not in repr(view)


def test_drawn_cards_are_seen_only_by_the_drawer() -> None:
    state = position(hands=[[A], [A]], decks=[["Beet", A, A, A, A], [A] * 5])
    events = act(state, 0, "end")
    private = [e for e in events if e.kind == "drew_cards"]
    assert [e.visible_to for e in private] == [(0,)]
    for viewer in (1, None):
        assert all(
            "cards" not in e.data or e.kind in {"discarded", "row_filled"}
            for e in engine.events_for(events, viewer)
        )


def test_the_view_holds_the_viewers_own_decisions_only() -> None:
    state = position(hands=[["Broccoli", A, A, A], [A]])
    mine = engine.view(state, 0).decisions
    assert [(d.kind, d.options) for d in mine] == [("end", ("end",)), ("play", ("play:Broccoli",))]
    assert engine.view(state, 1).decisions == ()
    assert engine.view(state, 1).deciding == (0,)


def test_every_hand_is_shown_once_the_game_is_over() -> None:
    state = position(hands=[["Corn"], ["Leek", A]], decks=[["Beet"], []])
    assert engine.view(state, None).final_hands is None
    act(state, 0, "end")
    assert engine.outcome(state).winners == (0,)
    assert engine.view(state, None).final_hands == (("Beet", "Corn"), (A, "Leek"))


def test_a_discarded_hand_does_not_tell_which_cards_were_passed() -> None:
    # § Information: Eggplant passes are seen by giver and receiver only. Received cards sit at
    # the end of the hand; the discarded hand must not keep that order.
    state = position(
        hands=[
            ["Eggplant", A, "Corn", "Leek", "Corn", "Peas"],
            [A, A, "Pepper"],
            [A, "Beet", "Onion", "Potato"],
        ],
        decks=[[A] * 5, [A] * 5, [A] * 5],
    )
    act(state, 0, "play:Eggplant")
    act(state, 0, "pass:Corn+Leek")
    act(state, 1, "pass:Artichoke+Artichoke")
    act(state, 2, "pass:Beet+Onion")
    events = act(state, 0, "end")
    discarded = next(e for e in engine.events_for(events, 1) if e.kind == "discarded")
    assert discarded.data["cards"] == sorted(discarded.data["cards"])
    assert list(engine.view(state, 1).seats[0].discard) == sorted(state.players[0].discard)


def test_cards_revealed_by_potato_and_peas_are_public() -> None:
    state = position(
        hands=[["Potato", "Peas"], [A]], decks=[[A, "Corn"], []], stack=["Onion", "Beet"]
    )
    events = act(state, 0, "play:Potato") + act(state, 0, "play:Peas")
    revealed = [e for e in events if e.kind in {"potato_revealed", "peas_revealed"}]
    assert [e.visible_to for e in revealed] == [None, None]
