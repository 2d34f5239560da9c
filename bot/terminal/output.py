"""What ``cardroom play`` writes, through ``rich``: in a terminal, the table and the private
screen in panels of the game's colour (side by side when the terminal is wide enough) and the
numbered choices; anywhere else (a pipe, a file) the same text, plain and unwrapped, so that
a script can read it."""

from __future__ import annotations

from typing import TextIO

from rich.color import Color
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from bot.i18n import Translator
from bot.terminal.choices import Question, how_many
from bot.terminal.markdown import line_of, text_of

SIDE_BY_SIDE = 120
"""The least terminal width (in columns) at which the table and the screen sit side by side."""
PROMPT = "> "


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

    def screens(self, table: str, seat: str, accent: int) -> None:
        """The public table and the player's own screen (both Discord Markdown)."""
        if not self.styled:
            self.console.print(text_of(table))
            self.console.print()
            self.console.print(text_of(seat))
            return
        colour = Style(color=Color.from_rgb(accent >> 16, (accent >> 8) & 0xFF, accent & 0xFF))
        panels: list[RenderableType] = [
            Panel(text_of(table), border_style=colour),
            Panel(text_of(seat), border_style=colour),
        ]
        if self.console.width >= SIDE_BY_SIDE:
            grid = Table.grid(expand=True, padding=(0, 1))
            grid.add_column(ratio=1)
            grid.add_column(ratio=1)
            grid.add_row(*panels)
            self.console.print(grid)
        else:
            for panel in panels:
                self.console.print(panel)

    def text(self, markdown: str) -> None:
        """A block of text (the rules, a notice)."""
        self.console.print(text_of(markdown))

    def line(self, markdown: str) -> None:
        """One line of its own (a problem with what was typed, a reminder)."""
        self.console.print(line_of(markdown))

    def question(self, question: Question, _: Translator) -> None:
        """The numbered choices, then the line to type them on."""
        number_style = Style(bold=True)
        for menu in question.menus:
            if menu.title:
                self.console.print(Text(menu.title, style=Style(bold=True)))
            if menu.multi:
                self.console.print(Text(how_many(menu, _), style=Style(dim=True)))
            for choice in menu.choices:
                line = Text(f"{choice.number:>3}  ", style=number_style)
                if choice.emoji:
                    line.append(f"{choice.emoji} ")
                line.append(choice.label)
                if choice.description:
                    line.append(f" — {choice.description}", style=Style(dim=True))
                if choice.current:
                    line.append(" ✓", style=Style(bold=True))
                self.console.print(line)
        self.prompt(question.hint(_))

    def prompt(self, hint: str) -> None:
        """``hint`` and the prompt, the cursor after it."""
        self.console.print(Text(hint, style=Style(dim=True)))
        self.console.print(Text(PROMPT, style=Style(bold=True)), end="")
        self.console.file.flush()

    def rule(self) -> None:
        """A line between two moves."""
        if self.styled:
            self.console.rule(style=Style(dim=True))
        else:
            self.console.print()
