"""The tournament standings' picture (issue 52): drawn from real standings of seeded Swiss
tournaments (and an elimination), it fits a phone and Discord's limits at 2, 13 and 40
players, shows shared places, greys players who are out, cuts long names, draws Cyrillic and
accented names and labels, and is a function of the standings alone."""

from __future__ import annotations

import inspect
import io
import pickle
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from PIL import Image

from bot.i18n import available_languages, translator
from bot.pictures import fonts
from bot.pictures import standings as picture
from bot.pictures.base import Drawn, Picture
from bot.pictures.canvas import MIN_TEXT, Canvas
from bot.pictures.samples import TIE_BREAKS, standings_samples
from bot.pictures.standings import DROPPED, REMOVED, standings_picture
from bot.pictures.theme import FAINT, TEXT
from bot.service import tournaments as T
from tests.bot.picture_helpers import check

NAMES = ["Alice", "Zoë", "Дмитро Коваленко", "François", "Heiðrún", "José María", "Łukasz"]
LONG = "Олександра Шевченко-Петренко із Запоріжжя"


def played(
    players: int,
    seats: int,
    rounds: int,
    *,
    seed: int,
    stop: int | None = None,
    withdraw: Sequence[tuple[int, str, Any]] = (),
    format: Any = "swiss",
) -> T.Tournament:
    """A tournament of ``players`` (``u:0``…) with seeded random places at every table, up
    to round ``stop`` (default: to the end); ``withdraw``: (after round, player, how)."""
    rng = random.Random(seed)
    entrants = [T.Entrant(id=f"u:{n}", rating=20 + rng.random()) for n in range(players)]
    settings = T.Settings(format=format, seats=seats, min_seats=2, rounds=rounds)
    t = T.new_tournament(settings, entrants)
    while not T.is_over(t):
        t = T.start_round(t)
        for table in T.current_round(t).tables:
            drawn = [rng.choice([1, 1, 2, 3]) for _ in table.players]
            t = T.record_result(t, table.number, [1 + sum(q < p for q in drawn) for p in drawn])
        for after, player, how in withdraw:
            if after == len(t.rounds):
                t = T.withdraw(t, player, how)
        if stop == len(t.rounds):
            break
    return t


def names_of(t: T.Tournament, names: Sequence[str] = NAMES) -> dict[str, str]:
    return {e.id: f"{names[n % len(names)]} {n}" for n, e in enumerate(t.entrants)}


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[int, int, int]]]:
    """Every text drawn from now on (as asked: before any cut), with its colour."""
    found: list[tuple[str, tuple[int, int, int]]] = []
    text, fitted = Canvas.text, Canvas.fitted

    def recording(self: Canvas, *args: Any, **kwargs: Any) -> float:
        found.append((args[2], args[4]))  # x, y, text, size, colour
        return text(self, *args, **kwargs)

    def fitting(self: Canvas, *args: Any, **kwargs: Any) -> float:
        found.append((args[3], args[5]))  # x, y, room, text, size, colour
        before = len(found)
        result = fitted(self, *args, **kwargs)
        del found[before:]  # the cut text fitted draws is not recorded twice
        return result

    monkeypatch.setattr(Canvas, "text", recording)
    monkeypatch.setattr(Canvas, "fitted", fitting)
    return found


def draw(standings: Any, names: Mapping[str, str], language: str = "en", **kw: Any) -> Drawn:
    """What :func:`standings_picture` draws (its canvas and alt text), before encoding."""
    found: list[Drawn] = []
    real = picture.finish
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(picture, "finish", lambda drawn, *a: found.append(drawn) or real(drawn, *a))
        standings_picture(
            standings,
            names,
            kw.pop("labels", TIE_BREAKS),
            title=kw.pop("title", "Ninjan · Spring Cup"),
            total_rounds=kw.pop("total_rounds", 4),
            language=language,
        )
    [drawn] = found
    return drawn


@pytest.mark.parametrize(
    ("players", "seats", "rounds"), [(2, 2, 1), (13, 3, 4), (40, 2, 3)], ids=["2", "13", "40"]
)
def test_the_standings_picture_fits_a_phone_and_discord_at_2_13_and_40_players(
    players: int, seats: int, rounds: int
) -> None:
    t = played(players, seats, rounds, seed=players)
    standings = T.standings(t)
    assert standings.final and len(standings.rows) == players
    args = (standings, names_of(t), TIE_BREAKS)
    shown = check(
        standings_picture(
            *args, title="Ninjan · Spring Cup", total_rounds=T.total_rounds(t), language="en"
        )
    )
    assert shown.name.startswith("standings-")
    drawn = draw(standings, names_of(t), total_rounds=T.total_rounds(t))
    assert drawn.canvas.smallest_text is not None and drawn.canvas.smallest_text >= MIN_TEXT
    image = Image.open(io.BytesIO(shown.data))
    assert image.size == drawn.canvas.image.size
    # every player is in the alt text up to MAX_ROWS, the rest counted
    listed = shown.description.split(". ", 2)[2]
    assert listed.count(";") == min(players, picture.MAX_ROWS) - 1
    if players > picture.MAX_ROWS:
        assert shown.description.endswith(f"+{players - picture.MAX_ROWS} more")


def test_rows_past_the_limit_are_counted_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    t = played(40, 2, 3, seed=40)
    names = names_of(t)
    texts = drawn_texts(monkeypatch)
    draw(T.standings(t), names)
    shown = [text for text, _ink in texts if text in names.values()]
    assert shown == [names[row.player] for row in T.standings(t).rows[:32]]
    assert ("+8 more", picture.MUTED) in texts


def test_players_who_share_a_place_show_it_shared_and_the_top_three_get_medals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a single elimination of 6: both semi-finals' losers share third, two share fifth
    t = played(6, 2, 3, seed=3, format="elimination")
    standings = T.standings(t)
    assert [row.place for row in standings.rows] == [1, 2, 3, 3, 5, 5]
    texts = drawn_texts(monkeypatch)
    badges = []
    real = picture.badge
    monkeypatch.setattr(picture, "badge", lambda *a: badges.append((a[3], a[6])) or real(*a))
    draw(standings, names_of(t))
    shown = [text for text, _ink in texts]
    assert shown.count("3=") == 2 and shown.count("5=") == 2
    assert "1" in shown and "1=" not in shown
    assert badges == [("1", picture.GOLD), ("2", picture.SILVER)] + [("3=", picture.BRONZE)] * 2
    # an elimination has no tie-breaks: played and byes (the top seeds had round 1's) are
    # named over their columns, with no keys
    assert any(row.byes for row in standings.rows)
    assert {"Played", "Byes"} <= set(shown) and not any(t[0] in picture.KEYS for t in shown)


def test_no_medals_before_the_end() -> None:
    t = played(13, 3, 4, seed=13, stop=2)
    standings = T.standings(t)
    assert not standings.final and standings.rounds == 2
    calls: list[object] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(picture, "badge", lambda *a: calls.append(a))
        drawn = draw(standings, names_of(t))
    assert calls == [] and "Round 2 of 4" in drawn.description


def test_players_who_dropped_out_or_were_removed_are_greyed_with_a_mark_the_legend_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = played(13, 3, 4, seed=5, withdraw=[(1, "u:3", "dropped"), (2, "u:5", "removed")])
    standings = T.standings(t)
    status = {row.player: row.status for row in standings.rows}
    assert status["u:3"] == "dropped" and status["u:5"] == "removed"
    names = names_of(t)
    texts = drawn_texts(monkeypatch)
    draw(standings, names)
    inks = dict(texts)
    assert inks[f"{DROPPED} {names['u:3']}"] == FAINT
    assert inks[f"{REMOVED} {names['u:5']}"] == FAINT
    assert inks[names["u:0"]] == TEXT
    legend = " ".join(inks)
    assert f"{DROPPED} dropped out" in legend and f"{REMOVED} removed" in legend


def test_a_long_name_is_cut_with_an_ellipsis_and_nothing_else_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = played(13, 3, 4, seed=7)
    names = names_of(t, ["Ann", "Zoë", "Ян"]) | {"u:4": LONG}
    drawn_masks: list[str] = []
    real = fonts.mask
    monkeypatch.setattr(fonts, "mask", lambda text, *a: drawn_masks.append(text) or real(text, *a))
    drawn = draw(T.standings(t), names)
    assert drawn.canvas.cut == [LONG]
    [cut] = [text for text in drawn_masks if text.startswith(LONG[:5])]
    assert cut.endswith("…") and LONG.startswith(cut[:-1]) and len(cut) > 8
    assert LONG in drawn.description  # the alt text has it whole


@pytest.mark.parametrize("language", available_languages())
def test_cyrillic_and_accented_names_and_labels_draw_in_every_language(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = played(13, 3, 4, seed=11, withdraw=[(1, "u:2", "dropped")])
    standings = T.standings(t)
    names = names_of(t, ["Дмитро", "Zoë", "Їжак", "Ґанна", "Heiðrún", "José", "Łukasz"])
    labels = {  # as a caller might translate them
        "buchholz_cut1": "Бухгольц −1",
        "buchholz": "Buchholz médian",
        "sonneborn_berger": "Зоннеборн–Бергер",
        "wins": "Перемоги",
    }
    english = draw(standings, names, "en", labels=labels)
    texts = drawn_texts(monkeypatch)
    drawn = draw(standings, names, language, labels=labels)
    for text, _ink in texts:
        missing = [ch for ch in text if not fonts.has_glyph(ch, bold=True)]
        assert not missing, (language, text, missing)
    _ = translator(language)
    shown = {text for text, _ink in texts}
    assert {_("Player"), _("Points"), picture.WINNER + _("Final standings")} <= shown
    assert f"{DROPPED} {names['u:2']}" in shown and set(names.values()) - {names["u:2"]} <= shown
    assert any("Зоннеборн–Бергер" in text for text in shown)  # in the legend
    assert drawn.canvas.cut == []  # the names fit: only a name too long is ever cut
    assert drawn.description != english.description
    assert drawn.canvas.image.tobytes() != english.canvas.image.tobytes()


def test_numbers_are_written_as_the_language_writes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    t = played(13, 3, 4, seed=13)
    assert any(row.points % 1 for row in T.standings(t).rows)  # some half points
    texts = drawn_texts(monkeypatch)
    draw(T.standings(t), names_of(t), "fr")
    numbers = [text for text, _ink in texts if text[:1].isdigit() and not text.endswith("=")]
    assert any("," in n for n in numbers) and not any("." in n for n in numbers)


def test_the_picture_is_a_function_of_the_standings_and_their_words_alone() -> None:
    """It takes no record, game, view or seed: nothing hidden can reach it. The same
    standings give the same file (a message shows a new picture exactly when its name
    changes); a changed point gives another."""
    parameters = inspect.signature(standings_picture).parameters
    assert list(parameters) == [
        "standings",
        "names",
        "tie_break_labels",
        "title",
        "total_rounds",
        "language",
    ]
    running = T.start_round(played(13, 3, 4, seed=17, stop=2))  # round 3's tables playing

    def drawn(t: T.Tournament) -> Picture:
        labels = TIE_BREAKS
        return standings_picture(
            T.standings(t), names_of(running), labels, title="Cup", total_rounds=4, language="uk"
        )

    first, again = drawn(running), drawn(running)
    assert first == again
    changed = drawn(T.record_result(running, 1, [1, 2, 3]))
    assert changed.name != first.name


def test_the_samples_draw_the_standings_in_every_language() -> None:
    found = dict(standings_samples())
    assert len(found) == 2 * (1 + len(available_languages()))
    for name, shown in found.items():
        assert name.startswith("standings-")
        check(shown)


async def test_the_painter_draws_the_standings_off_the_event_loop() -> None:
    """The bot draws it in the painter's background worker (a process in the bot: what it
    is handed must pickle), byte for byte the picture drawn here; a failure is no picture."""
    from bot.pictures.painter import Painter

    t = played(13, 3, 4, seed=19)
    args = (T.standings(t), names_of(t), TIE_BREAKS)
    kwargs = {"title": "Cup", "total_rounds": 4, "language": "fr"}
    assert pickle.loads(pickle.dumps((standings_picture, args, kwargs)))[1] == args
    painter = Painter()
    try:
        drawn = await painter.apart(standings_picture, *args, **kwargs)
        failed = await painter.apart(standings_picture, *args, **kwargs | {"language": 5})
    finally:
        painter.close()
    assert drawn == standings_picture(*args, **kwargs) and failed is None
