"""Who may see what — shared/rules/verso.md § Information."""

import random

import pytest

import engine
from engine.verso.cards import FACES_OF_TYPE, KIND, SIDE_TYPE
from engine.verso.hidden import match, unknown_cards
from engine.verso.view import back_options
from tests.engine.verso.helpers import accounted, act, position


def views(state):
    return [engine.view(state, viewer) for viewer in (None, *range(state.seats))]


def test_a_never_seen_down_side_is_in_no_view_not_even_the_owners() -> None:
    backs = ["B3:1/G4", "B3:1/G2", "B3:1/O4", "B3:1/O2"]
    states = [position([[card, "G1"], ["O2!"]], pile=["G6", "O5"]) for card in backs]
    first = views(states[0])
    for state in states[1:]:
        assert views(state) == first
    own = engine.view(states[0], 0).seats[0]
    assert own.rows[0][0].down is None  # its owner does not know it either
    assert own.rows[0][0].up.code == "B3"


def test_a_kept_cards_back_is_not_in_the_events() -> None:
    told = []
    for back in ("G4", "O2"):
        state = position([[], []], pile=["G6", f"B3:1/{back}"])
        told.append([(e.kind, e.data, e.visible_to) for e in act(state, 0, "draw:keep")])
    assert told[0] == told[1]
    assert "down" not in repr(told[0])


def test_once_flipped_both_sides_are_public_for_everyone() -> None:
    state = position([[], ["G1", "G2"], ["B5/O4"]], pile=["G6", "B3:1/G4"], active=1)
    act(state, 1, "draw:flip")  # seat 1's drawn card shows both sides
    act(state, 2, "draw:keep")
    for view in views(state):
        green4 = view.seats[1].rows[1][-1]
        assert green4.up.code == "G4" and green4.down.code == "B3"
        assert view.seats[2].rows[0][0].down is None


def test_the_discard_pile_shows_both_sides_of_its_cards() -> None:
    # [ruling] a discarded card is out of the game and public
    state = position([["B1/O2", "B2/G1"], []], pile=["G6", "O5"])
    act(state, 0, "bank:B12")
    for view in views(state):
        assert [(c.up.code, c.down.code) for c in view.discard] == [("B1", "O2"), ("B2", "G1")]


def test_the_draw_pile_shows_its_count_and_its_tops_shown_side_only() -> None:
    a = position([[], []], pile=["G6", "O1", "B3:1/G4"])
    b = position([[], []], pile=["O4", "B2", "B3:1/O2"])
    assert views(a) == views(b)
    view = engine.view(a, 0)
    assert view.pile_count == 3 and view.top.code == "B3" and view.top.vp == 1


def test_the_cards_out_of_the_game_show_only_their_count() -> None:
    a = position([[], []], pile=["G6", "O5"])
    b = position([[], []], pile=["G5", "O5"])  # another card below the top, G6 out
    assert a.out != b.out and views(a) == views(b)
    assert engine.view(a, None).out_count == 88


def test_redistributing_keeps_every_view_and_every_card_once() -> None:
    state = engine.new_game("verso", 4, None, 3)
    rng = random.Random(1)
    while len(state.pile) > 20:
        seat = engine.deciding_seats(state)[0]
        engine.apply(state, engine.random_action(state, seat, rng))
    changed = 0
    for seed in range(20):
        for viewer in (None, 0, 2):
            other = engine.redistribute(state, viewer, random.Random(seed))
            assert views(other) == views(state)
            assert accounted(other) == {card: 1 for card in range(90)}
            assert unknown_cards(other) == unknown_cards(state)
            changed += other.tableaux != state.tableaux
            # every unseen tableau card still shows its side, now on any card showing it
    assert changed > 0


def test_redistributing_depends_only_on_the_view() -> None:
    a = position([["B3:1/G4", "G1"], ["O2"]], pile=["G6", "O1", "O5"])
    b = position([["B3:1/O2", "G1"], ["O2"]], pile=["B6", "G4", "O5"])
    assert views(a) == views(b)
    for seed in range(5):
        ra = engine.redistribute(a, 0, random.Random(seed))
        rb = engine.redistribute(b, 0, random.Random(seed))
        assert engine.dumps(ra) == engine.dumps(rb)


def test_other_seats_final_choices_are_re_chosen_and_the_viewers_kept() -> None:
    state = position([["B1", "B2"], ["G1", "G2", "G3"], ["O1", "O2"]], pile=["G6"], phase="final")
    state.finals = {0: "final:B12", 1: "final:G123"}
    seen = set()
    for seed in range(30):
        other = engine.redistribute(state, 0, random.Random(seed))
        assert other.finals[0] == "final:B12"
        assert set(other.finals) == {0, 1}
        seen.add(other.finals[1])
    assert len(seen) > 1


def test_the_state_stays_compact_with_eight_players_and_full_tableaux() -> None:
    # the worst case: every card on a tableau, every back seen, big scores, final choices
    state = position([[] for _ in range(8)], scores=[123] * 8)
    rng = random.Random(4)
    for card in range(90):
        face = 2 * card + rng.randrange(2)
        for tableau in state.tableaux:
            if all(KIND[f] != KIND[face] for f in tableau):
                tableau.append(face)
                tableau.sort(key=KIND.__getitem__)
                break
    state.out = []
    state.seen = sorted(f >> 1 for t in state.tableaux for f in t)
    state.squares = [True] * 8
    state.phase = "final"
    state.finals = {s: "final:B123456" for s in range(8)}
    assert accounted(state) == {card: 1 for card in range(90)}
    assert len(engine.dumps(state).encode()) <= 4096
    fresh = engine.new_game("verso", 8, None, 2**62)
    assert len(engine.dumps(fresh).encode()) <= 4096


def test_the_matching_repairs_a_greedy_dead_end() -> None:
    # card x shows side type t1 on one side and t2 on the other; card y shows t1 too. Slots
    # (t1, t2) with only x and y unknown have one deal: t1 <- y, t2 <- x. A random first pick
    # of x for t1 leaves t2 stuck, and the augmenting path must move t1 to y.
    x = 0
    t1, t2 = SIDE_TYPE[2 * x], SIDE_TYPE[2 * x + 1]
    y = next(f >> 1 for f in FACES_OF_TYPE[t1] if f >> 1 != x)
    for seed in range(40):
        faces = match([t1, t2], {x, y}, random.Random(seed))
        assert faces == [next(f for f in FACES_OF_TYPE[t1] if f >> 1 == y), 2 * x + 1]
    with pytest.raises(RuntimeError):
        match([t2, t2], {x, y}, random.Random(0))


def test_the_rule_constraints_of_an_unseen_back_may_be_stated() -> None:
    state = position([["B3:1"], []], pile=["G6", "O5"])
    card = engine.view(state, 1).seats[0].rows[0][0]
    assert card.down is None
    backs = back_options(card.up)
    assert [b.code for b in backs] == ["G2", "G4", "GJ", "O2", "O4"]
    assert all(b.vp == 3 and b.colour != "Blue" for b in backs)
