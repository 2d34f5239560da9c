"""Ninjan in Discord: the public table, a player's private screen and the wording of its
decisions — built only from ``engine.view`` and events filtered for their audience."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.base import OptionText, Presentation, RenderContext
from bot.i18n import N_, Translator
from engine import Decision, Event, View
from engine.ninjan.cards import DISPLAY_INDEX, SUIT, SUIT_NAMES, VALUE, points
from engine.ninjan.view import NinjanView, StepView

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


def step_line(step: StepView, ctx: RenderContext) -> str:
    """One resolved card: "bob's 8 Rock takes pile 2: +7" or "carol's 3 Paper goes on pile 1"."""
    _ = ctx._
    card = card_text(step.card, _)
    player = ctx.names[step.seat]
    if step.taken:
        return _(
            "{player}'s {card} takes pile {pile}: {points}",
            player=player,
            card=card,
            pile=step.pile,
            points=signed(step.points),
        )
    return _("{player}'s {card} goes on pile {pile}", player=player, card=card, pile=step.pile)


def piles_lines(view: NinjanView, _: Translator) -> list[str]:
    """Every pile with all its cards, top first."""
    lines = [_("**Piles** (top card first)")]
    for number, pile in enumerate(view.piles, start=1):
        lines.append(
            _(
                "Pile {pile} ({points}): {cards}",
                pile=number,
                points=signed(points(pile)),
                cards=cards_text(pile, _),
            )
        )
    return lines


def status_line(view: NinjanView, ctx: RenderContext) -> str:
    """What the game waits for now."""
    _, names = ctx._, ctx.names
    if view.over:
        return _("The game is over after {rounds} rounds.", rounds=view.rounds)
    if view.phase == "pick":
        chosen = [names[s.seat] for s in view.seats if s.chosen]
        waiting = [names[s] for s in view.choosing]
        line = _(
            "Round {round} of {rounds}: everyone chooses a card. Still choosing: {waiting}.",
            round=view.round,
            rounds=view.rounds,
            waiting=", ".join(waiting) or _("nobody"),
        )
        if chosen:
            line += " " + _("Chosen: {players}.", players=", ".join(chosen))
        return line
    assert view.resolving is not None
    player = names[view.resolving]
    if view.phase == "take":
        return _(
            "Round {round} of {rounds}: waiting for {player} to choose which pile to take.",
            round=view.round,
            rounds=view.rounds,
            player=player,
        )
    return _(
        "Round {round} of {rounds}: waiting for {player} to choose a pile to put their card on.",
        round=view.round,
        rounds=view.rounds,
        player=player,
    )


def revealed_lines(view: NinjanView, ctx: RenderContext) -> list[str]:
    """The revealed cards of the round (the last one while the next is chosen), then how
    they resolved, line by line."""
    if not view.revealed:
        return []
    _ = ctx._
    lines = [
        _("**Round {round}: the cards revealed**", round=view.revealed_round),
        " · ".join(
            _("{player} {card}", player=ctx.names[seat], card=card_text(card, _))
            for seat, card in view.revealed
        ),
    ]
    lines += [f"- {step_line(step, ctx)}" for step in view.steps]
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
                "{medal}{rank}. {player} — {points} points",
                medal=medal,
                rank=outcome.ranks[seat],
                player=ctx.names[seat],
                points=outcome.scores[seat],
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
        """Status, final scores once over, the piles, every score area, the revealed round."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        lines: list[str] = []
        if not ctx.closed:
            lines.append(status_line(view, ctx))
        lines += final_lines(view, ctx)
        lines += [""] + piles_lines(view, _)
        lines += ["", _("**Score areas**")]
        for seat in view.seats:
            marker = "▶" if seat.seat in view.deciding and not ctx.closed else "•"
            lines.append(
                _(
                    "{marker} {player} — {points} points · hand {hand} · taken: {cards}",
                    marker=marker,
                    player=ctx.names[seat.seat],
                    points=seat.score,
                    hand=seat.hand_count,
                    cards=cards_text(seat.taken, _),
                )
            )
        revealed = revealed_lines(view, ctx)
        if revealed:
            lines += ["", *revealed]
        return lines

    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """The hand and the viewer's score; the piles and the round's cards while it has a
        decision."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        me = view.viewer
        assert me is not None and view.hand is not None
        lines = [
            _(
                "**Your hand** ({count}): {cards}",
                count=len(view.hand),
                cards=cards_text(view.hand, _),
            ),
            _("Your score: {points}", points=view.seats[me].score),
        ]
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
        chosen = decision.committed == (option,)
        return OptionText(
            card_text(option, _),
            description=_("your current choice") if chosen else "",
        )

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
