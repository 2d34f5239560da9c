"""Abandon All Artichokes' own wording: the table's counts and events, lines per audience."""

from __future__ import annotations

import engine
from bot.games import RenderContext, presentation
from bot.i18n import translator
from bot.texts.rendering import table_screen
from tests.bot.records import record_for

_ = translator("en-US")
NAMES = ("<@101>", "<@102>", "<@103>", "<@104>")
CTX = RenderContext(_, NAMES, ("a", "b", "c", "d"), 9)
ART = presentation("artichokes")


def test_the_table_shows_counts_and_the_last_events() -> None:
    state = engine.new_game("artichokes", 3, None, 4)
    text = table_screen(record_for(state, game_id=9), state, ["<@101> harvested Corn."], _).text
    assert "game #9" in text and "Turn 1" in text
    assert "Garden Stack:** 55" in text
    assert text.count("Deck 5 · Hand 5 · Discard Pile empty") == 3
    assert "<@101> harvested Corn." in text
    assert "Options: Rhubarb promo: off · Automatic end of turn: off" in text
    # hands are private while the game runs
    assert "Artichoke" not in text.replace("Abandon All Artichokes", "")


def test_event_lines_speak_to_their_audience() -> None:
    state = engine.new_game("artichokes", 2, None, 4)
    events: list[engine.Event] = []
    while not any(e.kind == "drew_cards" for e in events):
        seat = engine.deciding_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        events = engine.apply(state, next((a for a in legal if a.key == "end"), legal[0]))
    drawer = next(e.seat for e in events if e.kind == "drew_cards")
    assert drawer is not None
    mine = [ART.event_line(e, drawer, CTX) for e in engine.events_for(events, drawer)]
    theirs = [ART.event_line(e, 1 - drawer, CTX) for e in engine.events_for(events, 1 - drawer)]
    assert any(line and line.startswith("You drew") for line in mine)
    assert not any(line and line.startswith("You drew") for line in theirs)
    assert any(line == f"{NAMES[drawer]} drew 5 cards." for line in theirs)
