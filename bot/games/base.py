"""What a game's presentation gives the generic bot: text sections, option wording, event lines.

Each ``bot/games/<name>/`` package holds one :class:`Presentation` (its ``PRESENTATION``) for the
engine game of the same name. The generic layers build every message from it: the table
(``bot.texts.rendering.table_screen``), a seat's private screen
(``bot.texts.rendering.seat_screen``), components from decisions (``bot.texts.decisions``), the
lobby's options (``bot.messages.lobby``), the admin's inspect (``bot.handlers.admin``). A
presentation only words what an engine view shows; it decides nothing and never sees a state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import Translator
from bot.texts.specs import ButtonStyle
from engine import Decision, Event, View


@dataclass(frozen=True)
class RenderContext:
    """What every rendering function gets besides the view.

    Attributes:
        _: the translator of the audience (a user's locale, or the guild's for public text).
        names: how each seat is shown in text (mentions, "(automatic)" marked), by seat.
        labels: how each seat is shown on buttons and in menus, where Discord renders no
            mention (display names), by seat.
        game_id: the game number.
        closed: the game ended outside the rules (aborted, forfeited, abandoned).
        options: the table options chosen in the lobby (public), for wording that depends on
            them: event lines have no view to read them from.
        beside_table: the public table is shown together with the viewer's screen (the
            terminal draws both at once), so the screen need not repeat what the table shows.
    """

    _: Translator
    names: tuple[str, ...]
    labels: tuple[str, ...]
    game_id: int = 0
    closed: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    beside_table: bool = False


@dataclass(frozen=True)
class OptionText:
    """How one option of a decision is shown: ``label`` (a button: at most 80 characters, a
    menu option: 100), an optional ``description`` under a menu option, the button ``style``
    and an optional ``emoji``."""

    label: str
    description: str = ""
    style: ButtonStyle = "secondary"
    emoji: str | None = None


@dataclass(frozen=True)
class Confirmation:
    """An "are you sure?" asked before a move that throws away something the player has
    (``question``: one or two sentences), with the labels of its two buttons: ``confirm``
    makes the move, ``back`` returns to the screen unchanged (each at most 80 characters);
    ``instead``: up to 5 of the player's other answers offered beside them (the move the
    question recommends, e.g. the captures), as action keys of its current decisions."""

    question: str
    confirm: str
    back: str
    instead: tuple[str, ...] = ()


@dataclass(frozen=True)
class LobbyOption:
    """A table option the host sets in the lobby.

    Attributes:
        field: the field of the game's options model.
        label: its name (msgid).
        help: what it does (msgid), shown in the lobby.
        choices: ``(value, label msgid)`` pairs for a choice among values or a number; empty
            for an on/off field (a bool), which is a toggle button.
    """

    field: str
    label: str
    help: str = ""
    choices: tuple[tuple[Any, str], ...] = ()

    @property
    def is_toggle(self) -> bool:
        """On/off (a button), rather than a choice among values (a menu)."""
        return not self.choices


class Presentation(ABC):
    """How one engine game is shown in Discord. Subclass it in ``bot/games/<name>/``.

    Attributes:
        game: the engine game name.
        accent: the accent colour of its messages (``0xRRGGBB``).
        private_label: the label (msgid) of the table's button that opens a player's private
            screen ("Show my hand" where there is a hand).
        goal: one sentence (msgid) on how the game is won, for the lobby.
        lobby_options: the options the host can set.
        kind_order: decision kinds in the order their components appear (others follow).
        menu_kinds: decision kinds always shown as a select menu, even with few options (a
            hand to choose from reads better as one menu).
        recent_limit: how many "last events" lines the table shows at most (newest last).
    """

    game: str
    accent: int = 0x5E8C31
    private_label: str = "Show my screen"
    goal: str = ""
    lobby_options: tuple[LobbyOption, ...] = ()
    kind_order: tuple[str, ...] = ()
    menu_kinds: tuple[str, ...] = ()
    recent_limit: int = 5

    @abstractmethod
    def table_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """The game's part of the public table for a spectator's ``view``: whose turn, the
        shared zones, every seat's public side (Markdown lines or blocks)."""

    @abstractmethod
    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """The private screen of ``view.viewer`` above its prompt: its own hidden cards and
        zones; public information only while it has a decision (a waiting player's screen
        holds nothing that goes stale)."""

    @abstractmethod
    def prompt(self, view: View, ctx: RenderContext) -> str:
        """One sentence: what the viewer is asked to do now (or what it waits for)."""

    @abstractmethod
    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        """The wording of one option of one of the viewer's decisions."""

    @abstractmethod
    def event_line(self, event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
        """One line for an event ``viewer`` may see, or ``None`` when not worth a line."""

    def move_text(self, key: str, ctx: RenderContext) -> str:
        """A move of the viewer's own, from its action ``key`` alone, for the Undo that takes
        it back ("Undo: <move>"): the move is gone from the view by then (default: "your last
        move")."""
        return ctx._("your last move")

    def placeholder(self, decision: Decision, view: View, ctx: RenderContext) -> str:
        """The text of a select menu before a choice is made."""
        return ctx._("Choose…")

    def legend(self, _: Translator, *, terminal: bool = False) -> list[str]:
        """How to read the table (its symbols, who uses its controls): lines shown in the
        lobby and on the Rules page, never on the table itself (default: none). With
        ``terminal``, for ``cardroom play``, where a player types numbered choices: no
        buttons, and no one else at the keyboard."""
        return []

    def confirmation(
        self, decision: Decision, key: str, view: View, ctx: RenderContext
    ) -> Confirmation | None:
        """The question to ask before the viewer's move ``key`` (answering ``decision``),
        or ``None`` to make it at once (default). Only what ``view`` shows may decide: the
        bot asks, the engine alone says what is legal."""
        return None

    def notes(self, view: View, ctx: RenderContext) -> list[str]:
        """Small print under the prompt (why an option is missing, ...)."""
        return []

    def private_summary(self, view: View, ctx: RenderContext) -> str:
        """What only ``view.viewer`` can see, in one line, for a server admin's inspect."""
        return ""

    def table_decisions(self, view: View, decisions: Sequence[Decision]) -> list[Decision]:
        """Which of one seat's (not simultaneous) ``decisions`` sit on the public table itself,
        worded from the spectator's ``view`` (default: none; every decision is on the player's
        private screen). Only decisions whose options reveal nothing hidden may go there."""
        return []

    def group_placeholder(
        self, decision: Decision, group: str, view: View, ctx: RenderContext
    ) -> str:
        """The text of one menu of a decision split by :meth:`option_group` (``group`` is
        that menu's group), before a choice is made (default: :meth:`placeholder`)."""
        return self.placeholder(decision, view, ctx)

    def groups_options(self, decision: Decision) -> bool:
        """Whether a long single-select ``decision`` gets its menus by :meth:`option_group`."""
        return False

    def option_group(self, option: str) -> str:
        """The menu group of ``option`` (e.g. a colour) when :meth:`groups_options`."""
        return ""

    def choice_number(self, decision: Decision, option: str) -> int | None:
        """The number the terminal gives ``option`` of ``decision`` on every screen, where the
        game's own numbering means something (a die's number), from 1 to at most
        :attr:`own_numbers`; ``None`` (default): the choice is numbered in order, after those
        that have one."""
        return None

    own_numbers: int = 0
    """The highest number :meth:`choice_number` gives (a game's five dice: 5). The terminal
    numbers every other choice of the game after it, on every screen, so that none of them
    takes a number that means a die, and each keeps its place from screen to screen."""

    def same_choice(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText | None:
        """Where options of one single-select ``decision`` make the same move by the rules
        (cards that differ only in name), the terminal shows them as one choice, which
        plays the first of them: this returns the wording of that choice, the same for every
        option it stands for. ``None`` (default): ``option`` is a choice of its own."""
        return None

    def choices_heading(self, view: View, ctx: RenderContext) -> list[str]:
        """Markdown lines the terminal repeats right above a deciding player's choices: what
        the decision turns on (the dice and what they beat), which the table above
        may have scrolled away (default: none)."""
        return []

    def option_sort_key(self, decision: Decision, option: str) -> Any:
        """Where ``option`` appears in its menu (default: the options' own order)."""
        return 0

    def mentions(self, events: Iterable[Any], ctx: RenderContext) -> list[tuple[int, str]]:
        """Players to mention in the channel because of public ``events`` of the actions just
        applied (a card of theirs changed on someone else's turn, ...): ``(seat, line)``
        pairs, each line naming the seat as ``ctx.names`` does (default: none).

        ``bot.messages.followups`` adds the lines to the channel's ping after a change and notifies
        those seats' people, as it does the seats that must decide now. ``events`` are engine
        events or stored public events (``kind``, ``seat``, ``data``)."""
        return []

    def order(self, decisions: Sequence[Decision]) -> list[Decision]:
        """The viewer's decisions in the order their components are laid out."""
        rank = {kind: i for i, kind in enumerate(self.kind_order)}
        return sorted(decisions, key=lambda d: (rank.get(d.kind, len(rank)), d.kind))
