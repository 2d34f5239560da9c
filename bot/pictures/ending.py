"""The end-of-game banner: what a table picture shows on top once the game is over, the same
for every game, so that a phone tells at a glance that it is over, who won and the places.

It is worded from the game contract alone (``engine.Outcome``: winners, draw, scores, ranks)
and the picture's context: "Game over" on a coloured band, then who won (one player, several
sharing the win, a draw, a solo game won or lost, a game ended outside the rules), then every
place with its score where the outcome ranks the seats. A solo game that is neither won nor
lost but scored against a ladder of scores is worded by its game (``solo``): the outcome of
such a game names its one seat the winner, which the banner must not say. Each game's
``picture.py`` places it (:func:`ending`, :func:`banner_height`, :func:`banner`) and says
how a score reads; its palette takes :data:`PAIRS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from bot.pictures import fonts
from bot.pictures.base import PictureContext
from bot.pictures.canvas import SCALE, Canvas, px
from bot.pictures.parts import WINNER, panel
from bot.pictures.png import RGB, hex_colour
from bot.pictures.theme import BACKGROUND, DARK, GOLD, MUTED, PANEL, TEXT, WHITE
from engine import Outcome

LOST = hex_colour(0xDA373C)
"""The band of a solo game lost (Discord's red)."""
PAIRS: tuple[tuple[RGB, RGB], ...] = (
    (DARK, GOLD),
    (WHITE, LOST),
    (GOLD, BACKGROUND),
    (LOST, BACKGROUND),
    (PANEL, BACKGROUND),
    (TEXT, PANEL),
    (MUTED, PANEL),
    (GOLD, PANEL),
)
"""Every (ink, paper) pair the banner draws (its colours and the steps of its anti-aliased
edges): add them to a game's palette."""

TITLE_SIZE, RESULT_SIZE, PLACE_SIZE = 20.0, 16.0, 14.0
"""Text sizes in points: "Game over", who won, each place."""
PAD = 6.0
PLACE_ROW = PLACE_SIZE * 1.25
PLACE_COLUMN = 120.0
"""The narrowest column of places, in points (three across a table picture)."""


class Place(NamedTuple):
    """One line of the places: ``rank`` (1 = best), the seat's ``name`` and its ``score`` as
    the game writes it; a solo game's score has no rank, and "Score" for a name."""

    rank: int | None
    name: str
    score: str


@dataclass(frozen=True)
class Ending:
    """What the banner says.

    Attributes:
        title: "Game over".
        result: who won: "♛ Alice wins", "♛ Alice, Zoë share the win", "Solo game lost"...
        places: every seat's place and score, best first (empty where the outcome ranks no
            one: a game won by one player with no scores, a draw, a lost solo game).
        lost: a solo game lost (its band is red, not gold).
    """

    title: str
    result: str
    places: tuple[Place, ...] = ()
    lost: bool = False


def ending(
    outcome: Outcome | None,
    seats: int,
    ctx: PictureContext,
    score: Callable[[int], str] = str,
    solo: tuple[str, str] | None = None,
) -> Ending | None:
    """The banner of a game of ``seats`` seats that ended with ``outcome`` (``None``: it
    has not ended, and the banner is not drawn, unless ``ctx.closed``: it ended outside the
    rules). ``score`` writes a score in the places ("12", "+7": its unit would leave a name
    too little room in three columns; each seat's area says it). ``solo``: for a solo game
    scored against a ladder rather than won or lost, its result line ("Score: 38") and
    the line under it (the rung reached), in place of "Solo game won"."""
    _ = ctx._
    title = _("Game over")
    if ctx.closed:
        return Ending(title, _("Ended early"))
    if outcome is None:
        return None
    if outcome.draw:
        return Ending(title, _("Draw: nobody won"))
    scores, ranks = outcome.scores, outcome.ranks
    if seats == 1:
        if solo is not None:
            return Ending(title, solo[0], (Place(None, solo[1], ""),))
        if not outcome.winners:
            return Ending(title, _("Solo game lost"), lost=True)
        kept = (Place(None, _("Score"), score(scores[0])),) if scores else ()
        return Ending(title, _("Solo game won"), kept)
    names = [ctx.name(seat) for seat in outcome.winners]
    if not names:
        result = _("Nobody won")
    elif len(names) == 1:
        result = WINNER + _("{player} wins", player=names[0])
    else:
        result = WINNER + _("{players} share the win", players=", ".join(names))
    places: tuple[Place, ...] = ()
    if scores is not None and ranks is not None:
        order = sorted(range(seats), key=lambda seat: (ranks[seat], seat))
        places = tuple(Place(ranks[s], ctx.name(s), score(scores[s])) for s in order)
    return Ending(title, result, places)


def _grid(count: int, w: float) -> tuple[int, int]:
    """``(columns, rows)`` of ``count`` places ``w`` points wide: rows as few as columns of
    at least :data:`PLACE_COLUMN` allow, then columns as few as those rows need."""
    most = max(1, int(w // PLACE_COLUMN))
    rows = -(-count // most)
    return -(-count // rows), rows


def band_height() -> float:
    """The height of the coloured band ("Game over", who won), in points."""
    return PAD + TITLE_SIZE * 1.2 + RESULT_SIZE * 1.2 + PAD


def banner_height(found: Ending, w: float) -> float:
    """The height, in points, of the banner of ``found`` drawn ``w`` points wide."""
    height = band_height()
    if found.places:
        height += PAD + _grid(len(found.places), w - 8)[1] * PLACE_ROW + PAD - 2
    return height


def banner(canvas: Canvas, x: float, y: float, w: float, found: Ending) -> float:
    """The banner of ``found`` with its top left at ``(x, y)``, ``w`` points wide, on the
    picture's ground; returns its height (:func:`banner_height`)."""
    h = banner_height(found, w)
    fill, ink = (LOST, WHITE) if found.lost else (GOLD, DARK)
    panel(canvas, x, y, w, h, PANEL, outline=fill, line=2)
    band = band_height()
    canvas.box(x, y, w, band, fill, radius=6)
    if found.places:  # square the band's bottom corners against the places below
        canvas.box(x, y + band - 6, w, 6, fill)
    centre = x + w / 2
    top = y + PAD
    title = found.title.upper()
    canvas.fitted(centre, top, w - 12, title, TITLE_SIZE, ink, bold=True, align="centre")
    top += TITLE_SIZE * 1.2
    canvas.fitted(centre, top, w - 12, found.result, RESULT_SIZE, ink, bold=True, align="centre")
    if found.places:
        _places(canvas, x + 4, y + band + PAD, w - 8, found.places)
    return h


def _places(canvas: Canvas, x: float, y: float, w: float, places: tuple[Place, ...]) -> None:
    """Every place, row by row in ``columns`` columns: the rank (gold), the name, the score
    (a name too long is cut; the rank and the score never are)."""
    columns, _rows = _grid(len(places), w)
    cw = w / columns
    rank_w = fonts.width("8.", px(PLACE_SIZE), bold=True) / SCALE + 4
    for i, (rank, name, score) in enumerate(places):
        cx = x + (i % columns) * cw
        cy = y + (i // columns) * PLACE_ROW
        left = cx + 4
        if rank is not None:
            canvas.text(left, cy, f"{rank}.", PLACE_SIZE, GOLD, bold=True)
            left += rank_w
        taken = canvas.text(cx + cw - 6, cy, score, PLACE_SIZE, TEXT, bold=True, align="right")
        room = cx + cw - 6 - taken - 6 - left
        canvas.fitted(left, cy, room, name, PLACE_SIZE, TEXT, smallest=PLACE_SIZE)


def words(found: Ending) -> str:
    """The banner in words, for the start of a picture's description (its alt text):
    ``"Game over. Alice wins. 1. Alice 16, 2. Zoë 12"``."""
    parts = [found.title, found.result.removeprefix(WINNER)]
    if found.places:
        parts.append(
            ", ".join(
                f"{place.rank}. {place.name} {place.score}"
                if place.rank is not None
                else f"{place.name} {place.score}".rstrip()
                for place in found.places
            )
        )
    return ". ".join(parts)


def described(found: Ending | None, description: str) -> str:
    """A table picture's ``description``, the banner's :func:`words` first once over."""
    return description if found is None else f"{words(found)}. {description}"
