"""Who may see what — shared/rules/ninjan.md § Information."""

import dataclasses
import random

import engine
from engine.ninjan.state import NinjanState
from engine.ninjan.view import ResolvedView
from tests.engine.ninjan.helpers import act, of_kind, pick_all, position


def _three_seats() -> NinjanState:
    return position(
        hands=[["R7", "P-3", "S10"], ["S2", "P5", "R-1"], ["P10", "S-6", "R4"]],
        piles=[["S4", "P-2"], ["P1"], ["R-6"]],
        taken=[["R1"], [], ["S-5", "P3"]],
        out=["R9", "P9", "S9"],
        round=4,
        seed=987654321,
    )


def test_the_table_is_public_and_the_viewer_sees_its_own_hand_only() -> None:
    state = _three_seats()
    view = engine.view(state, 1)
    assert view.piles == (("P-2", "S4"), ("P1",), ("R-6",))  # top first
    assert [(s.seat, s.hand_count, s.taken, s.score) for s in view.seats] == [
        (0, 3, ("R1",), 1),
        (1, 3, (), 0),
        (2, 3, ("S-5", "P3"), -2),
    ]
    assert view.scores == (1, 0, -2)
    assert (view.round, view.rounds, view.phase, view.out_count) == (4, 9, "pick", 3)
    assert view.hand == ("R-1", "P5", "S2")  # display order: Rock, Paper, Scissors
    text = repr(dataclasses.asdict(view))
    for secret in ("R7", "P-3", "S10", "P10", "S-6", "R4", "R9", "P9", "S9", "987654321"):
        assert f"'{secret}'" not in text


def test_a_spectator_sees_no_hand_and_has_no_decisions() -> None:
    state = _three_seats()
    view = engine.view(state, None)
    assert view.hand is None and view.decisions == () and view.my_pick is None
    for card in ("R7", "S2", "P10", "R9"):
        assert f"'{card}'" not in repr(view)


def test_who_has_chosen_is_public_but_never_what() -> None:
    state = _three_seats()
    events = act(state, 0, "S10")
    for viewer in (1, 2, None):
        view = engine.view(state, viewer)
        assert view.committed == (0,) and view.choosing == (1, 2) and view.deciding == (1, 2)
        assert [s.chosen for s in view.seats] == [True, False, False]
        assert view.my_pick is None
        assert "S10" not in repr(view)
        seen = engine.events_for(events, viewer)
        assert [e.kind for e in seen] == ["picked"] and "S10" not in repr(seen)
    mine = engine.view(state, 0)
    assert mine.my_pick == "S10" and mine.decisions[0].committed == ("S10",)
    assert [e.kind for e in engine.events_for(events, 0)] == ["picked", "picked_card"]
    assert of_kind(events, "picked_card")[0].visible_to == (0,)


def test_the_revealed_cards_and_the_resolution_are_shown_while_resolving() -> None:
    state = _three_seats()
    pick_all(state, ["R7", "P5", "P10"])
    # P10 first: the Rock-topped pile is the only one, taken at once; R7 next finds no
    # Scissors top (pile 1's top is P-2) and waits for its player to choose a pile.
    view = engine.view(state, None)
    assert view.revealed_round == 4
    assert view.revealed == ((2, "P10"), (0, "R7"), (1, "P5"))
    assert view.resolved == (
        ResolvedView(seat=2, card="P10", pile=3, taken=("R-6",), points=-6, auto=True),
    )
    assert view.resolving == 0 and view.deciding == (0,) and view.phase == "place"
    assert view.choosing == () and view.committed == ()


def test_the_last_round_stays_readable_while_the_next_is_chosen() -> None:
    state = _three_seats()
    pick_all(state, ["R7", "P5", "P10"])
    act(state, 0, "place:2")  # R7 on P1; P5 then takes it (Paper beats Rock) at once
    view = engine.view(state, 1)
    assert (view.round, view.phase, view.revealed_round) == (5, "pick", 4)
    assert view.revealed == ((2, "P10"), (0, "R7"), (1, "P5"))
    assert [(s.seat, s.card, s.pile, s.taken, s.points, s.auto) for s in view.resolved] == [
        (2, "P10", 3, ("R-6",), -6, True),
        (0, "R7", 2, (), 0, False),
        (1, "P5", 2, ("R7", "P1"), 8, True),
    ]
    assert view.resolving is None
    act(state, 1, "S2")  # a choice of the new round changes nothing of it
    assert engine.view(state, 0).revealed == view.revealed


def test_resolution_events_carry_seat_card_pile_points_and_cards() -> None:
    state = _three_seats()
    events = pick_all(state, ["R7", "P5", "P10"])
    events += act(state, 0, "place:1")
    lines = [(e.kind, e.seat, e.data) for e in events if e.kind in ("took", "placed")]
    assert lines == [
        (
            "took",
            2,
            {"card": "P10", "pile": 3, "cards": ["R-6"], "points": -6, "score": -8, "auto": True},
        ),
        ("placed", 0, {"card": "R7", "pile": 1}),
        (
            "took",
            1,
            {
                "card": "P5",
                "pile": 1,
                "cards": ["R7", "P-2", "S4"],
                "points": 9,
                "score": 9,
                "auto": True,
            },
        ),
    ]
    assert all(e.visible_to is None for e in events if e.kind != "picked_card")


def test_redistribute_deals_other_hands_out_cards_and_other_choices_afresh() -> None:
    state = _three_seats()
    act(state, 1, "S2")
    act(state, 2, "R4")
    seen = engine.view(state, 0)
    hidden = {"S2", "P5", "R-1", "P10", "S-6", "R4", "R9", "P9", "S9"}
    results = set()
    for seed in range(20):
        other = engine.redistribute(state, 0, random.Random(seed))
        assert engine.view(other, 0) == seen
        assert other.hands[0] == state.hands[0] and other.piles == state.piles
        assert other.taken == state.taken
        assert {*other.hands[1], *other.hands[2], *other.out} == hidden
        assert [len(h) for h in other.hands] == [3, 3, 3] and len(other.out) == 3
        for seat in (1, 2):
            assert other.picks[seat] in other.hands[seat]
        assert other.picks[0] == ""
        results.add((tuple(other.hands[1]), other.picks[1], other.picks[2]))
    assert len(results) > 10


def test_redistribute_keeps_the_viewers_own_choice_and_depends_on_the_view_only() -> None:
    state = _three_seats()
    act(state, 0, "P-3")
    act(state, 1, "R-1")
    a = engine.redistribute(state, 0, random.Random(5))
    assert a.picks[0] == "P-3" and a.picks[2] == ""
    # a state the viewer cannot tell from this one gives the same redistribution
    twin = engine.redistribute(state, 0, random.Random(99))
    assert engine.view(twin, 0) == engine.view(state, 0)
    b = engine.redistribute(twin, 0, random.Random(5))
    assert engine.dumps(a) == engine.dumps(b)


def test_a_spectator_redistribution_re_deals_every_hand() -> None:
    state = _three_seats()
    other = engine.redistribute(state, None, random.Random(3))
    assert engine.view(other, None) == engine.view(state, None)
    assert other.hands != state.hands
    assert [len(h) for h in other.hands] == [3, 3, 3]
