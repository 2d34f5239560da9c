"""The house deck — shared/rules/pentaquest.md § Components and setup, § House deck v1
(shipped as package data, validated on load)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from engine.pentaquest.cards import CARDS, DECK, DeckError, load_house_deck, parse_deck

DECK_FILE = resources.files("engine.pentaquest").joinpath("deck.json")
ROOT = Path(__file__).resolve().parents[3]


def _raw() -> dict:
    return json.loads(DECK_FILE.read_text("utf-8"))


def _with_card(index: int, **changes: object) -> str:
    raw = _raw()
    raw["cards"][index] = {**raw["cards"][index], **changes}
    return json.dumps(raw)


def test_the_deck_is_shipped_inside_the_package_and_holds_42_cards() -> None:
    assert DECK_FILE.is_file()
    assert len(DECK) == 42 == len(CARDS)
    assert [c.id for c in DECK] == list(range(1, 43))
    assert load_house_deck() == DECK


def test_the_package_data_includes_json_files() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert '"*.json"' in pyproject


def test_the_shipped_deck_is_the_house_deck_of_the_rules() -> None:
    shared = ROOT.parent / "shared" / "rules" / "pentaquest-deck.json"
    if not shared.is_file():
        pytest.skip("shared/ is not beside this checkout")
    assert json.loads(shared.read_text("utf-8")) == _raw()


def test_the_deck_follows_the_house_summary() -> None:
    powers = {p: sum(c.power == p for c in DECK) for p in ("add", "sub", "addsub", "mirror")}
    assert powers == {"add": 10, "sub": 10, "addsub": 8, "mirror": 6}
    assert sum(c.power == "reroll" for c in DECK) == 8
    assert [sum(c.tier == t for c in DECK) for t in (1, 2, 3, 4)] == [9, 9, 15, 9]
    for card in DECK:
        assert 1 <= len(card.requirement) <= 5
        if "moon" in card.requirement:
            assert "sun" in card.requirement  # [house] moons only together with suns


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "deck is not JSON"),
        ("[1, 2]", "'cards' list"),
        ('{"cards": {}}', "'cards' list"),
    ],
)
def test_a_file_that_is_not_a_deck_is_refused(text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        parse_deck(text)


@pytest.mark.parametrize(
    ("index", "changes", "expected"),
    [
        (2, {"power": "double"}, r"card 3 \(id 3, 'Giant Rat'\): power: "),
        (0, {"requirement": ["sun", "star"]}, r"card 1 \(id 1, 'Goblin Scout'\): requirement\.1: "),
        (4, {"requirement": []}, r"card 5 \(id 5, 'Pixie'\): requirement: "),
        (9, {"requirement": ["1", "2", "3", "4", "5", "6"]}, r"card 10 .*: requirement: "),
        (13, {"requirement": ["moon", "moon"]}, r"card 14 .*'Ghoul'.*moons appear only"),
        (6, {"tier": 5}, r"card 7 \(id 7, 'Redcap'\): tier: "),
        (7, {"id": "8"}, r"card 8 \(id 8, 'Boggart'\): id: "),
        (8, {"name": ""}, r"card 9 \(id 9, ''\): name: "),
        (10, {"colour": "red"}, r"card 11 .*'Knocker'.*colour: "),
    ],
)
def test_a_malformed_card_is_refused_naming_the_card_and_the_field(
    index: int, changes: dict, expected: str
) -> None:
    with pytest.raises(DeckError, match=expected):
        parse_deck(_with_card(index, **changes))


def test_a_card_without_a_field_is_refused_naming_the_field() -> None:
    raw = _raw()
    del raw["cards"][11]["power"]
    with pytest.raises(DeckError, match=r"card 12 \(id 12, 'Sprite'\): power: Field required"):
        parse_deck(json.dumps(raw))


def test_repeated_ids_and_names_are_refused() -> None:
    with pytest.raises(DeckError, match=r"card 2 .*: id: 1 is already card 1's"):
        parse_deck(_with_card(1, id=1))
    with pytest.raises(DeckError, match=r"card 2 .*: name: 'Goblin Scout' is already"):
        parse_deck(_with_card(1, name="Goblin Scout"))


def test_a_deck_of_another_size_is_refused() -> None:
    raw = _raw()
    raw["cards"].pop()
    with pytest.raises(DeckError, match="41 cards, a deck has 42"):
        parse_deck(json.dumps(raw))
