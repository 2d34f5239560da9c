"""The end of a game in its table picture (issue 46: an ended game's picture did not say it
ended): every game's last picture carries the shared banner, "Game over" large enough for a
phone, who won (or that the solo game was lost) and the places, in every language, uncut.
The banner's wording comes from the contract's outcome alone (``bot.pictures.ending``)."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import available_languages, translator
from bot.pictures import fonts
from bot.pictures.base import PictureContext, draw, picture_of
from bot.pictures.canvas import SCALE
from bot.pictures.ending import Ending, Place, described, ending
from bot.pictures.parts import WINNER
from bot.pictures.samples import NAMES
from engine import Outcome
from tests.bot.picture_helpers import check, states, tables

LANGUAGES = ["en", *available_languages()]


def last_view(game: str, seats: int, seed: int) -> engine.View:
    """The spectator's view of the end of one seeded game of random moves."""
    *_before, (state, _rng) = states(game, seats, seed=seed, count=2)
    view = engine.view(state, None)
    assert view.outcome is not None
    return view


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """Every text drawn from now on, with its size in points (the pixels of a 400-pixel-wide
    phone display)."""
    found: list[tuple[str, float]] = []
    real = fonts.mask

    def recording(text: str, size: int, bold: bool, anchor: str) -> object:
        found.append((text, size / SCALE))
        return real(text, size, bold, anchor)

    monkeypatch.setattr(fonts, "mask", recording)
    return found


@pytest.mark.parametrize(("game", "seats"), tables())
def test_an_ended_games_picture_says_it_is_over_who_won_and_the_places(
    game: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = picture_of(game)
    assert shown is not None
    texts = drawn_texts(monkeypatch)
    for seed in (1, 2):
        view = last_view(game, seats, seed)
        outcome = view.outcome
        assert outcome is not None
        for language in LANGUAGES:
            _ = translator(language)
            ctx = PictureContext(language, NAMES[:seats])
            texts.clear()
            picture = shown.table(view, ctx)
            sizes = dict(texts)
            # "GAME OVER" large: at least 20 pixels on a phone, and the result 16
            assert sizes.get(_("Game over").upper(), 0) >= 20, (language, texts[:3])
            if seats == 1 and game == "verso":  # scored on a ladder, not won or lost
                assert outcome.scores is not None
                result = _("Score: {score} VP", score=outcome.scores[0])
            elif seats == 1 and not outcome.winners:
                result = _("Solo game lost")
            elif seats == 1:
                result = _("Solo game won")
            elif outcome.draw:
                result = _("Draw: nobody won")
            elif len(outcome.winners) == 1:
                result = WINNER + _("{player} wins", player=ctx.name(outcome.winners[0]))
            else:
                names = ", ".join(ctx.name(s) for s in outcome.winners)
                result = WINNER + _("{players} share the win", players=names)
            assert sizes.get(result, 0) >= 16, (language, result, texts[:3])
            if outcome.ranks is not None and seats > 1:  # every place, from the first
                ranks = [text for text, _size in texts if text.endswith(".") and text[0].isdigit()]
                assert ranks == [f"{r}." for r in sorted(outcome.ranks)], (language, ranks)
            cut = [t for t in picture.canvas.cut if not any(n in t for n in ctx.labels)]
            assert not cut, (language, cut)  # a long name may be cut, nothing else
            assert picture.description.startswith(_("Game over"))
            check(draw(game, "table", view, ctx))  # a phone's screen, Discord's limits


def test_a_lost_solo_pentaquest_is_a_red_banner_not_a_game_in_progress() -> None:
    rng = random.Random(4)
    lost = None
    while lost is None:  # random moves lose a solo game quickly
        state = engine.new_game("pentaquest", 1, None, rng.randrange(2**32))
        while engine.outcome(state) is None:
            engine.apply(state, engine.random_action(state, 0, rng))
        if not engine.outcome(state).winners:  # type: ignore[union-attr]
            lost = state
    view = engine.view(lost, None)
    for language in LANGUAGES:
        found = ending(view.outcome, 1, PictureContext(language, NAMES[:1]))
        assert found is not None and found.lost and not found.places
        assert found.result == translator(language)("Solo game lost")
    running = engine.view(engine.new_game("pentaquest", 1, None, 5), None)
    assert ending(running.outcome, 1, PictureContext("en", NAMES[:1])) is None


def test_the_banner_words_every_outcome_from_the_contract_alone() -> None:
    ctx = PictureContext("en", ("Ann", "Bo", "Cy", "Di"))
    shared = Outcome((0, 2), False, "scores", (9, 4, 9, 1), (1, 3, 1, 4))
    assert ending(shared, 4, ctx) == Ending(
        "Game over",
        WINNER + "Ann, Cy share the win",
        (Place(1, "Ann", "9"), Place(1, "Cy", "9"), Place(3, "Bo", "4"), Place(4, "Di", "1")),
    )
    signed = ending(shared, 4, ctx, score=lambda s: f"+{s}")
    assert signed is not None and signed.places[0].score == "+9"
    one = ending(Outcome((1,), False, "artichoke_free_hand"), 4, ctx)
    assert one == Ending("Game over", WINNER + "Bo wins")  # no scores: no places
    draw_ = ending(Outcome((), True, "turn_limit"), 4, ctx)
    assert draw_ == Ending("Game over", "Draw: nobody won")
    solo = ending(Outcome((0,), False, "won", (42,), (1,)), 1, ctx)
    assert solo == Ending("Game over", "Solo game won", (Place(None, "Score", "42"),))
    laddered = ending(Outcome((0,), False, "won", (42,), (1,)), 1, ctx, solo=("42", "rung"))
    assert laddered == Ending("Game over", "42", (Place(None, "rung", ""),))
    assert described(laddered, "Pile 1") == "Game over. 42. rung. Pile 1"
    closed = PictureContext("en", ctx.labels, closed=True)
    assert ending(None, 4, closed) == Ending("Game over", "Ended early")
    assert described(one, "Pile 1") == "Game over. Bo wins. Pile 1"  # no crown read aloud
    assert described(None, "Pile 1") == "Pile 1"


@pytest.mark.parametrize("game", ["artichokes", "ninjan", "pentaquest", "verso"])
def test_a_game_ended_outside_the_rules_says_so(game: str) -> None:
    info = engine.get_game(game).info
    seats = info.max_players
    state, _rng = next(states(game, seats, seed=3, count=3))  # a game still running
    view = engine.view(state, None)
    assert view.outcome is None
    shown = picture_of(game)
    assert shown is not None
    for language in LANGUAGES:
        _ = translator(language)
        running = shown.table(view, PictureContext(language, NAMES[:seats]))
        closed = shown.table(view, PictureContext(language, NAMES[:seats], closed=True))
        assert not running.description.startswith(_("Game over"))
        assert closed.description.startswith(f"{_('Game over')}. {_('Ended early')}")


@pytest.mark.parametrize(
    ("score", "line"),
    [(26, "The ladder starts at 35 VP (average)"), (35, "Ladder 35+ VP: average score"),
     (52, "Ladder 50+ VP: model player"), (61, "Ladder 60+ VP: legend of the Draw Pile")],
)  # fmt: skip
def test_a_solo_verso_banner_says_the_score_and_its_rung_not_a_win(
    score: int, line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The banner said "Solo game won" at 26 VP, while the text says the ladder starts at
    35, the average: a solo Verso game is scored (§ Solo mode), and its outcome names the
    seat the winner whatever the score. The banner says the score and the rung, as the text
    does."""
    from dataclasses import replace

    from engine.contract import scored_outcome
    from engine.verso.game import solo_reason
    from engine.verso.ladder import ladder_line, ladder_rung

    view = replace(
        last_view("verso", 1, 1),
        outcome=scored_outcome([score], solo_reason(score)),
        scores=(score,),
        ladder=ladder_rung(score),
        ladder_line=ladder_line(score),
    )
    shown = picture_of("verso")
    assert shown is not None
    texts = drawn_texts(monkeypatch)
    for language in LANGUAGES:
        _ = translator(language)
        texts.clear()
        picture = shown.table(view, PictureContext(language, NAMES[:1]))
        drawn = [text for text, _size in texts]
        assert _("Solo game won") not in drawn and _("Game over").upper() in drawn
        assert _("Score: {score} VP", score=score) in drawn
        if language == "en":
            assert line in drawn
        assert not picture.canvas.cut, (language, picture.canvas.cut)
