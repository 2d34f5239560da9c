"""The cheapest army fix (``engine.pentaquest.fix``), the 💡 hint of the highlight option and
the greedy player's plan: the fewest cards, then the hardest creature, then the least
flexible cards (a ±1 card does all a −1 card does and more; keep it for later)."""

from __future__ import annotations

from engine.pentaquest.cards import CARDS
from engine.pentaquest.fix import FixCard, cheapest_fix

PIXIE = 5  # needs a 1
BROWNIE = 6  # needs a 3
SPRITE = 12  # needs 3 4
KNOCKER, ETTIN = 11, 30  # −1, ±1
GHOUL, WIGHT, FROST_GIANT = 14, 15, 39  # −1, ±1, −1
FIRE_IMP, GOBLIN = 4, 1  # +1


def army(*cards: int) -> list[tuple[int, str]]:
    return [(card, CARDS[card].power) for card in cards]


def test_the_hint_spends_the_less_flexible_card_when_both_do_the_same() -> None:
    """A newcomer was told "Ettin (±1) on die 2" when Knocker (−1) did the same, and Wight
    (±1) over Frost Giant (−1); whichever order the army lists them in."""
    dice = [3, 2, 4, 5, 6]  # die 2 down to 1 beats the Pixie
    for cards in ((ETTIN, KNOCKER), (KNOCKER, ETTIN)):
        assert cheapest_fix(dice, [PIXIE], army(*cards)) == (FixCard(KNOCKER, 1, 1),)
    assert cheapest_fix(dice, [PIXIE], army(WIGHT, FROST_GIANT)) == (FixCard(FROST_GIANT, 1, 1),)
    # a 2 up to 3 beats the Brownie: +1 rather than a mirror (5 -> 2 no, 4 -> 3 yes) or ±1
    dice = [2, 2, 5, 5, 6]
    assert cheapest_fix(dice, [BROWNIE], army(ETTIN, GOBLIN)) == (FixCard(GOBLIN, 0, 3),)
    assert cheapest_fix([4, 2, 5, 5, 6], [BROWNIE], army(ETTIN, 20)) == (FixCard(20, 0, 3),)


def test_two_cards_spend_the_least_flexible_pair() -> None:
    dice = [4, 5, 6, 6, 6]  # Sprite needs 3 and 4: two changes (4 -> 3, 5 -> 4)
    fix = cheapest_fix(dice, [SPRITE], army(ETTIN, WIGHT, KNOCKER, GHOUL))
    assert fix is not None and {use.card for use in fix} == {KNOCKER, GHOUL}
    dice = [2, 3, 6, 6, 6]  # 2 -> 3, 3 -> 4
    fix = cheapest_fix(dice, [SPRITE], army(ETTIN, WIGHT, GOBLIN, FIRE_IMP))
    assert fix is not None and {use.card for use in fix} == {GOBLIN, FIRE_IMP}


def test_a_harder_creature_still_comes_before_a_cheaper_card() -> None:
    """Only between fixes that beat the same card: a ±1 that beats a harder creature is
    still the hint."""
    dice = [2, 6, 6, 4, 5]  # −1 on a 2 beats the Pixie; ±1 up on the 2 beats the Sprite
    fix = cheapest_fix(dice, [PIXIE, SPRITE], army(ETTIN, KNOCKER))
    assert fix == (FixCard(ETTIN, 0, 3),)
