"""What a newcomer could not read or understand on a phone (issue 46): Verso's VP marks and
the seen other side of each card at 3-8 seats, Ninjan's counts and its chosen card, what
Pentaquest's suns and moons ask for and what its framed die is. Sizes are in points: the
pixels of a 400-pixel-wide phone display."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

import engine
from bot.i18n import available_languages, translator
from bot.pictures.base import PictureContext, draw, picture_of
from bot.pictures.canvas import SCALE, Canvas
from bot.pictures.samples import NAMES
from bot.pictures.theme import GOLD, PANEL, TEXT
from tests.bot.picture_helpers import check, states

LANGUAGES = ["en", *available_languages()]


def fitted_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """Every text drawn with ``Canvas.fitted`` or ``Canvas.lines`` from now on, with the size
    asked for."""
    found: list[tuple[str, float]] = []
    fitted, lines = Canvas.fitted, Canvas.lines

    def fitting(self: Canvas, *args: Any, **kwargs: Any) -> float:
        found.append((args[3], args[4]))  # x, y, room, text, size, ...
        return fitted(self, *args, **kwargs)

    def wrapping(self: Canvas, *args: Any, **kwargs: Any) -> float:
        found.append((args[3], args[4]))
        return lines(self, *args, **kwargs)

    monkeypatch.setattr(Canvas, "fitted", fitting)
    monkeypatch.setattr(Canvas, "lines", wrapping)
    return found


def ink_height(image: Image.Image, colour: tuple[int, int, int], top: int) -> float:
    """How high, in points, the pixels of ``colour`` (within a few steps) reach from pixel
    row ``top`` down, leaving out a card's frame (3 pixels, its rounded corners 6 across)."""
    rows = [
        y
        for y in range(top, image.height - 3)
        for x in range(6, image.width - 6)
        if sum(abs(a - b) for a, b in zip(image.getpixel((x, y)), colour, strict=True)) < 40
    ]
    return (max(rows) - min(rows) + 1) / SCALE if rows else 0.0


def test_verso_vp_marks_read_on_a_phone_at_eight_seats() -> None:
    """Each card's VP was a 12-point digit beside a 7-point shape: about 6 pixels of ink on a
    phone. A VP digit now stands at least 10 pixels high."""
    from bot.games.verso.picture import Layout, card
    from engine.verso.view import CardView, Side

    lay = Layout(8)
    w, h = lay.place - 2, lay.card_h
    for side, ink in ((Side("Green", 2, 3), GOLD), (Side("Blue", 5, 1), TEXT)):
        canvas = Canvas(h, PANEL, width=w)
        card(canvas, 0, 0, w, h, CardView(side, None), lay, PANEL)
        lower = round(h / 2 * SCALE)  # the number is above: the VP is in the lower half
        assert ink_height(canvas.image, ink, lower) >= 10, side


def seen_backs(seats: int) -> engine.View:
    """A spectator's view of a seeded Verso game of ``seats`` with tableau cards whose other
    side has been seen."""
    rng = random.Random(seats)
    state = engine.new_game("verso", seats, None, 7)
    while True:
        view = engine.view(state, None)
        if sum(c.down is not None for s in view.seats for c in s.cards) >= 3:  # type: ignore[attr-defined]
            return view
        assert engine.outcome(state) is None
        engine.apply(
            state, engine.random_action(state, rng.choice(engine.deciding_seats(state)), rng)
        )


@pytest.mark.parametrize("seats", [1, 3, 8])
def test_verso_draws_every_seen_other_side_at_every_table_size(seats: int) -> None:
    """The text shows a seen back (``🟦 2 (🟧1★)``) at every table size; the pictures at 3-8
    seats left it out. Only what the view says is seen is drawn (the leak test in
    ``test_pictures`` redistributes every unseen side)."""
    view = seen_backs(seats)
    ctx = PictureContext("en", NAMES[:seats])
    unseen = replace(  # the same tableaux, every other side unseen
        view,
        seats=tuple(
            s._replace(cards=tuple(c._replace(down=None) for c in s.cards))
            for s in view.seats  # type: ignore[attr-defined]
        ),
    )
    drawn = check(draw("verso", "table", view, ctx))
    assert drawn != check(draw("verso", "table", unseen, ctx))


def test_ninjan_counts_are_14_points_and_the_chosen_card_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = picture_of("ninjan")
    assert shown is not None
    state = engine.new_game("ninjan", 5, None, 3)
    hand = engine.view(state, 0)
    engine.apply(state, engine.legal_actions(state, 0)[2])  # seat 0 chooses a card
    chosen = engine.view(state, 0)
    texts = fitted_texts(monkeypatch)
    for language in LANGUAGES:
        _ = translator(language)
        ctx = PictureContext(language, NAMES[:5])
        texts.clear()
        shown.table(engine.view(state, None), ctx)
        counts = _("taken {taken} · hand {hand}", taken=0, hand=9)
        assert (counts, 14) in texts, language  # was 12: about 8 pixels high on a phone
        subject = shown.seat_subject(chosen)
        assert subject is not None
        picture = shown.seat(subject, ctx)
        assert picture is not None and not picture.canvas.cut
        assert any(text == _("✓ chosen") for text, _size in texts), language
        texts.clear()
        unchosen = shown.seat_subject(hand)
        assert unchosen is not None and shown.seat(unchosen, ctx) is not None
        assert not any(text == _("✓ chosen") for text, _size in texts)


def test_pentaquest_says_what_its_suns_and_moons_ask_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = picture_of("pentaquest")
    assert shown is not None
    texts: list[tuple[str, float]] = []
    real = Canvas.text

    def recording(self: Canvas, *args: Any, **kwargs: Any) -> float:
        texts.append((args[2], args[3]))  # x, y, text, size
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    words = {"any pair": (2, 0), "two pairs": (2, 2), "any three of a kind": (3, 0)}
    seen = set()
    for seats in (1, 4):
        for state, _rng in states("pentaquest", seats, seed=seats, count=6):
            view = engine.view(state, None)
            groupings = {
                (c.requirement.count("sun"), c.requirement.count("moon"))
                for c in view.quest  # type: ignore[attr-defined]
            } - {(0, 0)}
            for language in LANGUAGES:
                _ = translator(language)
                texts.clear()
                shown.table(view, PictureContext(language, NAMES[:seats]))
                for msgid, grouping in words.items():
                    assert ((_(msgid), 13.0) in texts) == (grouping in groupings), msgid
            seen |= groupings
    assert {(2, 0), (2, 2)} <= seen  # the common groupings were met


def test_pentaquest_says_what_the_framed_die_is_in_every_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The die an army card (±1) waits on is framed in gold; the text says "on die 2: up or
    down?", and now the picture says it too, whole."""
    shown = picture_of("pentaquest")
    assert shown is not None
    rng = random.Random(1)
    framed = None
    while framed is None:
        state = engine.new_game("pentaquest", 4, None, rng.randrange(2**32))
        while engine.outcome(state) is None and framed is None:
            if state.die is not None:  # type: ignore[attr-defined]
                framed = engine.view(state, None)
            else:
                seat = rng.choice(engine.deciding_seats(state))
                engine.apply(state, engine.random_action(state, seat, rng))
    using = framed.using  # type: ignore[attr-defined]
    texts = fitted_texts(monkeypatch)
    for language in LANGUAGES:
        _ = translator(language)
        texts.clear()
        drawn = shown.table(framed, PictureContext(language, NAMES[:4]))
        caption = _("{card} acts on the framed die: up or down?", card=_(using.name))
        assert any(text == caption for text, _size in texts), language
        cut = [t for t in drawn.canvas.cut if not any(n in t for n in NAMES)]
        assert not cut, (language, cut)
        check(draw("pentaquest", "table", framed, PictureContext(language, NAMES[:4])))


def test_verso_other_side_marks_read_on_a_phone_at_eight_seats() -> None:
    """A seen other side's chip was a 12-point digit beside a 6.6-point shape: about 6
    pixels of ink on a phone at 8 seats. Its digit now stands as high as the VP's (10
    pixels) and its shape 8 across, between the number and the VP, touching neither."""
    from bot.games.verso.picture import FACES, Layout, card
    from engine.verso.view import CardView, Side

    lay = Layout(8)
    w, h = lay.place - 2, lay.card_h
    for up, back in (
        (Side("Green", 2, 3), Side("Orange", 5, 1)),
        (Side("Blue", 6, 1), Side("Green", None, 3)),  # a joker's J on the chip
        (Side("Orange", 4, 1), Side("Blue", 6, 1)),
    ):
        canvas = Canvas(h, PANEL, width=w)
        card(canvas, 0, 0, w, h, CardView(up, back), lay, PANEL)
        image = canvas.image
        chip = [  # the chip's rows: its colour across the middle of the card
            y
            for y in range(image.height)
            if colour_near(image.getpixel((3, y)), FACES[back.colour])
        ]
        top, bottom = min(chip), max(chip)
        ink = [  # the chip's white ink: its shape and its digit
            (x, y)
            for y in range(top, bottom + 1)
            for x in range(image.width)
            if colour_near(image.getpixel((x, y)), TEXT)
        ]
        height = (max(y for _x, y in ink) - min(y for _x, y in ink) + 1) / SCALE
        assert height >= 10, (back, height)
        above = [  # the card's number ends above the chip, the VP starts below it
            y for y in range(top) if colour_near(image.getpixel((round(image.width / 2), y)), TEXT)
        ]
        assert above and max(above) < top, back
        assert (bottom - top + 1) / SCALE >= 14, back


def colour_near(pixel: Any, colour: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40


def test_verso_says_what_a_gold_frame_and_a_chip_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in the picture said that a gold frame is a 3-VP side, or that the chip in a
    card is its other side: a legend in the top panel says both, in every language, uncut,
    at every table size and on a player's own picture."""
    shown = picture_of("verso")
    assert shown is not None
    texts = fitted_texts(monkeypatch)
    drawn: list[str] = []
    real = Canvas.text

    def recording(self: Canvas, *args: Any, **kwargs: Any) -> float:
        drawn.append(args[2])
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    for seats in (1, 3, 8):
        view = seen_backs(seats)
        for language in LANGUAGES:
            _ = translator(language)
            drawn.clear()
            texts.clear()
            picture = shown.table(view, PictureContext(language, NAMES[:seats]))
            assert _("{score} VP", score=3) in drawn and _("other side") in drawn, language
            assert _("Discard Pile") in drawn and not picture.canvas.cut, language
    state = engine.new_game("verso", 1, None, 2)
    subject = shown.seat_subject(engine.view(state, 0))
    assert subject is not None
    drawn.clear()
    assert shown.seat(subject, PictureContext("en", NAMES[:1])) is not None
    assert "other side" in drawn


def test_pentaquest_army_marks_say_their_power_and_the_line_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 22-card army read "army 22: +1 ×5 · −1 ×3 · ±1 ×4 · ⇄ ×4 · ↻ ×6 · discard…": the
    end was cut, and nothing said what ⇄ and ↻ were. Each mark that is no number has its
    word beside it, as on a card, and a long army takes two lines, cut nowhere."""
    from engine.pentaquest.cards import CARDS

    shown = picture_of("pentaquest")
    assert shown is not None
    view: Any = engine.view(engine.new_game("pentaquest", 1, None, 3), None)
    army = tuple(CARDS[i] for i in range(1, 43) if i % 2 or CARDS[i].power == "reroll")[:22]
    assert {card.power for card in army} == {"add", "sub", "addsub", "mirror", "reroll"}
    player = replace(view.players[0], army=army, army_count=len(army), discard=army[:20])
    view = replace(view, players=(player,))
    texts = fitted_texts(monkeypatch)
    for language in LANGUAGES:
        _ = translator(language)
        texts.clear()
        picture = shown.table(view, PictureContext(language, NAMES[:1]))
        assert not picture.canvas.cut, (language, picture.canvas.cut)
        drawn = " ".join(text for text, _size in texts)
        assert f"⇄ {_('mirror')} ×" in drawn and f"↻ {_('reroll')} ×" in drawn, language
        assert texts[-1][0].endswith(" 20"), texts[-1]  # the discard pile, last
