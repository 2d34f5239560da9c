"""The house deck — shared/rules/verso.md § Components, [house] The deck."""

from collections import Counter

from engine.verso.cards import (
    CARD_COUNT,
    COLOUR,
    DECK,
    FACES_OF_TYPE,
    JOKER,
    KIND,
    NUMBER,
    SIDES,
    VP,
    neighbours_on_cycle,
    next_colour,
)


def test_the_deck_has_72_number_cards_and_18_joker_cards_180_sides() -> None:
    assert len(DECK) == CARD_COUNT == 90
    assert len(SIDES) == 180
    jokers = [card for card in DECK if JOKER in (card[0][1], card[1][1])]
    assert len(jokers) == 18
    assert len(DECK) - len(jokers) == 72


def test_every_colour_and_number_is_on_exactly_nine_sides() -> None:
    counts = Counter((c, n) for c, n, _ in SIDES if n != JOKER)
    assert set(counts) == {(c, n) for c in range(3) for n in range(1, 7)}
    assert set(counts.values()) == {9}


def test_each_colour_has_six_joker_sides() -> None:
    counts = Counter(c for c, n, _ in SIDES if n == JOKER)
    assert counts == {0: 6, 1: 6, 2: 6}


def test_every_card_has_one_1_vp_side_and_one_3_vp_side() -> None:
    for a, b in DECK:
        assert sorted((a[2], b[2])) == [1, 3]


def test_no_card_has_two_jokers() -> None:
    for a, b in DECK:
        assert not (a[1] == JOKER and b[1] == JOKER)


def test_the_two_sides_differ_in_colour() -> None:
    for a, b in DECK:
        assert a[0] != b[0]


def test_numbers_are_adjacent_on_the_cycle_or_one_side_is_a_joker() -> None:
    for a, b in DECK:
        if JOKER in (a[1], b[1]):
            continue
        assert b[1] in neighbours_on_cycle(a[1])
    assert neighbours_on_cycle(6) == (5, 1) and neighbours_on_cycle(1) == (6, 2)


def test_number_cards_pair_every_adjacent_side_twice_with_both_vp_splits() -> None:
    # [house] for every unordered pair {(c, n), (c', m)}, c != c', m = n +- 1 on the cycle:
    # two cards, the earlier colour's side worth 1 VP on one and 3 VP on the other
    pairs: Counter[frozenset[tuple[int, int]]] = Counter()
    splits: dict[frozenset[tuple[int, int]], set[int]] = {}
    for a, b in DECK:
        if JOKER in (a[1], b[1]):
            continue
        key = frozenset({a[:2], b[:2]})
        pairs[key] += 1
        earlier = a if a[0] < b[0] else b
        splits.setdefault(key, set()).add(earlier[2])
    assert len(pairs) == 36 and set(pairs.values()) == {2}
    assert all(s == {1, 3} for s in splits.values())


def test_joker_cards_back_each_side_with_the_next_colours_joker() -> None:
    found = set()
    for a, b in DECK:
        if b[1] == JOKER:
            assert b[0] == next_colour(a[0])
            assert a[2] == (1 if a[1] % 2 else 3)
            found.add(a[:2])
    assert found == {(c, n) for c in range(3) for n in range(1, 7)}


def test_lookup_tables_agree_with_the_sides() -> None:
    for face, (c, n, vp) in enumerate(SIDES):
        assert (COLOUR[face], NUMBER[face], VP[face]) == (c, n, vp)
        assert SIDES[face ^ 1] == DECK[face >> 1][1 - (face & 1)]
    # identical classes: colour and number, VP ignored; jokers of a colour alike
    assert len(set(KIND)) == 18 + 3
    assert sum(len(f) for f in FACES_OF_TYPE.values()) == 180
    assert all(3 <= len(f) <= 5 for f in FACES_OF_TYPE.values())
