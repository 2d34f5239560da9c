"""The reference text and the action descriptions."""

from __future__ import annotations

import engine
from engine.pentaquest import GAME
from engine.pentaquest.cards import DECK
from engine.types import Action
from tests.engine.pentaquest.helpers import BOGGART, TROLL, position


def test_the_reference_covers_the_turn_powers_requirements_and_the_deck_in_short() -> None:
    ref = engine.reference("pentaquest")
    headings = [s.heading for s in ref.sections]
    assert headings == ["Requirements", "Powers", "Multiplayer", "The creatures (house deck v1)"]
    steps = [p for p in ref.overview if p[:2] in ("1.", "2.", "3.", "4.")]
    assert len(steps) == 4 and "Capture one creature" in steps[3]  # the phases, in order
    powers = dict(ref.sections[1].entries)
    assert set(powers) == {"+1", "−1", "±1", "mirror", "reroll"}  # as the table writes them
    assert "never on a 6" in powers["+1"] and "1↔6" in powers["mirror"]
    (deck,) = ref.sections[3].entries  # the quest area shows each card: no list of 42
    assert f"{len(DECK)} creatures" in deck[1]
    text = " ".join([*ref.overview, *(t for s in ref.sections for _n, t in s.entries)])
    assert len(text) < 2000, "one message a newcomer reads"


def test_the_reference_follows_the_options() -> None:
    plain = dict(engine.reference("pentaquest").sections[2].entries)
    assert list(plain) == ["The end"] and "Stall rule" in plain["The end"]
    every = engine.reference(
        "pentaquest",
        {"stall_rounds": None, "hidden_armies": True, "first_turn_rerolls_everyone": True},
    )
    entries = dict(every.sections[2].entries)
    assert "300 turns" in entries["The end"]
    assert set(entries) == {"The end", "First turns", "Hidden armies"}


def test_reference_texts_are_plain_english_msgids() -> None:
    for text in GAME.reference_texts():
        assert text and "{" not in text and "%" not in text


def test_every_action_has_a_description() -> None:
    state = position(dice=(6, 6, 6, 1, 2), quest=[TROLL], armies=[[BOGGART]])
    state.using, state.phase = BOGGART, "die"
    said = {
        key: engine.describe_action(state, Action(0, key))
        for key in (f"capture:{TROLL}", "end", "reroll:0+2", "reroll:0+1+2+3+4",
                    f"use:{BOGGART}", "die:3", "plus", "minus", "dice:4", "cancel")
    }  # fmt: skip
    assert said["capture:27"] == "Capture Troll"
    assert said["reroll:0+2"] == "Free reroll: dice 1, 3"
    assert said["reroll:0+1+2+3+4"] == "Free reroll: all dice"
    assert said[f"use:{BOGGART}"] == "Use Boggart (addsub)"
    assert said["die:3"] == "Boggart on die 4 (showing 1)"
    assert said["dice:4"] == "Reroll die 5"
    assert len(set(said.values())) == len(said)
