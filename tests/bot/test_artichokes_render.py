"""Rendering Abandon All Artichokes: every legal action gets a component, Discord's limits hold,
and what one audience is shown does not depend on cards hidden from it."""

from __future__ import annotations

import itertools
import random
import re

import pytest

import engine
from bot import layouts
from bot.components import ACTION_TEMPLATE, SELECT_TEMPLATE
from bot.games import presenter
from bot.i18n import translator
from bot.screens import HandScreen
from tests.engine.artichokes.test_playouts import perturb_hidden

_ = translator("en-US")
ART = presenter("artichokes")
NAMES = ["<@101>", "<@102>", "<@103>", "<@104>"]


def keys_offered(screen: HandScreen, hand: tuple[str, ...]) -> set[str]:
    """Every action key a player can reach with the screen's components."""
    offered = {b.key for row in screen.rows for b in row}
    for select in screen.selects:
        values = [o.value for o in select.options]
        for n in range(select.min_values, select.max_values + 1):
            for combo in itertools.combinations(values, n):
                key = ART.select_to_key(select.kind, list(combo))
                assert key is not None
                offered.add(key)
    return offered


def count_components(tree: list[dict]) -> int:
    total = 0
    for node in tree:
        total += 1
        total += count_components(node.get("components", []))
    return total


def playout_states(seats: int, games: int, seed: int, options: dict | None = None):
    rng = random.Random(seed)
    for _game in range(games):
        state = engine.new_game("artichokes", seats, options, rng.randrange(2**32))
        while True:
            yield state, rng
            if engine.outcome(state) is not None:
                break
            seat = rng.choice(engine.deciding_seats(state))
            engine.apply(state, engine.random_action(state, seat, rng))


@pytest.mark.parametrize("seats", [2, 4])
def test_every_legal_action_has_exactly_its_component(seats: int) -> None:
    for state, _rng in playout_states(seats, 40, seats, {"rhubarb": True}):
        for seat in range(seats):
            view = engine.view(state, seat)
            screen = ART.hand_screen(view, NAMES, [], _)
            # the Eggplant menu also reaches the pass already chosen, which is no move
            chosen = {"pass:" + "+".join(sorted(view.my_pass))} if view.my_pass else set()
            assert keys_offered(screen, view.hand) - chosen == set(view.legal)
            tree = layouts.hand(123456, state.step, screen).to_components()
            assert count_components(tree) <= 40
            assert all(len(row) <= 5 for row in screen.rows)
            assert all(len(s.options) <= 25 for s in screen.selects)
            assert len(screen.text) <= layouts.TEXT_LIMIT
            for row in screen.rows:
                for button in row:
                    assert 0 < len(button.label) <= 80
                    custom_id = f"cr:act:123456:{state.step}:{button.key}"
                    assert len(custom_id) <= 100 and re.fullmatch(ACTION_TEMPLATE, custom_id)
            for select in screen.selects:
                custom_id = f"cr:sel:123456:{state.step}:{select.kind}"
                assert re.fullmatch(SELECT_TEMPLATE, custom_id)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_table_and_hands_do_not_depend_on_hidden_cards(seats: int) -> None:
    checked = 0
    for state, rng in playout_states(seats, 25, 100 + seats):
        if state.step % 4:
            continue
        other = perturb_hidden(state, None, rng)
        table = ART.table_text(engine.view(state, None), NAMES, [], _, 7)
        assert ART.table_text(engine.view(other, None), NAMES, [], _, 7) == table
        viewer = rng.randrange(seats)
        other = perturb_hidden(state, viewer, rng)
        mine = ART.hand_screen(engine.view(state, viewer), NAMES, [], _)
        assert ART.hand_screen(engine.view(other, viewer), NAMES, [], _) == mine
        checked += 1
    assert checked > 100


def test_the_table_shows_counts_and_the_last_events() -> None:
    state = engine.new_game("artichokes", 3, None, 4)
    text = ART.table_text(engine.view(state, None), NAMES, ["<@101> harvested Corn."], _, 9)
    assert "game #9" in text and "turn 1" in text
    assert "Garden Stack:** 55" in text
    assert text.count("Deck 5 · Hand 5 · Discard Pile empty") == 3
    assert "<@101> harvested Corn." in text
    # hands are private while the game runs
    assert "Artichoke" not in text.replace("Abandon All Artichokes", "")


def test_event_lines_speak_to_their_audience() -> None:
    state = engine.new_game("artichokes", 2, None, 4)
    events = []
    while not any(e.kind == "drew_cards" for e in events):
        seat = engine.deciding_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        events = engine.apply(state, next((a for a in legal if a.key == "end"), legal[0]))
    drawer = next(e.seat for e in events if e.kind == "drew_cards")
    mine = [ART.event_line(e, drawer, NAMES, _) for e in engine.events_for(events, drawer)]
    theirs = [
        ART.event_line(e, 1 - drawer, NAMES, _) for e in engine.events_for(events, 1 - drawer)
    ]
    assert any(line and line.startswith("You drew") for line in mine)
    assert not any(line and line.startswith("You drew") for line in theirs)
    assert any(line == f"{NAMES[drawer]} drew 5 cards." for line in theirs)
