"""Verso in Discord: the table, a player's screen and the wording of every decision — built
only from ``engine.view`` (``engine.verso.view``) and public events."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.base import OptionText, Presentation, RenderContext
from bot.games.verso.events import event_line, flip_mentions
from bot.games.verso.table import (
    end_lines,
    identical_in,
    legend,
    pile_lines,
    seat_header,
    status_lines,
    tableau_lines,
    turn_hint_lines,
)
from bot.games.verso.texts import (
    SQUARES,
    card_text,
    colour_name,
    flip_target,
    series_cards,
    series_numbers,
    series_text,
    side_text,
)
from bot.i18n import N_, Translator
from engine import Decision, Event, View
from engine.verso.cards import COLOURS, LETTERS
from engine.verso.rules import FINAL_NONE, neighbours
from engine.verso.view import CardView, VersoView

TABLE_KINDS = ("draw", "bank")
"""The decisions of a turn, which sit on the table (see the class docstring)."""
MENU_SIZE = 25
"""Options of one select menu: longer lists get one menu (or more) per colour."""


class VersoPresentation(Presentation):
    """How Verso is shown (``shared/rules/verso.md``).

    Controls on the table: in Verso everything a turn depends on is public — every tableau's
    up sides, the shown side of the Draw Pile's top card, every side ever seen — and only the
    active player decides, with one click (keep or flip the top card, or bank a series). So
    the active player's ``draw`` and ``bank`` decisions sit on the public table itself
    (:meth:`table_decisions`): a turn is played where everyone watches, without opening a
    private message every turn, and no option names anything hidden (a flip's label names
    only the shown side; what is known of the back — the rule constraints — is on the table
    for everyone). Only the active seat's clicks count (the generic layer answers anyone
    else privately and changes nothing); the private screen offers the same controls.

    The final series is chosen by everyone at once, hidden and changeable until all have
    chosen: a simultaneous decision, so it stays on each player's private screen (the
    generic layer never puts one on the table).

    A never-seen down side is never written, not even to its owner: the view does not hold
    it (``CardView.down`` is ``None``); the table states only what the rules say of it.
    """

    game = "verso"
    accent = 0x2E86C1  # the blue of the Draw Pile's backs
    private_label = N_("Show my screen")
    goal = N_(
        "Goal: bank series of double-sided cards and form squares for the most victory "
        "points; every card you draw you keep as it lies or flip. Solo or 2-8 players. Rules: "
        "the Rules button on the table, or /game rules."
    )
    kind_order = ("draw", "bank", "final")
    menu_kinds = ("bank", "final")
    recent_limit = 3

    # --------------------------------------------------------------- screens

    def table_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """Status, the end, every tableau, the Draw Pile and who may use the controls."""
        assert isinstance(view, VersoView)
        lines = status_lines(view, ctx)
        lines += end_lines(view, ctx)
        for seat in view.seats:
            lines += ["", seat_header(view, seat, ctx), *tableau_lines(seat)]
        lines += ["", *pile_lines(view, ctx), *turn_hint_lines(view, ctx)]
        return lines

    def legend(self, _: Translator, *, terminal: bool = False) -> list[str]:
        """How to read a card, who uses the table's controls (in the terminal: how the
        choices are typed)."""
        return legend(_, terminal=terminal)

    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """While the viewer decides: its own tableau, and on a turn the Draw Pile; nothing
        while it waits (the table shows the game, and a waiting screen never goes stale), nor
        beside the table (everything in Verso is on it)."""
        assert isinstance(view, VersoView)
        if not view.decisions or view.viewer is None or ctx.beside_table:
            return []
        me = view.seats[view.viewer]
        lines = status_lines(view, ctx)
        lines += ["", seat_header(view, me, ctx, own=True), *tableau_lines(me)]
        if view.phase == "turn":
            lines += ["", *pile_lines(view, ctx)]
        return lines

    def prompt(self, view: View, ctx: RenderContext) -> str:
        """What the viewer is asked to do now."""
        assert isinstance(view, VersoView)
        _ = ctx._
        if view.over:
            return _("The game is over: the table shows the scores.")
        kinds = {d.kind for d in view.decisions}
        if "final" in kinds:
            if view.solo:
                return _("Choose your final series, or none: then the game ends.")
            if view.my_final is None:
                return _(
                    "Choose your final series, or none: it scores without making anyone flip. "
                    "You can change it until everyone has chosen."
                )
            return _(
                "Your final series: {choice}. You can change it until everyone has chosen.",
                choice=self._final_text(view.my_final, view, ctx),
            )
        if view.phase == "final":
            return _("You hold no series to bank: waiting for the others' final series.")
        if "draw" in kinds and view.top is not None:
            (draw,) = [d for d in view.decisions if d.kind == "draw"]
            if "draw:keep" not in draw.options:
                if "bank" in kinds:
                    return _(
                        "Your turn: draw {card} and flip it, or bank a series.",
                        card=side_text(view.top),
                    )
                return _("Your turn: draw {card} and flip it.", card=side_text(view.top))
            if "bank" in kinds:
                return _(
                    "Your turn: draw {card} (keep it or flip it) or bank a series.",
                    card=side_text(view.top),
                )
            return _("Your turn: draw {card} — keep it or flip it.", card=side_text(view.top))
        return _("Waiting for {player}: the table shows the game.", player=ctx.names[view.active])

    def notes(self, view: View, ctx: RenderContext) -> list[str]:
        """A forced flip, and what a flip into an identical card does."""
        assert isinstance(view, VersoView)
        _ = ctx._
        draws = [d for d in view.decisions if d.kind == "draw"]
        if not draws or view.viewer is None or view.top is None:
            return []
        found = []
        if identical_in(view.seats[view.viewer], view):
            found.append(
                _("You must flip it: your tableau already has {card}.", card=side_text(view.top))
            )
        found.append(_("A flipped card identical to one of yours is discarded."))
        found.append(_("★ = a side worth 3 VP; no star: 1 VP."))
        return found

    def private_summary(self, view: View, ctx: RenderContext) -> str:
        """The viewer's final-series choice while it is hidden."""
        assert isinstance(view, VersoView)
        if view.my_final is None:
            return ""
        return ctx._("final series: {choice}", choice=self._final_text(view.my_final, view, ctx))

    # --------------------------------------------------------------- decisions

    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        """Keep or flip the shown side; a series with its VP, its discards and the
        neighbours' flips; a final series."""
        assert isinstance(view, VersoView)
        _ = ctx._
        if option == "draw:keep":  # each says which side it leaves up (§ A turn): "Flip
            assert view.top is not None  # 🟦4★" and "Keep 🟦4★" read as one card twice
            return OptionText(_("Keep {card} face up", card=side_text(view.top)), style="success")
        if option == "draw:flip":
            return OptionText(_("Flip it: its unseen back goes face up"), style="primary")
        seat = view.seats[decision.seat]
        if option == FINAL_NONE:
            return OptionText(
                _("No final series"),
                description=_("your current choice") if decision.committed == (option,) else "",
            )
        verb, _sep, code = option.partition(":")
        cards = series_cards(code, seat)
        label = _("{series} · {vp} VP", series=series_text(code), vp=sum(c.up.vp for c in cards))
        if verb == "final":
            chosen = decision.committed == (option,)
            return OptionText(label, description=_("your current choice") if chosen else "")
        return OptionText(label, description=self._bank_effects(code, decision.seat, view, ctx))

    def move_text(self, key: str, ctx: RenderContext) -> str:
        """A final series, the only move Verso lets a player take back (``docs/undo.md``):
        "Final series 🟦 1-2", "No final series"."""
        verb, _sep, code = key.partition(":")
        if key == FINAL_NONE:
            return ctx._("No final series")
        if verb == "final" and code:
            return ctx._("Final series {series}", series=series_text(code))
        return super().move_text(key, ctx)

    def _bank_effects(self, code: str, seat: int, view: VersoView, ctx: RenderContext) -> str:
        """What banking ``code`` does besides scoring: the two cards discarded, the card each
        neighbour flips, the cards kept (in that order: a menu's description is cut at 100
        characters)."""
        _ = ctx._
        cards = series_cards(code, view.seats[seat])
        colour, numbers = series_numbers(code)
        written = [self._in_series(c, n, j) for c, (n, j) in zip(cards, numbers, strict=True)]
        parts = [_("discards {cards}", cards=" ".join(written[-2:]))]
        for other in neighbours(len(view.seats), seat):
            target = flip_target(view.seats[other], colour)
            name = ctx.labels[other]
            if target is None:
                parts.append(_("{player}: no {colour}", player=name, colour=SQUARES[colour]))
            else:
                parts.append(_("{player} flips {card}", player=name, card=card_text(target)))
        if len(cards) > 2:
            parts.append(_("keeps {cards}", cards=" ".join(written[:-2])))
        return " · ".join(parts)

    @staticmethod
    def _in_series(card: CardView, number: int, joker: bool) -> str:
        """A card of a series; a joker with the number it stands for (``🟩J★=4``)."""
        text = side_text(card.up)
        return f"{text}={number}" if joker else text

    def _final_text(self, key: str, view: VersoView, ctx: RenderContext) -> str:
        """A committed final-series answer in words."""
        _ = ctx._
        if key == FINAL_NONE or view.viewer is None:
            return _("none")
        code = key.partition(":")[2]
        cards = series_cards(code, view.seats[view.viewer])
        return _("{series} · {vp} VP", series=series_text(code), vp=sum(c.up.vp for c in cards))

    def placeholder(self, decision: Decision, view: View, ctx: RenderContext) -> str:
        """The bank and final menus."""
        _ = ctx._
        if decision.kind == "final":
            return _("Choose your final series…")
        return _("Bank a series…")

    def group_placeholder(
        self, decision: Decision, group: str, view: View, ctx: RenderContext
    ) -> str:
        """One menu per colour: it names its colour."""
        _ = ctx._
        if group not in LETTERS:
            return self.placeholder(decision, view, ctx)
        colour = colour_name(COLOURS[LETTERS.index(group)], _)
        if decision.kind == "final":
            return _("Choose a {colour} final series…", colour=colour)
        return _("Bank a {colour} series…", colour=colour)

    def groups_options(self, decision: Decision) -> bool:
        """Series lists too long for one menu get one menu (or more) per colour."""
        return decision.kind in ("bank", "final") and len(decision.options) > MENU_SIZE

    def option_group(self, option: str) -> str:
        """A series' colour letter; "none" on its own."""
        code = option.partition(":")[2]
        return code[0] if code and code[0] in LETTERS else "none"

    def option_sort_key(self, decision: Decision, option: str) -> tuple[int, str]:
        """ "No final series" first, then the series in code order (by colour, then number)."""
        return (0, "") if option == FINAL_NONE else (1, option)

    def table_decisions(self, view: View, decisions: Sequence[Decision]) -> list[Decision]:
        """The active seat's draw and bank (see the class docstring)."""
        return [d for d in decisions if d.kind in TABLE_KINDS]

    # --------------------------------------------------------------- events

    def event_line(self, event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
        """See ``bot.games.verso.events``."""
        return event_line(event, viewer, ctx)

    def mentions(self, events: Iterable[Any], ctx: RenderContext) -> list[tuple[int, str]]:
        """A player whose card a neighbour's series flipped is told in the channel."""
        return flip_mentions(events, ctx)
