"""Abandon All Artichokes' own wording: the table's counts and events, lines per audience,
help beside every card a player may harvest or play."""

from __future__ import annotations

import random

import engine
from bot.games import RenderContext, presentation
from bot.games.artichokes.hints import hint_line
from bot.i18n import available_languages, translator
from bot.texts.rendering import seat_screen, table_screen
from engine.artichokes.cards import PEAS
from tests.bot.records import record_for
from tests.engine.artichokes.helpers import A, act, position

_ = translator("en-US")
NAMES = ("<@101>", "<@102>", "<@103>", "<@104>")
CTX = RenderContext(_, NAMES, ("a", "b", "c", "d"), 9)
ART = presentation("artichokes")


def test_the_table_shows_counts_and_the_last_events_not_the_options() -> None:
    state = engine.new_game("artichokes", 3, None, 4)
    text = table_screen(record_for(state, game_id=9), state, ["<@101> harvested Corn."], _).text
    assert "game #9" in text and "**Turn 1** · <@102> is harvesting." in text
    assert "Garden Stack:** 55" in text
    assert text.count("Deck 5 · Hand 5 · Discard Pile empty") == 3
    assert "▶ <@102> — Deck 5" in text  # whose turn, on its seat line too
    assert "<@101> harvested Corn." in text
    assert "Options" not in text and "Rhubarb" not in text  # lobby and Rules page only
    # hands are private while the game runs
    assert "Artichoke" not in text.replace("Abandon All Artichokes", "")


def play_until(state: engine.GameState, kind: str) -> list[engine.Event]:
    """Apply the first legal action ("end" when offered) until an event of ``kind``."""
    events: list[engine.Event] = []
    while not any(e.kind == kind for e in events):
        seat = engine.deciding_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        events = engine.apply(state, next((a for a in legal if a.key == "end"), legal[0]))
    return events


def test_event_lines_speak_to_their_audience_and_the_table_skips_what_it_shows() -> None:
    state = engine.new_game("artichokes", 2, None, 4)
    events = play_until(state, "drew_cards")
    drawer = next(e.seat for e in events if e.kind == "drew_cards")
    assert drawer is not None
    mine = [ART.event_line(e, drawer, CTX) for e in engine.events_for(events, drawer)]
    theirs = [ART.event_line(e, 1 - drawer, CTX) for e in engine.events_for(events, 1 - drawer)]
    assert any(line and line.startswith("You drew") for line in mine)
    assert not any(line and line.startswith("You drew") for line in theirs)
    public = [ART.event_line(e, None, CTX) for e in events if e.visible_to is None]
    kinds = {e.kind for e in events if e.visible_to is None}
    assert {"drew", "discarded", "turn_started"} <= kinds  # the end of a turn ...
    assert public == [None] * len(public)  # ... is shown by the counts, not by lines


def test_a_beet_names_each_player_once() -> None:
    event = engine.Event(
        "beet", 0, {"target": 2, "taken": "Peas", "given": "Corn", "composted": False}
    )
    assert ART.event_line(event, None, CTX) == "Beet: <@101> swapped Corn for <@103>'s Peas."
    played = engine.Event("played", 0, {"card": "Beet"})
    assert ART.event_line(played, None, CTX) is None  # the Beet line says it was played


def public_lines(events: list[engine.Event]) -> list[str]:
    lines = [ART.event_line(e, None, CTX) for e in events if e.visible_to is None]
    return [line for line in lines if line]


def test_a_beet_of_two_artichokes_says_once_that_both_are_composted() -> None:
    # "<@101> composted Artichoke ×2" after the Beet's line read as two of their own
    state = position(hands=[["Beet", A], [A]], auto_target=False)
    act(state, 0, "play:Beet")
    assert public_lines(act(state, 0, "target:1")) == [
        "Beet: <@101> and <@102> drew each other's Artichoke: both are composted."
    ]


def test_a_potato_artichoke_is_told_once() -> None:
    state = position(hands=[["Potato"], [A]], decks=[[A], []])
    assert public_lines(act(state, 0, "play:Potato")) == [
        "Potato: <@101> composted an Artichoke from their Deck."
    ]


def test_other_composts_still_say_who_composted_what() -> None:
    state = position(hands=[["Broccoli", A, A, A], [A]])
    lines = public_lines(act(state, 0, "play:Broccoli"))
    assert "<@101> composted Artichoke." in lines


def test_every_card_to_harvest_or_play_says_what_it_does() -> None:
    state = engine.new_game("artichokes", 2, None, 4)
    record = record_for(state)
    seat = engine.deciding_seats(state)[0]
    row = {o.removeprefix("harvest:") for o in engine.decisions(state, seat)[0].options}
    text = seat_screen(record, state, seat, _).text
    for kind in row:
        assert f"-# **{kind}** — " in text, kind
    assert len([line for line in text.splitlines() if " — " in line]) == len(row)
    # the other player, who is waiting, gets no help lines
    assert "**Beet** — " not in seat_screen(record, state, 1 - seat, _).text
    # harvest, then the play phase: the playable card's line, and why Artichokes are stuck
    harvest = sorted(engine.decisions(state, seat)[0].options)[0]
    engine.apply(state, engine.Action(seat, harvest))
    text = seat_screen(record_for(state), state, seat, _).text
    assert "-# **Artichoke** — cannot be played on its own" in text
    playable = [o for d in engine.decisions(state, seat) if d.kind == "play" for o in d.options]
    for option in playable:
        assert f"-# **{option.removeprefix('play:')}** — " in text


def test_the_peas_line_says_where_both_cards_go() -> None:
    """Peas puts one card on your Discard Pile, not in your hand: "keep one" misled a
    newcomer into expecting the card to play this turn (rules § Card powers, Peas)."""
    line = hint_line(PEAS, _)
    assert line == (
        "**Peas** — reveal 2 Garden Stack cards: one goes on your Discard Pile, the other on "
        "an opponent's"
    )
    assert "défausse" in hint_line(PEAS, translator("fr"))


def test_why_a_card_cannot_be_played_reads_as_one_sentence_in_every_language() -> None:
    # "Pepper can't be played now: needs a card in your Discard Pile." (not "...: Needs")
    rng = random.Random(7)
    said = 0
    for seed in range(40):
        state = engine.new_game("artichokes", 2, None, seed)
        while engine.outcome(state) is None and said < 6:
            seat = engine.deciding_seats(state)[0]
            view = engine.view(state, seat)
            for language in ["en", *available_languages()]:
                t = translator(language)
                template = t(
                    "{card} can't be played now: {requirement}.", card="|", requirement="|"
                )
                _card, middle, _end = template.split("|")  # " can't be played now: "
                ctx = RenderContext(t, NAMES, ("a", "b", "c", "d"), 9)
                assert middle.rstrip().endswith(":"), (language, middle)  # one sentence
                for line in ART.notes(view, ctx):
                    if middle in line:
                        reason = line.split(middle, 1)[1]
                        assert reason[:1].islower(), (language, line)
                        said += language == "en"
            engine.apply(state, engine.random_action(state, seat, rng))
    assert said >= 6
