"""Rendering every game generically: every legal answer has exactly its component, menus
decode only what they offered, Discord's limits hold, and what an audience is shown does not
depend on what it may not see. Parametrised over every game the bot presents."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import engine
from bot.games import presentation, presented_games
from bot.i18n import translator
from bot.messages import layouts
from bot.texts.decisions import decode, menu_values
from bot.texts.rendering import (
    confirmation_screen,
    context_for,
    event_lines,
    private_lines,
    rules_text,
    seat_screen,
    table_screen,
)
from bot.texts.seat_names import seat_labels, seat_names
from tests.bot.helpers import check_limits, every_switch_on, reachable
from tests.bot.records import record_for

_ = translator("en-US")


def playout_states(
    game: str, seats: int, games: int, seed: int, options: dict | None = None
) -> Iterator[tuple[engine.GameState, random.Random]]:
    rng = random.Random(seed)
    for _game in range(games):
        state = engine.new_game(game, seats, options, rng.randrange(2**32))
        while True:
            yield state, rng
            if engine.outcome(state) is not None:
                break
            seat = rng.choice(engine.deciding_seats(state))
            engine.apply(state, engine.random_action(state, seat, rng))


def counts() -> list[object]:
    params = []
    for game in presented_games():
        info = engine.get_game(game).info
        for seats in sorted({info.min_players, info.max_players}):
            params.append(pytest.param(game, seats, None, id=f"{game}-{seats}p"))
            switched = every_switch_on(game)
            if switched is not None:
                params.append(pytest.param(game, seats, switched, id=f"{game}-{seats}p-on"))
    return params


def depths(quick: int, soak: int) -> pytest.MarkDecorator:
    """Parametrize ``games``: ``quick`` seeded games in the README's test run, ``soak`` games
    of other seeds in the soak step of `.ci/run`."""
    return pytest.mark.parametrize(
        "games",
        [pytest.param(quick, id="quick"), pytest.param(soak, id="soak", marks=pytest.mark.soak)],
    )


@depths(5, 30)
@pytest.mark.parametrize(("game", "seats", "options"), counts())
def test_every_legal_answer_has_exactly_its_component(
    game: str, seats: int, options: dict | None, games: int
) -> None:
    checked = 0
    for state, _rng in playout_states(game, seats, games, seats * 1000 + games, options):
        record = record_for(state)
        table = table_screen(record, state, [], _)
        check_limits(table, table=True)
        if table.rows:  # controls on the table answer the one deciding seat's decisions
            (seat,) = {d.seat for d in engine.decisions(state)}
            assert table.since == engine.decisions(state, seat)[0].since
            legal = engine.legal_actions(state, seat)
            keys = reachable(table, engine.decisions(state, seat))
            assert keys and all(engine.Action(seat, key) in legal for key in keys)
        for seat in range(seats):
            decisions = engine.decisions(state, seat)
            screen = seat_screen(record, state, seat, _)
            check_limits(screen)
            keys = reachable(screen, decisions)
            legal = engine.legal_actions(state, seat)
            listed = set(legal.keys())
            committed = {d.key_for(list(d.committed)) for d in decisions if d.committed}
            single = {k for k in keys if any(not d.multi and k in d.options for d in decisions)}
            # a menu also shows the current answer (pre-selected), which is no move
            assert single - committed == listed, "components offer exactly the listed answers"
            for key in keys - single:
                assert engine.Action(seat, key) in legal or key in committed
            if decisions:
                assert screen.since == decisions[0].since
                checked += 1
            for key in sorted(keys):  # an "are you sure?" before a move: within limits,
                asked = confirmation_screen(record, state, seat, key, _)  # legal answers only
                if asked is not None:
                    check_limits(asked)
                    offered = {b.key for r in asked.rows if isinstance(r, tuple) for b in r}
                    assert all(engine.Action(seat, k) in legal for k in offered | {key})
                    assert asked.since == screen.since
    assert checked > 20


@pytest.mark.parametrize(("game", "seats", "options"), counts())
def test_menus_refuse_values_they_did_not_offer(
    game: str, seats: int, options: dict | None
) -> None:
    for state, _rng in playout_states(game, seats, 6, 50 + seats, options):
        for decision in engine.decisions(state):
            values = [v for v, _option in menu_values(decision)]
            assert decode(decision, ["nonsense"]) is None
            if decision.multi:
                assert decode(decision, values[:1] * max(2, decision.min)) is None
                too_many = values[: decision.max + 1]
                if len(too_many) > decision.max:
                    assert decode(decision, too_many) is None
            else:
                assert decode(decision, values[:2]) is None or len(values) < 2


@pytest.mark.parametrize(("game", "seats", "options"), counts())
def test_table_and_screens_do_not_depend_on_what_their_audience_cannot_see(
    game: str, seats: int, options: dict | None
) -> None:
    checked = 0
    for state, rng in playout_states(game, seats, 10, 100 + seats, options):
        if state.step % 3:
            continue
        record = record_for(state)
        other = engine.redistribute(state, None, rng)
        assert table_screen(record, other, [], _) == table_screen(record, state, [], _)
        viewer = rng.randrange(seats)
        other = engine.redistribute(state, viewer, rng)
        assert seat_screen(record, other, viewer, _) == seat_screen(record, state, viewer, _)
        checked += 1
    assert checked > 10


LANGUAGES = ["uk", "es", "fr"]


@depths(2, 10)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "seats", "options"), counts())
def test_every_screen_fits_discord_in_every_language(
    language: str, game: str, seats: int, options: dict | None, games: int
) -> None:
    """Tables, seat screens, every event line and menu in each language: Discord's limits
    hold, and no text is left in English where the catalog has it."""
    tr = translator(language)
    show = presentation(game)
    rng = random.Random(seats * 1000 + games)
    for _game in range(games):
        state = engine.new_game(game, seats, options, rng.randrange(2**32))
        record = record_for(state)
        ctx, english = context_for(record, tr), context_for(record, _)
        recent: list[str] = []
        while engine.outcome(state) is None:
            check_limits(table_screen(record, state, recent[-8:], tr), table=True)
            for seat in range(seats):
                screen = seat_screen(record, state, seat, tr)
                check_limits(screen)
                assert screen.text != seat_screen(record, state, seat, _).text
            seat = rng.choice(engine.deciding_seats(state))
            events = engine.apply(state, engine.random_action(state, seat, rng))
            public = [e for e in events if e.visible_to is None]
            lines = event_lines(show, public, None, ctx)
            assert not set(lines) & set(event_lines(show, public, None, english)), lines
            recent += lines
            for line in private_lines(record, events, seat, tr):
                assert len(line) <= layouts.TEXT_LIMIT
        final = table_screen(record, state, recent[-8:], tr)
        check_limits(final, table=True)
        assert final.text != table_screen(record, state, recent[-8:], _).text
    assert rules_text(game, options, tr) != rules_text(game, options, _)


def test_the_thinking_line_shows_one_robot_and_who_thinks() -> None:
    state = engine.new_game("ninjan", 2, None, 1)
    record = record_for(state)
    ai = replace(record.seats[1], user_id=None, automatic=True, level="ismcts")
    seated = replace(record, seats=(record.seats[0], ai))
    text = table_screen(seated, state, [], _, thinking=1).text
    assert "\n🤖 Cardroom AI (search) is thinking…\n" in text and "🤖 🤖" not in text
    away = replace(record, seats=(replace(record.seats[0], away=True), record.seats[1]))
    text = table_screen(away, state, [], _, thinking=0).text
    assert "\n🤖 The automatic player is thinking for <@101> (away)…\n" in text


def test_a_search_seat_stored_under_the_levels_former_name_is_still_called_search() -> None:
    record = record_for(engine.new_game("ninjan", 3, None, 1))
    levels = ("search", "ismcts", "greedy")  # "ismcts": a seat stored before the rename
    seats = tuple(
        replace(seat, user_id=None, automatic=True, level=level)
        for seat, level in zip(record.seats, levels, strict=True)
    )
    names = seat_names(replace(record, seats=seats), _)
    assert [name.split("Cardroom AI ")[1] for name in names] == ["(search)", "(search)", "(greedy)"]


@pytest.mark.parametrize("game", presented_games())
def test_without_mentions_seats_are_named_as_on_buttons(game: str) -> None:
    """Where nothing renders a Discord mention (``cardroom play`` in a terminal), tables,
    screens and event lines name each seat by its name, never ``<@id>``."""
    show = presentation(game)
    seats = max(2, engine.get_game(game).info.min_players)
    named = mentioned = 0
    for state, rng in playout_states(game, seats, 2, 7):
        record = record_for(state)
        seat = rng.randrange(seats)
        plain = context_for(record, _, mentions=False)
        texts = [
            table_screen(record, state, [], _, mentions=False).text,
            seat_screen(record, state, seat, _, mentions=False).text,
        ]
        if engine.outcome(state) is None:
            deciding = rng.choice(engine.deciding_seats(state))
            events = engine.apply(engine.clone(state), engine.random_action(state, deciding, rng))
            texts += event_lines(show, events, None, plain)
            texts += private_lines(record, events, deciding, _, mentions=False)
        assert not any("<@" in text for text in texts)
        named += sum(f"Player{n}" in text for text in texts for n in range(seats))
        mentioned += "<@" in table_screen(record, state, [], _).text
    assert named > 0 and mentioned > 0


def test_automatic_players_of_one_level_are_told_apart_by_their_seat() -> None:
    state = engine.new_game("artichokes", 4, None, 1)
    record = record_for(state)
    levels = [None, "greedy", "random", "greedy"]
    seats = tuple(
        s if level is None else replace(s, user_id=None, automatic=True, level=level)
        for s, level in zip(record.seats, levels, strict=True)
    )
    table = replace(record, seats=seats)
    assert seat_labels(table, _)[1:] == (
        "🤖 Cardroom AI 2 (greedy)",
        "🤖 Cardroom AI (random)",  # the only one of its level
        "🤖 Cardroom AI 4 (greedy)",
    )
    french = translator("fr")
    names = seat_names(table, french)
    assert names[1] != names[3] and "4" in names[3] and french("greedy") in names[3]


def test_an_event_said_twice_in_a_row_is_one_line_with_its_count() -> None:
    # seed 920 deals the same four of a kind into the Garden Row twice running at step 153
    from tests.bot.table_playouts import table_texts

    (text,) = [t for lang, step, t in table_texts("artichokes", 4, 920, languages=["en"])
               if step == 153]  # fmt: skip
    twice = [line for line in text.split("\n") if line.startswith("- Four of a kind")]
    assert len(twice) == 1 and twice[0].endswith(" (×2)"), text


@pytest.mark.parametrize("game", presented_games())
def test_a_multiplayer_winner_reads_you_win_on_their_own_screen(game: str) -> None:
    # The table's "🏆 <@101> wins!" read oddly on the winner's own screen.
    rng = random.Random(f"winner-{game}")
    while True:
        state = engine.new_game(game, 3, None, rng.randrange(2**32))
        while engine.outcome(state) is None:
            seat = rng.choice(engine.deciding_seats(state))
            engine.apply(state, engine.random_action(state, seat, rng))
        outcome = engine.outcome(state)
        assert outcome is not None
        if outcome.winners:
            break
    record = record_for(state)
    for seat in range(3):
        prompt = seat_screen(record, state, seat, _).text.splitlines()
        if seat in outcome.winners:
            won = "**🏆 You win!**" if len(outcome.winners) == 1 else "**🏆 You share the win!**"
            assert won in prompt
        else:
            assert not any("You win" in line or "share the win" in line for line in prompt)


def test_a_solo_game_keeps_its_own_end_line() -> None:
    rng = random.Random("solo-end")
    state = engine.new_game("verso", 1, None, 5)
    while engine.outcome(state) is None:
        engine.apply(state, engine.random_action(state, engine.deciding_seats(state)[0], rng))
    text = seat_screen(record_for(state), state, 0, _).text
    assert "**The game is over: the table shows the scores.**" in text  # the score is there
    assert "You win" not in text
