"""What ``cardroom play`` writes, through ``rich``: in a terminal, the table and the private
screen in one panel of the game's colour, a line between them (two panels side by side when
the terminal is wide enough), the table's title in the top border, and the numbered choices;
anywhere else (a pipe, a file) the same text, plain and unwrapped, so that a script can read
it.

In a terminal, emoji variation selectors (VS16, U+FE0F) are left out: terminals disagree on
the width of "☀️" (one column in tmux 3.3a, two in others, two for ``rich``), which made the
panels' right borders ragged, while "☀" alone is one column everywhere. Lists of items
("🪨 8 · ✂️ -5", a hand of cards with signs) wrap between items, never inside one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from rich.cells import cell_len
from rich.color import Color
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.style import Style
from rich.table import Table
from rich.text import Text

from bot.i18n import Translator
from bot.terminal.choices import Question
from bot.terminal.hints import how_many
from bot.terminal.markdown import line_of, text_of
from bot.terminal.menus import Choice

SIDE_BY_SIDE = 120
"""The least terminal width (in columns) at which the table and the screen sit side by side."""
PROMPT = "> "
VS16 = "\ufe0f"
SEPARATOR = " · "
"""Between the items of a list on one line (a hand, a row of cards)."""


class Output:
    """The player's view of the game: ``console`` is a terminal or not (``rich`` decides:
    ``NO_COLOR``, ``TERM=dumb`` and pipes are honoured)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.styled = console.is_terminal

    @classmethod
    def to(cls, file: TextIO | None = None) -> Output:
        """An output writing to ``file`` (default: standard output)."""
        console = Console(file=file, highlight=False, markup=False, emoji=False)
        if not console.is_terminal:
            console = Console(file=file, highlight=False, markup=False, emoji=False, soft_wrap=True)
        return cls(console)

    def _wrapped(self, text: Text) -> RenderableType:
        """``text`` as this output writes it: lists broken between items in a terminal
        (:class:`Listed`), unwrapped elsewhere."""
        return Listed(text) if self.styled else text

    def _cells(self, text: str) -> str:
        """``text`` as this output writes it: without VS16 in a terminal (see the module
        docstring)."""
        return text.replace(VS16, "") if self.styled else text

    def screens(self, table: str, seat: str, accent: int) -> None:
        """The public table and the player's own screen (both Discord Markdown). In a
        terminal the table's first line (its title) is drawn in the top border, and one
        above the other they share one panel, a line between them: 40 rows hold a 4-seat
        table of simultaneous picks, the screen and the choices."""
        if not self.styled:
            self.console.print(text_of(table))
            self.console.print()
            self.console.print(text_of(seat))
            return
        title, _sep, rest = table.partition("\n")
        colour = self._colour(accent)
        heading = line_of(self._cells(title))
        if self.console.width >= SIDE_BY_SIDE:
            grid = Table.grid(expand=True, padding=(0, 1))
            grid.add_column(ratio=1)
            grid.add_column(ratio=1)
            top = Panel(self._text(rest), title=heading, title_align="left", border_style=colour)
            grid.add_row(top, self._panel(seat, accent))
            self.console.print(grid)
        else:
            both = Group(self._text(rest), Rule(style=colour), self._text(seat))
            self.console.print(Panel(both, title=heading, title_align="left", border_style=colour))

    def screen(self, seat: str, accent: int) -> None:
        """The player's own screen alone (an "are you sure?" over the table just shown)."""
        if not self.styled:
            self.console.print()
            self.console.print(text_of(seat))
            return
        self.console.print(self._panel(seat, accent))

    def _panel(self, markdown: str, accent: int) -> Panel:
        return Panel(self._text(markdown), border_style=self._colour(accent))

    def _text(self, markdown: str) -> RenderableType:
        return self._wrapped(text_of(self._cells(markdown)))

    @staticmethod
    def _colour(accent: int) -> Style:
        return Style(color=Color.from_rgb(accent >> 16, (accent >> 8) & 0xFF, accent & 0xFF))

    def text(self, markdown: str) -> None:
        """A block of text (the rules, a notice)."""
        self.console.print(self._wrapped(text_of(self._cells(markdown))))

    def line(self, markdown: str) -> None:
        """One line of its own (a problem with what was typed, a reminder)."""
        self.console.print(self._wrapped(line_of(self._cells(markdown))))

    def question(
        self, question: Question, _: Translator, clock: str = "", problem: str = ""
    ) -> None:
        """The game's heading lines, the numbered choices, then ``clock`` (how long is left
        to answer, if anything) and the line to type them on. One line says what to type;
        only when several lists take several numbers does each say how many under its
        title. After a line that was not an answer, ``problem`` says why right above the
        prompt, in place of that line when it says the same. In a terminal a choice too long
        for the width wraps under its words, not under its number."""
        for heading in question.heading:
            self.console.print(self._wrapped(line_of(self._cells(heading))))
        several = sum(menu.multi for menu in question.menus) > 1
        alone = len(question.menus) == 1 and not question.menus[0].multi
        for menu in question.menus:
            if menu.title and not alone:  # one list alone: the prompt above says what it is
                self.console.print(Text(self._cells(menu.title), style=Style(bold=True)))
            if menu.multi and several:
                self.console.print(Text(how_many(menu, _), style=Style(dim=True)))
            self._choices(menu.choices)
        if question.undo is not None:  # typed "u"
            undo = Text(f"{'u':>3}  ", style=Style(bold=True))
            self.console.print(undo.append(self._cells(question.undo.label)))
        if clock:
            self.console.print(Text(self._cells(clock), style=Style(dim=True)))
        hint = question.hint(_)
        if problem:
            self.console.print(Text(self._cells("⚠️ " + problem), style=Style(bold=True)))
        self.prompt(None if problem == hint else hint)

    def _choices(self, choices: Iterable[Choice]) -> None:
        """One line per choice: its number (bold), emoji, label, description (dim) and a
        tick when it is the present answer."""
        rows = []
        for choice in choices:
            line = Text()
            if choice.emoji:
                line.append(self._cells(f"{choice.emoji} "))
            line.append(self._cells(choice.label))
            if choice.description:
                description = self._cells(choice.description)
                joint = " " if description.startswith("→") else " — "
                line.append(f"{joint}{description}", style=Style(dim=True))
            if choice.current:
                line.append(" ✓", style=Style(bold=True))
            rows.append((Text(f"{choice.number:>3}  ", style=Style(bold=True)), line))
        for number, line in rows:
            if not self.styled:  # plain: one line each, unwrapped
                self.console.print(number + line)
                continue
            grid = Table.grid()  # one per choice: a short line gets no trailing spaces
            grid.add_column(no_wrap=True)
            grid.add_column()
            grid.add_row(number, line)
            self.console.print(grid)

    def prompt(self, hint: str | None) -> None:
        """``hint`` (none: the prompt alone, asked again) and the prompt, the cursor after
        it."""
        if hint is not None:
            self.console.print(Text(self._cells(hint), style=Style(dim=True)))
        self.console.print(Text(PROMPT, style=Style(bold=True)), end="")
        self.console.file.flush()

    def rule(self) -> None:
        """Between two moves: a blank line in plain text (in a terminal, the panel's border
        is the line between them)."""
        if not self.styled:
            self.console.print()


class Listed:
    """Styled text whose lines too long for the width break between the items of a list
    (at :data:`SEPARATOR`, which stays at the end of the line) before ``rich`` wraps what is
    still too long between words: a hand never wraps between "✂️" and "-5"."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        out = Text()
        for index, line in enumerate(self.text.split("\n", allow_blank=True)):
            if index:
                out.append("\n")
            for number, part in enumerate(_items(line, width)):
                if number:
                    out.append("\n")
                out.append_text(part)
        yield out


def _items(line: Text, width: int) -> Iterable[Text]:
    """``line`` in pieces of at most ``width`` cells, each ending between two items with
    the separator's dot (a piece holding one item longer than the width is left to wrap)."""
    plain = line.plain
    if cell_len(plain) <= width or SEPARATOR not in plain:
        yield line
        return
    items = []  # (start, end) of each item, its end after the separator's dot
    start = 0
    at = plain.find(SEPARATOR)
    while at != -1:
        items.append((start, at + len(SEPARATOR) - 1))
        start = at + len(SEPARATOR)
        at = plain.find(SEPARATOR, start)
    items.append((start, len(plain)))
    piece, last = items[0][0], items[0][1]
    for begin, end in items[1:]:
        if cell_len(plain[piece:end]) > width:
            yield line[piece:last]
            piece = begin
        last = end
    yield line[piece:last]
