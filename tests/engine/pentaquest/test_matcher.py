"""Requirements — shared/rules/pentaquest.md § Requirements (the formal rule [ruling], its
example table) and § House deck v1 (the "rolls" column: all 7,776 rolls of 5d6)."""

from __future__ import annotations

from itertools import product

import pytest

from engine.pentaquest.cards import DECK
from engine.pentaquest.matcher import BIT, MASKS, ROLLS, beaten, beats, dice_code

S, M = "sun", "moon"

# the rules file's example table: requirement, beaten by, not beaten by
EXAMPLES = [
    (["2", "2"], ["14232", "12224"], ["21345"]),
    ([S, S], ["51523", "33312", "44444"], ["12346"]),
    ([S, S, S], ["44142"], ["44112"]),
    ([S, S, M, M], ["22551", "33331", "22555"], ["33312"]),
    ([S, S, M, M, M], ["22555", "66666"], ["66661"]),
    (["6", S, S], ["64412", "66612"], ["66123"]),
    (["1", "2", "3", "4"], ["42133"], ["12356"]),
    (["6", "5", S, S, S], ["65222", "65555"], ["65551"]),
]

# shared/rules/pentaquest.md § House deck v1: name and "rolls" (of the 7,776 rolls of 5d6)
DECK_TABLE = [
    ("Goblin Scout", 7056), ("Kobold Tunneler", 7056), ("Giant Rat", 7056),
    ("Fire Imp", 4651), ("Pixie", 4651), ("Brownie", 4651), ("Redcap", 3451),
    ("Boggart", 3451), ("Will-o'-the-Wisp", 3451), ("Hobgoblin", 1230), ("Knocker", 2550),
    ("Sprite", 2550), ("Harpy", 1230), ("Ghoul", 2256), ("Wight", 2256), ("Werewolf", 1656),
    ("Kelpie", 1526), ("Selkie", 1230), ("Cyclops", 276), ("Gorgon", 480), ("Griffin", 480),
    ("Naga", 480), ("Cockatrice", 376), ("Wraith", 376), ("Wyvern", 306), ("Manticore", 306),
    ("Troll", 276), ("Banshee", 276), ("Ogre", 276), ("Ettin", 276), ("Gargoyle", 276),
    ("Chimera", 240), ("Basilisk", 240), ("Minotaur", 90), ("Hydra", 156), ("Lich", 156),
    ("Sphinx", 120), ("Phoenix", 120), ("Frost Giant", 140), ("Fire Giant", 140),
    ("Dragon", 26), ("Kraken", 95),
]  # fmt: skip

CASES = [
    pytest.param(req, roll, expected, id=f"{'-'.join(req)}:{roll}")
    for req, wins, losses in EXAMPLES
    for roll, expected in [(w, True) for w in wins] + [(lo, False) for lo in losses]
]


@pytest.mark.parametrize(("requirement", "roll", "expected"), CASES)
def test_the_example_table(requirement: list[str], roll: str, expected: bool) -> None:
    dice = [int(d) for d in roll]
    assert beats(requirement, dice) is expected


def test_each_symbol_needs_a_die_of_its_own() -> None:
    assert not beats(["6", S, S], [6, 6, 1, 2, 3])  # the 6 cannot also be a sun
    assert beats(["6", S, S], [6, 6, 6, 1, 2])  # suns of 6s on two other dice
    assert not beats(["2", "2"], [2, 1, 3, 4, 5])


def test_sun_and_moon_values_may_be_equal_or_different() -> None:
    assert beats([S, S, M, M], [3, 3, 3, 3, 1])  # equal: four of a kind
    assert beats([S, S, M, M], [2, 2, 5, 5, 1])  # different: two pairs
    assert not beats([S, S, M, M], [2, 2, 5, 1, 3])


def test_all_suns_show_one_value() -> None:
    assert not beats([S, S, S], [4, 4, 5, 5, 1])  # two pairs are not three of a kind
    assert beats([S, S, S, S], [5, 5, 5, 5, 2])


def test_suns_and_moons_may_equal_a_number_symbols_value() -> None:
    assert beats(["1", S, S, M, M], [1, 1, 1, 1, 1])
    assert beats(["3", "4", "5", S, S], [3, 4, 5, 5, 5])


def test_leftover_dice_do_not_matter() -> None:
    assert beats(["3"], [3, 3, 3, 3, 3])
    assert beats(["1", "2", "3"], [1, 2, 3, 6, 6])


@pytest.mark.parametrize(
    ("index", "name", "rolls"), [(i, n, r) for i, (n, r) in enumerate(DECK_TABLE)]
)
def test_every_card_is_beaten_by_as_many_rolls_as_the_deck_table_says(
    index: int, name: str, rolls: int
) -> None:
    card = DECK[index]
    assert card.name == name
    count = sum(beats(card.requirement, roll) for roll in product(range(1, 7), repeat=5))
    assert count == rolls == ROLLS[card.id]


def test_the_lookup_table_agrees_with_the_rule_on_every_roll() -> None:
    for roll in product(range(1, 7), repeat=5):
        mask = MASKS[dice_code(roll)]
        for card in DECK:
            assert bool(mask & BIT[card.id]) == beats(card.requirement, roll), (card.name, roll)


def test_beaten_lists_the_quest_cards_in_quest_order() -> None:
    ids = {c.name: c.id for c in DECK}
    quest = [ids["Dragon"], ids["Kelpie"], ids["Goblin Scout"], ids["Fire Imp"]]
    assert beaten([6, 6, 1, 2, 3], quest) == [ids["Kelpie"], ids["Goblin Scout"], ids["Fire Imp"]]
    assert beaten([1, 2, 3, 4, 5], quest) == []
