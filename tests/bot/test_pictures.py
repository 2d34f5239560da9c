"""The pictures of every game: what an audience may not see changes no pixel (the leak rule,
as for the texts), every picture fits a phone and Discord's limits in every language, and the
machinery (fonts shipped, palettes, cache) holds. Parametrised over every game."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import engine
from bot.i18n import available_languages, translator
from bot.pictures import canvas as canvas_module
from bot.pictures import fonts
from bot.pictures.base import Picture, PictureContext, draw, picture_of
from bot.pictures.canvas import MIN_TEXT, SCALE, Canvas
from bot.pictures.painter import PictureCache
from bot.pictures.parts import WINNER
from bot.pictures.samples import NAMES
from bot.texts.seat_names import seat_labels
from engine.pentaquest.cards import load_house_deck
from tests.bot.picture_helpers import check, states, tables
from tests.bot.records import record_for


@pytest.mark.parametrize(("game", "seats"), tables())
def test_pictures_do_not_depend_on_what_their_audience_cannot_see(game: str, seats: int) -> None:
    ctx = PictureContext("en", NAMES[:seats])
    checked = seat_pictures = 0
    for state, rng in states(game, seats, seed=seats):
        table = check(draw(game, "table", engine.view(state, None), ctx))
        other = engine.redistribute(state, None, rng)
        assert draw(game, "table", engine.view(other, None), ctx) == table
        viewer = rng.randrange(seats)
        mine = draw(game, "seat", engine.view(state, viewer), ctx)
        other = engine.redistribute(state, viewer, rng)
        assert draw(game, "seat", engine.view(other, viewer), ctx) == mine
        if mine is not None:
            check(mine)
            seat_pictures += 1
        checked += 1
    assert checked == 4 and seat_pictures >= 1


@pytest.mark.parametrize(("game", "seats"), tables())
def test_pictures_are_translated_and_legible_on_a_phone_in_every_language(
    game: str, seats: int
) -> None:
    state, _rng = next(states(game, seats, seed=11, count=3))
    english = draw(game, "table", engine.view(state, None), PictureContext("en", NAMES[:seats]))
    assert english is not None
    for language in available_languages():
        ctx = PictureContext(language, NAMES[:seats])
        shown = picture_of(game)
        assert shown is not None
        drawn = shown.table(engine.view(state, None), ctx)
        # no text below MIN_TEXT points: on a 400-pixel-wide display, at least that many pixels
        assert drawn.canvas.smallest_text is not None and drawn.canvas.smallest_text >= MIN_TEXT
        picture = check(draw(game, "table", engine.view(state, None), ctx))
        assert picture.data != english.data, f"{language}: the picture's texts are in English"
        assert picture.description != english.description


def test_the_canvas_refuses_text_a_phone_could_not_read() -> None:
    canvas = Canvas(40, (0, 0, 0))
    canvas.fitted(0, 0, 30, "a name far too long for thirty points", 14, (255, 255, 255))
    assert canvas.smallest_text == MIN_TEXT  # shrunk to the floor, then cut
    with pytest.raises(ValueError, match="too small"):
        canvas.text(0, 0, "tiny", MIN_TEXT - 1, (255, 255, 255))


def test_the_fonts_are_shipped_with_their_licence_and_draw_cyrillic() -> None:
    assert fonts.REGULAR.is_file() and fonts.BOLD.is_file()
    assert "Bitstream Vera" in (fonts.FONTS_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    assert fonts.drawable("Дмитро 🎲 Zoë") == "Дмитро Zoë"
    assert fonts.has_glyph("ї") and not fonts.has_glyph("🎲")


def test_the_cache_keeps_pictures_within_its_bytes() -> None:
    cache = PictureCache(limit=250)
    pictures = [Picture(f"p{i}.png", bytes(100), "alt") for i in range(3)]
    for i, picture in enumerate(pictures):
        cache.put(i, picture)
    assert cache.get(0) == (False, None)  # the oldest let go
    assert cache.get(2) == (True, pictures[2]) and cache.size == 200
    cache.put("none", None)
    assert cache.get("none") == (True, None)


def test_every_edit_that_shows_a_picture_uploads_it_and_keeps_nothing_else() -> None:
    # docs/discord.md: a media gallery names only a file of its own request, never an
    # earlier upload (Discord refuses that at times: the fake's "stale" mode)
    from bot.messages.pictures import edit_files, send_files

    picture = Picture("table-ab.png", b"png", "alt")
    for _ in range(2):  # the same picture again: uploaded again
        [upload] = edit_files(picture)["attachments"]  # the only attachment kept
        assert (upload.filename, upload.fp.read()) == ("table-ab.png", b"png")
    assert edit_files(None) == {"attachments": []}  # none: the earlier one dropped
    assert send_files(None) == {} and send_files(picture)["files"][0].filename == "table-ab.png"


async def test_the_painter_draws_the_same_bytes_in_its_processes_once_per_view() -> None:
    from bot.pictures.painter import Painter

    state, _rng = next(states("ninjan", 3, seed=5, count=2))
    view, ctx = engine.view(state, None), PictureContext("uk", NAMES[:3])
    painter = Painter(processes=True, urgent_wait=60)  # processes start slowly on a loaded machine
    try:
        drawn = await painter.picture("ninjan", "table", view, ctx)  # the background process
        again = await painter.picture("ninjan", "table", view, ctx, urgent=True)
        seat = await painter.picture("ninjan", "seat", engine.view(state, 0), ctx, urgent=True)
    finally:
        painter.close()
    assert drawn == again == draw("ninjan", "table", view, ctx)
    assert seat == draw("ninjan", "seat", engine.view(state, 0), ctx)  # the urgent process
    assert painter.rendered == 2 and painter.cache.hits == 1


async def test_the_painter_draws_an_equal_view_once_whatever_the_step() -> None:
    """A picture is a function of its view and context: the same view at a later step (a
    restored copy of the game, one step on) is found in the cache; another view or other
    names are drawn anew."""
    from bot.pictures.painter import Painter

    state, _rng = next(states("verso", 3, seed=2, count=2))
    later = engine.clone(state)
    later.step += 1
    moved = engine.clone(state)
    engine.apply(moved, engine.random_action(moved, engine.deciding_seats(moved)[0], _rng))
    ctx = PictureContext("en", NAMES[:3])
    painter = Painter()
    try:
        drawn = await painter.picture("verso", "table", engine.view(state, None), ctx)
        again = await painter.picture("verso", "table", engine.view(later, None), ctx)
        other = await painter.picture("verso", "table", engine.view(moved, None), ctx)
        names = PictureContext("en", NAMES[1:4])
        renamed = await painter.picture("verso", "table", engine.view(state, None), names)
    finally:
        painter.close()
    assert again == drawn and painter.cache.hits == 1 and painter.rendered == 3
    assert drawn is not None and other is not None and renamed is not None
    assert len({drawn.name, other.name, renamed.name}) == 3


@pytest.mark.parametrize(("game", "seed"), [("artichokes", 7), ("ninjan", 7), ("pentaquest", 9)])
async def test_a_seat_picture_is_drawn_once_while_other_players_move(game: str, seed: int) -> None:
    """A seat's screen shows its hand (its army): another player's move changes the seat's
    view but not that picture, which is found in the cache, byte for byte what drawing the
    new view gives. Over a whole game, each different picture is drawn once."""
    from bot.pictures.painter import Painter

    rng = random.Random(seed)  # Pentaquest's random players build an army late: seed 9 does
    state = engine.new_game(game, 3, None, seed)
    ctx = PictureContext("en", NAMES[:3])
    painter = Painter()
    kept, seen = 0, set()
    try:
        drawn = await painter.picture(game, "seat", engine.view(state, 0), ctx, urgent=True)
        while engine.outcome(state) is None:
            before = engine.view(state, 0)
            engine.apply(
                state, engine.random_action(state, rng.choice(engine.deciding_seats(state)), rng)
            )
            after = engine.view(state, 0)
            again = await painter.picture(game, "seat", after, ctx, urgent=True)
            assert again == draw(game, "seat", after, ctx)
            kept += after != before and again is not None and again == drawn
            seen |= {again.name} if again is not None else set()
            drawn = again
    finally:
        painter.close()
    assert kept >= 3  # the view changed, the picture did not: no drawing
    assert painter.rendered == len(seen) >= 3


async def test_a_drawing_process_that_dies_is_replaced_and_its_picture_drawn_all_the_same() -> None:
    import asyncio
    import os
    import signal

    from bot.pictures.painter import Painter

    state, _rng = next(states("artichokes", 2, seed=3, count=1))
    ctx = PictureContext("en", NAMES[:2])
    painter = Painter(processes=True, urgent_wait=60)  # processes start slowly on a loaded machine
    try:
        table = await painter.picture("artichokes", "table", engine.view(state, None), ctx)
        for pid in list(painter._urgent._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        seat = await painter.picture("artichokes", "seat", engine.view(state, 0), ctx, urgent=True)
        hand = await painter.picture("artichokes", "seat", engine.view(state, 1), ctx, urgent=True)
    finally:
        painter.close()
    assert table == draw("artichokes", "table", engine.view(state, None), ctx)
    assert seat == draw("artichokes", "seat", engine.view(state, 0), ctx)
    assert hand == draw("artichokes", "seat", engine.view(state, 1), ctx)  # the new process


async def test_an_answer_waits_for_its_picture_a_moment_only_and_the_next_one_has_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A drawing far behind (a loaded machine) does not hold a click's answer past the
    painter's ``urgent_wait``: it goes without, and the picture is drawn all the same, for
    the next message that shows it. Background pictures are waited for."""
    import asyncio
    import threading

    from bot.pictures import painter as painting

    go = threading.Event()
    real = painting._draw_safely

    def held(*args: object) -> Picture | None:
        go.wait(10)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(painting, "_draw_safely", held)
    state, _rng = next(states("ninjan", 3, seed=4, count=2))  # mid-game: a hand to draw
    view, ctx = engine.view(state, 1), PictureContext("es", NAMES[:3])
    assert draw("ninjan", "seat", view, ctx) is not None
    painter = painting.Painter(urgent_wait=0.05)
    try:
        assert await painter.picture("ninjan", "seat", view, ctx, urgent=True) is None
        background = asyncio.ensure_future(painter.picture("ninjan", "seat", view, ctx))
        await asyncio.sleep(0.1)
        assert not background.done()  # waited for, however long it takes
        go.set()
        assert await background == draw("ninjan", "seat", view, ctx)
        again = await painter.picture("ninjan", "seat", view, ctx, urgent=True)
    finally:
        painter.close()
    assert again == draw("ninjan", "seat", view, ctx) and painter.late == 1
    assert painter.rendered == 1  # one drawing, shared


@pytest.mark.parametrize(("game", "seats"), tables())
def test_every_mark_a_picture_draws_is_in_the_shipped_font_and_the_winner_is_crowned(
    game: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A character the font lacks draws as an empty box ("tofu"): the picture's marks (▶, ♛,
    arrows, digits) and texts in every language must all be in DejaVu Sans. And the winner
    carries the crown, not Verso's 3-VP star."""
    drawn: list[tuple[str, bool]] = []
    real = fonts.mask

    def recording(text: str, size: int, bold: bool, anchor: str) -> object:
        drawn.append((text, bold))
        return real(text, size, bold, anchor)

    monkeypatch.setattr(fonts, "mask", recording)
    monkeypatch.setattr(canvas_module, "_sprites", type(canvas_module._sprites)())
    views = [engine.view(state, None) for state, _rng in states(game, seats, seed=5, count=3)]
    outcome = views[-1].outcome  # the last of them ends the game
    assert outcome is not None
    for language in available_languages():
        ctx = PictureContext(language, NAMES[:seats])
        for view in views:
            check(draw(game, "table", view, ctx))
    missing = {ch for text, bold in drawn for ch in text if not fonts.has_glyph(ch, bold)}
    assert not missing, f"drawn without a glyph: {sorted(missing)}"
    if outcome.winners and seats > 1:
        crowned = {fonts.drawable(NAMES[s]) for s in outcome.winners}
        assert any(text.startswith(WINNER) and text[len(WINNER) :] in crowned for text, _b in drawn)
    assert not any(text.startswith("★ ") for text, _b in drawn)


@pytest.mark.parametrize(("game", "seats"), tables())
def test_every_picture_keeps_its_bottom_margin_nothing_is_cut_off(game: str, seats: int) -> None:
    # a layout whose planned height falls short of what it draws cuts its last row off
    ctx = PictureContext("es", NAMES[:seats])
    shown = picture_of(game)
    assert shown is not None
    drawn = []
    for state, rng in states(game, seats, seed=5, count=6):
        drawn.append(shown.table(engine.view(state, None), ctx))
        subject = shown.seat_subject(engine.view(state, rng.randrange(seats)))
        if subject is not None:
            drawn.append(shown.seat(subject, ctx))
    for picture in drawn:
        assert picture is not None
        image = picture.canvas.image
        background = image.getpixel((0, 0))
        margin = [
            image.getpixel((x, image.height - 1 - y))
            for y in range(round(4 * SCALE))
            for x in range(image.width)
        ]
        assert set(margin) == {background}, "something is drawn over the bottom margin"


def test_ninjan_says_what_every_revealed_card_did_uncut_at_every_table_size() -> None:
    # five Spanish columns are too narrow for "montón 2: +13" on one line: it takes two
    shown = picture_of("ninjan")
    assert shown is not None
    for seats in range(2, 6):
        revealed = 0
        for state, _rng in states("ninjan", seats, seed=seats, count=8):
            view = engine.view(state, None)
            revealed += bool(view.revealed)
            for language in ["en", *available_languages()]:
                drawn = shown.table(view, PictureContext(language, NAMES[:seats]))
                cut = [t for t in drawn.canvas.cut if not any(n in t for n in NAMES)]
                assert not cut, (seats, language)  # a long name may be cut, nothing else
        assert revealed >= 4


def test_artichokes_shows_every_final_hand_whole_in_every_language() -> None:
    # the hands decide the game: "Pomme de terre ×2, Artichaut ×3…" may take several lines
    shown = picture_of("artichokes")
    assert shown is not None
    ended = 0
    for seats in range(2, 5):
        for seed in range(3):
            *_before, (state, _rng) = states("artichokes", seats, seed=seed, count=2)
            view = engine.view(state, None)
            assert view.final_hands is not None  # the game's end is the last state
            ended += 1
            for language in ["en", *available_languages()]:
                drawn = shown.table(view, PictureContext(language, NAMES[:seats]))
                cut = [t for t in drawn.canvas.cut if not any(n in t for n in NAMES)]
                assert not cut, (seats, seed, language, cut)
    assert ended == 9


def test_a_long_word_wraps_after_a_hyphen_rather_than_being_cut() -> None:
    size = 18
    room = fonts.width("Will-o'-the-", size) + 2  # "Will-o'-the-Wisp" does not fit
    wrapped = fonts.wrap("Using Will-o'-the-Wisp", size, room, 3)
    assert wrapped == ["Using", "Will-o'-the-", "Wisp"]
    assert fonts.is_whole(wrapped, "Using Will-o'-the-Wisp")
    cut = fonts.wrap("Using Will-o'-the-Wisp", size, room, 2)  # one line short: cut, and told
    assert cut[-1].endswith("…") and not fonts.is_whole(cut, "Using Will-o'-the-Wisp")


def test_pentaquest_names_the_army_card_in_use_whole_in_every_language() -> None:
    # "Using Will-o'-the-Wisp" beside the dice, in the narrow column the free rerolls had
    shown = picture_of("pentaquest")
    assert shown is not None
    rng = random.Random(3)
    state = engine.new_game("pentaquest", 2, None, 3)
    while state.phase != "die":  # type: ignore[attr-defined]
        if engine.outcome(state) is not None:
            state = engine.new_game("pentaquest", 2, None, rng.randrange(2**32))
        seat = engine.deciding_seats(state)[0]
        engine.apply(state, engine.random_action(state, seat, rng))
    for card in load_house_deck():
        state.using = card.id  # type: ignore[attr-defined]
        view = engine.view(state, None)
        for language in ["en", *available_languages()]:
            drawn = shown.table(view, PictureContext(language, NAMES[:2]))
            cut = [t for t in drawn.canvas.cut if not any(n in t for n in NAMES)]
            assert not cut, (card.name, language, cut)


def test_ninjan_marks_who_is_still_choosing_as_the_text_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the text's status line: "everyone chooses a card (▶ still choosing, ✓ chosen)"
    shown = picture_of("ninjan")
    assert shown is not None
    drawn: list[str] = []
    fitted = Canvas.fitted

    def recording(self: Canvas, *args: Any, **kwargs: Any) -> float:
        drawn.append(args[3])  # x, y, room, text, ...
        return fitted(self, *args, **kwargs)

    monkeypatch.setattr(Canvas, "fitted", recording)
    state = engine.new_game("ninjan", 3, None, 4)
    engine.apply(state, engine.legal_actions(state, 1)[0])  # seat 1 has chosen its card
    view = engine.view(state, None)
    assert view.phase == "pick" and set(view.deciding) == {0, 2}  # type: ignore[attr-defined]
    shown.table(view, PictureContext("en", NAMES[:3]))
    assert {"▶ Alice", "✓ Bohdan", "▶ Zoë"} <= set(drawn)  # (the picture drops the 🎲)


def test_a_pictures_automatic_players_keep_their_number_and_level_uncut() -> None:
    # "🤖 Cardroom AI 2 (greedy)" did not fit a player's area at 4 seats: "Cardroom AI 2 (gr…"
    state, _rng = next(states("artichokes", 4, seed=5, count=1))
    record = record_for(state)
    robots = [replace(s, user_id=None, automatic=True, level="search") for s in record.seats[1:]]
    record = replace(record, seats=(record.seats[0], *robots))
    shown = picture_of("artichokes")
    assert shown is not None
    for language in ["en", *available_languages()]:
        _ = translator(language)
        names = seat_labels(record, _, short=True)
        assert names[1] == _("AI {number} ({level})", number=2, level=_("search"))
        drawn = shown.table(engine.view(state, None), PictureContext(language, names))
        assert not drawn.canvas.cut, (language, drawn.canvas.cut)


def test_the_sample_command_s_help_reads_as_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot.pictures --help`` showed the docstring's raw ``...`` marks."""
    from bot.pictures.samples import main

    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "Sample pictures of every game" in shown and "`" not in shown
