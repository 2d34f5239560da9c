"""Ninjan in Discord: the public table, a player's private screen and the wording of its
decisions — built only from ``engine.view`` and events filtered for their audience."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.base import OptionText, Presentation, RenderContext
from bot.i18n import N_, Translator
from engine import Decision, Event, View
from engine.ninjan.cards import DISPLAY_INDEX, SUIT, SUIT_NAMES, VALUE, beats, points
from engine.ninjan.view import NinjanView

SUIT_MARK = {"R": "🪨", "P": "📄", "S": "✂️"}
"""A small picture per suit, shown before the card (Rock, Paper, Scissors)."""


def card_text(card: str, _: Translator) -> str:
    """``"R7"`` -> ``"🪨 7 Rock"`` (the suit name translated)."""
    return _(
        "{mark} {value} {suit}",
        mark=SUIT_MARK[SUIT[card]],
        value=VALUE[card],
        suit=_(SUIT_NAMES[SUIT[card]]),
    )


def cards_text(cards: Iterable[str], _: Translator) -> str:
    """Cards joined with dots, or "none"."""
    shown = [card_text(c, _) for c in cards]
    return " · ".join(shown) if shown else _("none")


def signed(points_: int) -> str:
    """``7`` -> ``"+7"``, ``-3`` -> ``"-3"``, ``0`` -> ``"0"``."""
    return f"+{points_}" if points_ > 0 else str(points_)


def points_text(points_: int, _: Translator) -> str:
    """``23`` -> ``"23 points"``, ``1`` -> ``"1 point"``, ``-3`` -> ``"-3 points"``."""
    return _.plural("{points} point", "{points} points", abs(points_), points=points_)


def pile_line(number: int, pile: tuple[str, ...], _: Translator) -> str:
    """One pile, summed up: its top card (what decides who takes it), its size and its
    value, named as such (a bare "+12" beside a "9 Rock" read as a typo):
    "Pile 1: 🪨 9 Rock on top · 3 cards · worth +12"."""
    card, value = card_text(pile[0], _), signed(points(pile))
    if len(pile) == 1:
        return _("Pile {pile}: {card} · worth {points}", pile=number, card=card, points=value)
    return _.plural(
        "Pile {pile}: {card} on top · {count} card · worth {points}",
        "Pile {pile}: {card} on top · {count} cards · worth {points}",
        len(pile),
        pile=number,
        card=card,
        points=value,
    )


def piles_lines(view: NinjanView, _: Translator) -> list[str]:
    """Every pile, summed up (see :func:`pile_line`)."""
    return [_("**Piles**")] + [
        pile_line(number, pile, _) for number, pile in enumerate(view.piles, start=1)
    ]


def takes_text(card: str, view: NinjanView, _: Translator) -> str:
    """What ``card`` would do under the piles' current tops (§ A round, step 4): "→ takes
    pile 2 (+7)", "→ takes pile 1 (+9) or 3 (-2), your choice", "→ takes no pile: goes on
    one you choose". Higher cards resolve first and may change the tops before it."""
    taken = [n for n, pile in enumerate(view.piles, start=1) if beats(card, pile[0])]
    if not taken:
        return _("→ takes no pile: goes on one you choose")
    shown = [
        _("{pile} ({points})", pile=n, points=signed(points(view.piles[n - 1]))) for n in taken
    ]
    if len(shown) == 1:
        return _("→ takes pile {pile}", pile=shown[0])
    return _(
        "→ takes pile {numbers} or {last}, your choice",
        numbers=", ".join(shown[:-1]),
        last=shown[-1],
    )


def cycle_line(_: Translator) -> str:
    """The cycle, in one line, with the order in which revealed cards resolve."""
    return _(
        "🪨 Rock beats ✂️ Scissors, ✂️ Scissors beats 📄 Paper, 📄 Paper beats 🪨 Rock. Cards "
        "resolve from the highest value down, so the tops may change before yours."
    )


def status_line(view: NinjanView, ctx: RenderContext) -> str:
    """The round and what the game waits for now (who is still choosing is marked on the
    score lines)."""
    _, names = ctx._, ctx.names
    if view.over:
        return _("The game is over after {rounds} rounds.", rounds=view.rounds)
    if view.phase == "pick":
        doing = _("everyone chooses a card (▶ still choosing, ✓ chosen).")
    else:
        assert view.resolving is not None
        player = names[view.resolving]
        if view.phase == "take":
            doing = _("{player} chooses which pile to take.", player=player)
        else:
            doing = _("{player} chooses a pile to put their card on.", player=player)
    return _(
        "**Round {round} of {rounds}** · {doing}", round=view.round, rounds=view.rounds, doing=doing
    )


def revealed_lines(view: NinjanView, ctx: RenderContext) -> list[str]:
    """The revealed cards of the round (the last one while the next is chosen), in the order
    they resolve, each with what it did: "<@b> 🪨 8 Rock took pile 2: +7"."""
    if not view.revealed:
        return []
    _ = ctx._
    lines = [_("**Round {round}: the cards revealed**", round=view.revealed_round)]
    for index, (seat, card) in enumerate(view.revealed):
        player, shown = ctx.names[seat], card_text(card, _)
        if index < len(view.resolved):
            resolved = view.resolved[index]
            if resolved.taken:
                line = _(
                    "{player} {card} took pile {pile}: {points}",
                    player=player,
                    card=shown,
                    pile=resolved.pile,
                    points=signed(resolved.points),
                )
            else:
                line = _(
                    "{player} {card} went on pile {pile}",
                    player=player,
                    card=shown,
                    pile=resolved.pile,
                )
        elif seat == view.resolving:
            line = _("{player} {card} chooses a pile…", player=player, card=shown)
        else:
            line = _("{player} {card} (waiting)", player=player, card=shown)
        lines.append(f"- {line}")
    return lines


def final_lines(view: NinjanView, ctx: RenderContext) -> list[str]:
    """The final scores with their ranks (equal scores share a rank), best first."""
    _ = ctx._
    outcome = view.outcome
    if outcome is None or outcome.scores is None or outcome.ranks is None:
        return []
    lines = [_("**Final scores**")]
    for seat in sorted(range(len(view.seats)), key=lambda s: (outcome.ranks[s], s)):  # type: ignore[index]
        medal = "🏆 " if outcome.ranks[seat] == 1 else ""
        lines.append(
            _(
                "{medal}{rank}. {player} — {points}",
                medal=medal,
                rank=outcome.ranks[seat],
                player=ctx.names[seat],
                points=points_text(outcome.scores[seat], _),
            )
        )
    return lines


class NinjanPresentation(Presentation):
    """How Ninjan is shown (``shared/rules/ninjan.md``)."""

    game = "ninjan"
    accent = 0xC0392B  # a ninja's red
    private_label = N_("Show my hand")
    goal = N_(
        "Goal: over 9 rounds of Rock, Paper, Scissors, take the piles worth the most points. "
        "Rules: the Rules button on the table, or /game rules."
    )
    kind_order = ("pick", "take", "place")
    menu_kinds = ("pick",)

    def table_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """Status, the piles summed up, every score with the size of its score area (the
        final scores once over), the revealed round."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        lines: list[str] = []
        if not ctx.closed:
            lines.append(status_line(view, ctx))
        if view.over:
            lines += ["", *final_lines(view, ctx)]
        else:
            lines += ["", *piles_lines(view, _), "", _("**Scores**")]
            for seat in view.seats:
                marker, score = self._marker(view, seat.seat, ctx), points_text(seat.score, _)
                lines.append(
                    _.plural(
                        "{marker} {player} — **{points}** · taken: {count} card",
                        "{marker} {player} — **{points}** · taken: {count} cards",
                        len(seat.taken),
                        marker=marker,
                        player=ctx.names[seat.seat],
                        points=score,
                    )
                )
        revealed = revealed_lines(view, ctx)
        if revealed:
            lines += ["", *revealed]
        return lines

    @staticmethod
    def _marker(view: NinjanView, seat: int, ctx: RenderContext) -> str:
        """▶ for a seat the game waits for, ✓ for one that has chosen its card, • else."""
        if ctx.closed or view.over:
            return "•"
        if seat in view.deciding:
            return "▶"
        return "✓" if view.phase == "pick" and view.seats[seat].chosen else "•"

    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """The hand and the viewer's score; the piles and the round's cards while it has a
        decision (unless the table, which shows them and every score, is beside it)."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        me = view.viewer
        assert me is not None and view.hand is not None
        lines = [
            _(
                "**Your hand** ({count}): {cards}",
                count=len(view.hand),
                cards=cards_text(view.hand, _),
            )
        ]
        if ctx.beside_table:
            return lines
        lines.append(_("Your score: {points}", points=view.seats[me].score))
        if view.decisions:
            lines += ["", *piles_lines(view, _)]
            if view.phase != "pick":
                lines += ["", *revealed_lines(view, ctx)]
        return lines

    def prompt(self, view: View, ctx: RenderContext) -> str:
        """What the viewer is asked to do now."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        if view.over:
            return status_line(view, ctx)
        if view.phase == "pick" and view.decisions:
            if view.my_pick:
                return _(
                    "Round {round}: you play {card}. You can change it until everyone has chosen.",
                    round=view.round,
                    card=card_text(view.my_pick, _),
                )
            return _(
                "Round {round}: choose the card you play. You can change it until everyone has "
                "chosen.",
                round=view.round,
            )
        mine = next((card for seat, card in view.revealed if seat == view.viewer), None)
        if view.phase == "take" and view.decisions and mine:
            return _("Your {card} takes a pile: choose which.", card=card_text(mine, _))
        if view.phase == "place" and view.decisions and mine:
            return _(
                "Your {card} takes no pile: choose the pile to put it on.", card=card_text(mine, _)
            )
        return _("Waiting for the others: the table shows the game.")

    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        """The hand's cards; "Take pile 2 (+7)"; "Put it on pile 1"."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        verb, _sep, arg = option.partition(":")
        if verb == "take":
            pile = view.piles[int(arg) - 1]
            return OptionText(
                _("Take pile {pile} ({points})", pile=arg, points=signed(points(pile))),
                style="success",
            )
        if verb == "place":
            pile = view.piles[int(arg) - 1]
            return OptionText(
                _("Put it on pile {pile} ({points})", pile=arg, points=signed(points(pile)))
            )
        takes = takes_text(option, view, _)
        if decision.committed == (option,):
            takes = _("your current choice · {takes}", takes=takes)
        return OptionText(card_text(option, _), description=takes)

    def move_text(self, key: str, ctx: RenderContext) -> str:
        """A pick, the only move Ninjan lets a player take back: "Choose 🪨 7 Rock"."""
        if key in DISPLAY_INDEX:
            return ctx._("Choose {card}", card=card_text(key, ctx._))
        return super().move_text(key, ctx)

    def notes(self, view: View, ctx: RenderContext) -> list[str]:
        """While the viewer chooses its card: the cycle (what each card in the menu takes
        is in its description)."""
        assert isinstance(view, NinjanView)
        if view.phase == "pick" and view.decisions:
            return [cycle_line(ctx._)]
        return []

    def option_sort_key(self, decision: Decision, option: str) -> int:
        """The hand's menu in the order the hand is shown (by suit, then value)."""
        return DISPLAY_INDEX.get(option, 0)

    def placeholder(self, decision: Decision, view: View, ctx: RenderContext) -> str:
        """The hand's menu."""
        return ctx._("Choose the card you play")

    def event_line(self, event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
        """The table shows every round's cards and their resolution from the view, so events
        need no lines of their own."""
        return None

    def private_summary(self, view: View, ctx: RenderContext) -> str:
        """The hand and the current choice."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        text = cards_text(view.hand or (), _)
        if view.my_pick:
            text += " " + _("(chosen: {card})", card=card_text(view.my_pick, _))
        return text
