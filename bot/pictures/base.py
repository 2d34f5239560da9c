"""What a game's picture module gives the generic machinery, and what comes out of it.

Each ``bot/games/<name>/picture.py`` holds one :class:`GamePicture` (its ``PICTURE``): how that
game's public table, and a seat's private screen where a picture helps, are drawn from an
engine view — never a state, so a picture holds exactly what its audience may see.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from bot.i18n import Translator, translator
from bot.pictures.canvas import Canvas
from bot.pictures.fonts import drawable
from bot.pictures.png import Palette, encode
from engine import View

Kind = Literal["table", "seat"]
"""Which picture: the public table's, or a seat's private screen's."""

DESCRIPTION_LIMIT = 1024
"""Discord's limit on a media gallery item's description (its alt text)."""


@dataclass(frozen=True)
class PictureContext:
    """What a picture needs besides the view.

    Attributes:
        language: the language code of its texts (``"en"``, ``"uk"`` ...).
        labels: each seat's name as plain text (display names; mentions mean nothing in a
            picture), by seat.
        closed: the game ended outside the rules (aborted, forfeited, abandoned).
    """

    language: str
    labels: tuple[str, ...]
    closed: bool = False

    @property
    def _(self) -> Translator:
        """The translator of :attr:`language`."""
        return translator(self.language)

    def name(self, seat: int) -> str:
        """Seat ``seat``'s name as the fonts can draw it ("Player 2" when nothing of it can)."""
        shown = drawable(self.labels[seat]) if seat < len(self.labels) else ""
        return shown or self._("Player {number}", number=seat + 1)


class Drawn(NamedTuple):
    """A drawn picture: the ``canvas`` and its ``description`` (alt text: what it shows, in
    words, for a screen reader)."""

    canvas: Canvas
    description: str


@dataclass(frozen=True)
class Picture:
    """A picture ready to upload.

    Attributes:
        name: its file name, ``<kind>-<digest>.png``: two pictures with the same bytes have
            the same name, so a message shows a new picture exactly when its name changes.
        data: the PNG bytes.
        description: the alt text (at most :data:`DESCRIPTION_LIMIT` characters).
    """

    name: str
    data: bytes
    description: str

    @property
    def url(self) -> str:
        """How a component of the message that carries it refers to it."""
        return f"attachment://{self.name}"


class GamePicture(ABC):
    """How one game is drawn. Subclass it in ``bot/games/<name>/picture.py``.

    Attributes:
        game: the engine game name.
        palette: every colour its pictures use (``bot.pictures.png.Palette``).
    """

    game: str
    palette: Palette

    @abstractmethod
    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """The public table of a spectator's ``view``."""

    def seat_subject(self, view: View) -> Hashable | None:
        """What the private screen's picture of ``view.viewer`` is drawn from, all of it
        (``None``: the screen has no picture). :meth:`seat` draws from this alone, so two
        views with the same subject (a hand that another player's move left as it was)
        share one picture, drawn once. The default: the whole view."""
        return view

    def seat(self, subject: Hashable, ctx: PictureContext) -> Drawn | None:
        """The private screen's picture of ``subject`` (what :meth:`seat_subject` gave, never
        ``None``); ``None``: the screen has none, the default: its text says all that helps."""
        return None


def finish(drawn: Drawn, kind: str, palette: Palette) -> Picture:
    """``drawn`` encoded (a palette PNG), named by its bytes (``<kind>-<digest>.png``: a
    game's :data:`Kind`, or another picture's name such as ``standings``), its description
    clipped."""
    data = encode(drawn.canvas.image, palette)
    digest = hashlib.blake2b(data, digest_size=8).hexdigest()
    description = drawn.description
    if len(description) > DESCRIPTION_LIMIT:
        description = description[: DESCRIPTION_LIMIT - 1] + "…"
    return Picture(f"{kind}-{digest}.png", data, description)


@functools.cache
def picture_of(game: str) -> GamePicture | None:
    """The :class:`GamePicture` of engine game ``game`` (``None``: it has no pictures)."""
    try:
        module = importlib.import_module(f"bot.games.{game}.picture")
    except ModuleNotFoundError as exc:
        if exc.name != f"bot.games.{game}.picture":
            raise
        return None
    found: GamePicture | None = getattr(module, "PICTURE", None)
    return found


def subject(game: str, kind: Kind, view: View) -> Hashable | None:
    """What the ``kind`` picture of ``view`` is drawn from (``None``: the game has no such
    picture for it): the whole view for a table, the game's
    :meth:`GamePicture.seat_subject` for a seat. A picture is a function of its subject and
    context alone (the painter's cache key)."""
    shown = picture_of(game)
    if shown is None:
        return None
    return view if kind == "table" else shown.seat_subject(view)


def render(game: str, kind: Kind, subject: Hashable, ctx: PictureContext) -> Picture | None:
    """The ``kind`` picture of ``subject`` (what :func:`subject` gave; ``None`` when there is
    none). Runs in the painter's worker (``bot.pictures.painter``), never on the event loop."""
    shown = picture_of(game)
    if shown is None:
        return None
    drawn: Drawn | None
    if kind == "table":
        assert isinstance(subject, View)
        drawn = shown.table(subject, ctx)
    else:
        drawn = shown.seat(subject, ctx)
    return None if drawn is None else finish(drawn, kind, shown.palette)


def draw(game: str, kind: Kind, view: View, ctx: PictureContext) -> Picture | None:
    """The ``kind`` picture of ``view`` (``None`` when the game has none of that kind):
    :func:`render` of its :func:`subject`."""
    found = subject(game, kind, view)
    return None if found is None else render(game, kind, found, ctx)
