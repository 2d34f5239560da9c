"""A tournament's standings as a picture (issue 52): a table that reads on a phone, drawn from
the standings alone — places, points, tie-breaks, tables played and byes, who is still in —
never from a game, so it cannot show what a player may not see.

One row per player, best first, at most :data:`MAX_ROWS` (then "+K more"): the place ("3="
where rows share it), the name (cut with an ellipsis when long), the points, one column per
tie-break in the order that breaks ties, then tables played and byes (byes only where someone
had one). A column's header is its label where the label fits; else a numbered key (①, ②…)
named in the legend under the table, as chess's results sites do. Players who dropped out or
were removed are greyed with a mark the legend names. On the final standings the top three
places carry gold, silver and bronze.

The standings come in as ``bot.service.tournaments.Standings`` (any object of that shape:
:class:`StandingsTable`; ``bot.pictures`` does not import the service layer); the caller
resolves the names (display names, automatic players' names) and translates the tie-breaks'
labels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from babel.numbers import format_decimal

from bot.i18n import Translator, translator
from bot.pictures import fonts
from bot.pictures.base import Drawn, Picture, finish
from bot.pictures.canvas import SCALE, WIDTH, Canvas, px
from bot.pictures.parts import WINNER, badge, badge_size
from bot.pictures.png import RGB, Palette, hex_colour
from bot.pictures.theme import BACKGROUND, DARK, FAINT, GOLD, MUTED, PANEL, TEXT

MAX_ROWS = 32
"""The most rows drawn: 32 keep the picture within a phone's screen (height at most twice
the width); the rest are counted in a "+K more" line."""

SILVER = hex_colour(0xC4C9D0)
BRONZE = hex_colour(0xCD8A4E)
MEDALS = (GOLD, SILVER, BRONZE)
"""The badges of places 1, 2 and 3 on the final standings."""

DROPPED, REMOVED = "⊘", "✕"
"""The marks before the name of a player who dropped out, or whom an organiser removed."""
KEYS = "①②③④⑤⑥⑦⑧⑨⑩"
"""The keys of the columns whose label does not fit over them."""

PALETTE = Palette(
    colours=[BACKGROUND, PANEL, DARK, *MEDALS],
    inks=[TEXT, MUTED, FAINT, GOLD],
    papers=[BACKGROUND, PANEL],
    pairs=[(DARK, medal) for medal in MEDALS],
)

MARGIN = 8.0
TITLE_SIZE, SUBTITLE_SIZE, HEAD_SIZE, ROW_SIZE, CELL_SIZE = 18.0, 14.0, 12.0, 13.0, 12.0
"""Text sizes in points: the title, the round (or "Final standings"), headers, a row's place,
name and points, and its other cells (secondary: the name keeps the room)."""
ROW = 19.0
"""A row's height in points."""
GAP, CELL_GAP = 8.0, 6.0
"""Points between two columns: around the name, and between the columns after the points."""
NAME_MIN = 96.0
"""The narrowest the name column gets (about 13 letters) before labels give way to keys."""


class StandingRow(Protocol):
    """One row, as ``bot.service.tournaments.Standing`` has it."""

    @property
    def place(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def points(self) -> float: ...
    @property
    def tie_breaks(self) -> Mapping[str, float]: ...
    @property
    def played(self) -> int: ...
    @property
    def byes(self) -> int: ...
    @property
    def status(self) -> str: ...


class StandingsTable(Protocol):
    """The standings, as ``bot.service.tournaments.Standings`` has them: ``rows`` best
    first, after ``rounds`` rounds, ``final`` once the tournament is over."""

    @property
    def rounds(self) -> int: ...
    @property
    def final(self) -> bool: ...
    @property
    def tie_breaks(self) -> Sequence[str]: ...
    @property
    def rows(self) -> Sequence[StandingRow]: ...


@dataclass(frozen=True)
class _Column:
    """A numeric column after the points: its ``label``, its ``cells`` (one per row
    drawn), its ``width`` in points and whether its header is a ``key`` (``""``: the label)."""

    label: str
    cells: tuple[str, ...]
    width: float
    key: str = ""


def standings_picture(
    standings: StandingsTable,
    names: Mapping[str, str],
    tie_break_labels: Mapping[str, str],
    *,
    title: str,
    total_rounds: int,
    language: str,
) -> Picture:
    """The picture of ``standings`` (see the module docstring), ready to upload.

    Args:
        standings: the standings (``bot.service.tournaments.standings`` or
            ``final_standings``): the round and whether they are final are read from it.
        names: each player id's name as shown (a missing or undrawable one reads "Player N").
        tie_break_labels: each tie-break's label by its name, translated (a missing one
            shows the name).
        title: the picture's title (the game and the tournament's name).
        total_rounds: the rounds the tournament has ("Round 2 of 5").
        language: the language of the picture's own words and of its numbers.

    Returns:
        The PNG (``Picture.data``: a palette PNG ``WIDTH`` points wide, about 60 KB at
        :data:`MAX_ROWS` rows), named ``standings-<digest>.png`` by its bytes (the same
        standings, the same name), and its alt text (the title, the round, the places).
    """
    _ = translator(language)
    rows = tuple(standings.rows[:MAX_ROWS])
    hidden = len(standings.rows) - len(rows)
    shown_names = [
        fonts.drawable(names.get(row.player, "")) or _("Player {number}", number=index + 1)
        for index, row in enumerate(rows)
    ]
    places = _places(standings.rows)[: len(rows)]
    points = [_number(row.points, language) for row in rows]
    if standings.final:
        subtitle = WINNER + _("Final standings")
    elif standings.rounds:
        subtitle = _("Round {round} of {rounds}", round=standings.rounds, rounds=total_rounds)
    else:
        subtitle = ""

    place_w = max(
        [fonts.width("00=", px(ROW_SIZE), bold=True) / SCALE]
        + [badge_size(place, ROW_SIZE)[0] for place in places]
    )
    points_w = _widest([_("Points"), *points], bold=True)
    fixed = 2 * MARGIN + place_w + GAP + GAP + points_w
    columns = _columns(standings, rows, tie_break_labels, _, language, room=WIDTH - fixed)
    name_w = WIDTH - fixed - sum(CELL_GAP + c.width for c in columns)

    legend = [f"{c.key} {c.label}" for c in columns if c.key]
    statuses = {row.status for row in rows}
    marks = {"dropped": (DROPPED, _("dropped out")), "removed": (REMOVED, _("removed"))}
    legend += [" ".join(marks[status]) for status in marks if status in statuses]
    legend_lines = _flow(legend, WIDTH - 2 * MARGIN)

    height = MARGIN + TITLE_SIZE * 1.3 + (SUBTITLE_SIZE * 1.35 if subtitle else 0) + 4
    height += ROW + len(rows) * ROW + (ROW if hidden else 0)
    height += (4 + len(legend_lines) * HEAD_SIZE * 1.3 if legend_lines else 0) + MARGIN
    canvas = Canvas(height, BACKGROUND)

    y = MARGIN
    canvas.fitted(MARGIN, y, WIDTH - 2 * MARGIN, title, TITLE_SIZE, TEXT, bold=True, smallest=14)
    y += TITLE_SIZE * 1.3
    if subtitle:
        ink = GOLD if standings.final else MUTED
        canvas.fitted(MARGIN, y, WIDTH - 2 * MARGIN, subtitle, SUBTITLE_SIZE, ink, bold=True)
        y += SUBTITLE_SIZE * 1.35
    y += 4

    grid = _Grid(place_w, name_w, points_w, tuple(columns))
    grid.header(canvas, y, _("Player"), _("Points"))
    y += ROW
    for index, row in enumerate(rows):
        mark = marks.get(row.status)
        name = f"{mark[0]} {shown_names[index]}" if mark else shown_names[index]
        medal = MEDALS[row.place - 1] if standings.final and row.place <= len(MEDALS) else None
        cells = (places[index], name, points[index], *(c.cells[index] for c in columns))
        grid.row(canvas, y, cells, index % 2 == 1, mark is not None, medal)
        y += ROW

    more = _.plural("+{count} more", "+{count} more", hidden) if hidden else ""
    if more:
        more_y = y + (ROW - ROW_SIZE * 1.2) / 2
        canvas.text(WIDTH / 2, more_y, more, ROW_SIZE, MUTED, align="centre")
        y += ROW
    if legend_lines:
        y += 4
        for line in legend_lines:
            canvas.fitted(MARGIN, y, WIDTH - 2 * MARGIN, line, HEAD_SIZE, MUTED)
            y += HEAD_SIZE * 1.3

    words = "; ".join(
        f"{place} {name} ({score})"
        for place, name, score in zip(places, shown_names, points, strict=True)
    )
    parts = (title, subtitle.removeprefix(WINNER), words, more)
    return finish(Drawn(canvas, ". ".join(part for part in parts if part)), "standings", PALETTE)


@dataclass(frozen=True)
class _Grid:
    """Where the columns are, in points: the place, the name, the points (right-aligned),
    then the :class:`_Column` s (right-aligned, :data:`CELL_GAP` apart), from :data:`MARGIN`."""

    place_w: float
    name_w: float
    points_w: float
    columns: tuple[_Column, ...]

    @property
    def name_x(self) -> float:
        return MARGIN + self.place_w + GAP

    def rights(self) -> list[float]:
        """The right edge of the points and of each column after them."""
        edges = [self.name_x + self.name_w + GAP + self.points_w]
        for column in self.columns:
            edges.append(edges[-1] + CELL_GAP + column.width)
        return edges

    def header(self, canvas: Canvas, y: float, player: str, points: str) -> None:
        """The headers' row at ``y`` (a column's key, or its label), a rule under it."""
        top = y + (ROW - HEAD_SIZE * 1.2) / 2
        canvas.text(MARGIN + self.place_w, top, "#", HEAD_SIZE, MUTED, align="right")
        canvas.fitted(self.name_x, top, self.name_w, player, HEAD_SIZE, MUTED)
        heads = [(points, self.points_w)] + [(c.key or c.label, c.width) for c in self.columns]
        for right, (text, width) in zip(self.rights(), heads, strict=True):
            canvas.fitted(right, top, width, text, HEAD_SIZE, MUTED, align="right")
        canvas.box(MARGIN, y + ROW - 1, WIDTH - 2 * MARGIN, 1, FAINT)

    def row(
        self,
        canvas: Canvas,
        y: float,
        cells: Sequence[str],
        striped: bool,
        out: bool,
        medal: RGB | None,
    ) -> None:
        """One row at ``y``: ``cells`` are the place, the name, the points and each column's;
        ``striped`` on a panel, greyed when the player is ``out``, the place on a ``medal``
        (the name bold)."""
        paper = PANEL if striped else BACKGROUND
        if striped:
            canvas.box(MARGIN, y, WIDTH - 2 * MARGIN, ROW, paper)
        top = y + (ROW - ROW_SIZE * 1.2) / 2
        place, name, points, *rest = cells
        if medal is not None:
            badge(
                canvas, MARGIN + self.place_w / 2, y + ROW / 2, place, ROW_SIZE, DARK, medal, paper
            )
        else:
            canvas.text(
                MARGIN + self.place_w, top, place, ROW_SIZE, FAINT if out else MUTED, align="right"
            )
        bold = medal is not None
        ink = FAINT if out else TEXT
        canvas.fitted(
            self.name_x, top, self.name_w, name, ROW_SIZE, ink, bold=bold, smallest=ROW_SIZE
        )
        right, *rights = self.rights()
        ink = FAINT if out else GOLD
        canvas.text(right, top, points, ROW_SIZE, ink, bold=True, align="right")
        cell_top = y + (ROW - CELL_SIZE * 1.2) / 2
        for right, text in zip(rights, rest, strict=True):
            canvas.text(right, cell_top, text, CELL_SIZE, FAINT if out else MUTED, align="right")


def _places(rows: Sequence[StandingRow]) -> list[str]:
    """Each row's place as shown: ``"3"``, or ``"3="`` where rows share it."""
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.place] = counts.get(row.place, 0) + 1
    return [f"{row.place}=" if counts[row.place] > 1 else str(row.place) for row in rows]


def _number(value: float, language: str) -> str:
    """A value as the language writes it, to two decimals at most: ``1.5``, ``2,33``."""
    return str(format_decimal(value, format="0.##", locale=language))


def _widest(texts: Sequence[str], *, size: float = ROW_SIZE, bold: bool = False) -> float:
    """The width in points of the widest of ``texts`` at ``size``."""
    return max(fonts.width(text, px(size), bold) for text in texts) / SCALE


def _columns(
    standings: StandingsTable,
    rows: Sequence[StandingRow],
    labels: Mapping[str, str],
    _: Translator,
    language: str,
    *,
    room: float,
) -> list[_Column]:
    """The columns after the points (the tie-breaks, played, byes where anyone had one),
    each as wide as its cells or its key; then, in order, each label that fits once its
    columns widen to them, a group at a time (played and byes, then the tie-breaks: labels
    and keys are not mixed within one), while the name keeps :data:`NAME_MIN` of ``room``;
    the other groups' columns keyed."""
    wanted: list[tuple[str, list[float]]] = [
        (fonts.drawable(labels.get(name, name)) or name, [r.tie_breaks.get(name, 0) for r in rows])
        for name in standings.tie_breaks
    ]
    wanted.append((_("Played"), [row.played for row in rows]))
    if any(row.byes for row in rows):
        wanted.append((_("Byes"), [row.byes for row in rows]))
    columns = []
    for label, values in wanted:
        cells = tuple(_number(value, language) for value in values)
        widest = max(_widest(cells or ("0",), size=CELL_SIZE), _widest(KEYS[:1], size=HEAD_SIZE))
        columns.append(_Column(label, cells, widest))
    spare = room - NAME_MIN - sum(CELL_GAP + column.width for column in columns)
    counts = len(standings.tie_breaks)
    labelled = [False] * len(columns)
    for group in (range(counts, len(columns)), range(counts)):  # played and byes first
        widths = {i: _widest([columns[i].label], size=HEAD_SIZE) for i in group}
        extra = sum(max(0.0, widths[i] - columns[i].width) for i in group)
        if extra <= spare:
            spare -= extra
            for i in group:
                labelled[i] = True
                columns[i] = replace(columns[i], width=max(columns[i].width, widths[i]))
    keys = iter(KEYS)
    return [
        c if shown else replace(c, key=next(keys))
        for c, shown in zip(columns, labelled, strict=True)
    ]


def _flow(items: Sequence[str], room: float) -> list[str]:
    """``items`` laid into lines of at most ``room`` points at the legend's size, an item
    never split across lines (a line holding one too long for it is cut when drawn)."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]}   {item}" if lines else item
        if lines and fonts.width(joined, px(HEAD_SIZE)) / SCALE <= room:
            lines[-1] = joined
        else:
            lines.append(item)
    return lines
