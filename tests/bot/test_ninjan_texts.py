"""Ninjan's own wording: piles and score areas summed up, the revealed round card by card,
and the card menu saying what each card would take under the current tops."""

from __future__ import annotations

import engine
from bot.i18n import translator
from bot.texts.rendering import seat_screen, table_screen
from bot.texts.specs import SelectSpec
from engine.ninjan.state import NinjanState
from tests.bot.records import record_for

_ = translator("en-US")


def game(hands: list[list[str]], piles: list[list[str]], taken: list[list[str]]) -> NinjanState:
    """A game in its first choices with the given hands, piles (bottom first) and score
    areas."""
    state = engine.new_game("ninjan", len(hands), None, 1)
    assert isinstance(state, NinjanState)
    state.hands = [sorted(h) for h in hands]
    state.piles = [list(p) for p in piles]
    state.taken = [list(t) for t in taken]
    state._pending = None  # type: ignore[attr-defined]
    return state


def test_score_areas_and_piles_are_summed_up() -> None:
    taken = ["R10", "S6", "S1", "S-6", "R4", "S10", "P2", "R-3", "S-3", "P-1"]
    state = game([["R1"], ["P1"]], [["S5", "P9"], ["R7"], ["S-2"]], [taken, []])
    text = table_screen(record_for(state), state, [], _).text
    assert "▶ <@101> — **20 points** · taken: 10 cards" in text  # not the 10 cards one by one
    assert "▶ <@102> — **0 points** · taken: 0 cards" in text
    # the top decides, the sum counts
    assert "Pile 1: 📄 9 Paper on top · 2 cards · worth +14" in text
    assert "Pile 2: 🪨 7 Rock · worth +7" in text
    assert "5 Scissors" not in text, "a card under a pile's top is not named"
    assert "everyone chooses a card (▶ still choosing, ✓ chosen)" in text


def test_the_card_menu_says_what_each_card_would_take_and_the_screen_gives_the_cycle() -> None:
    # tops: pile 1 Paper 9, pile 2 Rock 7, pile 3 Scissors -2
    state = game([["S3", "P4", "R2"], ["P1"]], [["S5", "P9"], ["R7"], ["S-2"]], [[], []])
    screen = seat_screen(record_for(state), state, 0, _)
    (menu,) = screen.rows
    assert isinstance(menu, SelectSpec)
    said = {o.value: o.description for o in menu.options}
    assert said == {
        "S3": "→ takes pile 1 (+14)",  # Scissors beats Paper
        "P4": "→ takes pile 2 (+7)",  # Paper beats Rock
        "R2": "→ takes pile 3 (-2)",  # Rock beats Scissors
    }
    assert "🪨 Rock beats ✂️ Scissors, ✂️ Scissors beats 📄 Paper" in screen.text
    assert "so the tops may change before yours" in screen.text
    # two piles qualify: the player will choose; none: it goes on a pile
    state = game([["S3", "R2"], ["P1"]], [["P9"], ["P-4"], ["P2"]], [[], []])
    (menu,) = seat_screen(record_for(state), state, 0, _).rows
    assert isinstance(menu, SelectSpec)
    said = {o.value: o.description for o in menu.options}
    assert said["S3"] == "→ takes pile 1 (+9), 2 (-4) or 3 (+2), your choice"
    assert said["R2"] == "→ takes no pile: goes on one you choose"
    # the current choice says so, and still what it takes
    engine.apply(state, engine.Action(0, "S3"))
    (menu,) = seat_screen(record_for(state), state, 0, _).rows
    assert isinstance(menu, SelectSpec)
    chosen = [o for o in menu.options if o.default]
    assert [o.description for o in chosen] == [
        "your current choice · → takes pile 1 (+9), 2 (-4) or 3 (+2), your choice"
    ]


def test_the_revealed_round_is_one_line_per_card_with_what_it_did() -> None:
    state = game([["S3", "P4"], ["P1", "R2"]], [["P9"], ["R7"], ["P2"]], [[], []])
    engine.apply(state, engine.Action(0, "S3"))
    engine.apply(state, engine.Action(1, "P1"))  # S3 first: piles 1 and 3 qualify
    text = table_screen(record_for(state), state, [], _).text
    assert "**Round 1 of 9** · <@101> chooses which pile to take." in text
    assert "- <@101> ✂️ 3 Scissors chooses a pile…" in text
    assert "- <@102> 📄 1 Paper (waiting)" in text
    engine.apply(state, engine.Action(0, "take:1"))
    text = table_screen(record_for(state), state, [], _).text
    assert "- <@101> ✂️ 3 Scissors took pile 1: +9" in text
    assert "- <@102> 📄 1 Paper took pile 2: +7" in text  # the only pile it beats: at once
