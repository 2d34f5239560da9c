"""Action descriptions and the reference text."""

import engine
from engine import Action
from tests.engine.verso.helpers import position


def test_actions_are_described_in_plain_english() -> None:
    state = position([["B3", "B4", "BJ"], []], pile=["G6", "O2:1"])
    said = {
        key: engine.describe_action(state, Action(0, key))
        for key in ("draw:keep", "draw:flip", "bank:B3J5", "bank:BJ34", "final:none", "final:B34")
    }
    assert said == {
        "draw:keep": "Draw Orange 2 (1 VP) and keep it",
        "draw:flip": "Draw Orange 2 (1 VP) and flip it",
        "bank:B3J5": "Bank Blue 3, joker as 4, 5",
        "bank:BJ34": "Bank Blue joker as 2, 3, 4",
        "final:none": "No final series",
        "final:B34": "Final series: Blue 3, 4",
    }


def test_the_reference_has_an_overview_and_the_ladder_lines() -> None:
    ref = engine.reference("verso")
    assert len(ref.overview) == 3
    headings = [s.heading for s in ref.sections]
    assert headings == ["The cards", "Scoring", "Solo"]
    solo = dict(ref.sections[2].entries)
    assert solo["35 VP"].startswith("Congratulations!")
    assert "legend" in solo["60 VP or more"]
    texts = engine.get_game("verso").reference_texts()
    assert "Verso" in texts and all("{" not in t for t in texts)
