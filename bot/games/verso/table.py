"""Verso's public table and what a deciding player sees of the game: whose turn, every
tableau in three colour rows with its score and square, the Draw Pile (its count, the shown
side of its top card and what the rules say of that card's back) and the end (solo: the
score and its ladder line; multiplayer: scores and ranks)."""

from __future__ import annotations

from bot.games.base import RenderContext
from bot.games.verso.texts import backs_text, row_text, side_text
from bot.i18n import N_, Translator
from engine.verso.cards import COLOURS
from engine.verso.view import SeatView, VersoView

LADDER_START = 35
"""The first rung of the published solo ladder."""


def status_lines(view: VersoView, ctx: RenderContext) -> list[str]:
    """Whose turn it is, or that the final series are being chosen (who still chooses is
    marked on the seat headers); nothing once over."""
    _ = ctx._
    if view.over or ctx.closed:
        return []
    if view.phase == "final":
        if view.solo:  # nobody else chooses: no "everyone", no "hidden"
            return [_("**Final series**: bank one last series if you can; then the game ends.")]
        if view.viewer is not None:  # a player's own screen shows no seat headers
            return [
                _("**Final series**: everyone picks one at once, hidden until all have chosen.")
            ]
        return [
            _(
                "**Final series**: everyone picks one at once, hidden until all have chosen "
                "(▶ still choosing, ✓ chosen)."
            )
        ]
    if view.solo:
        return [_("**Turn {turn}** · solo against the simulated opponent", turn=view.turn)]
    if view.viewer == view.active:
        return [_("**Turn {turn}** · your turn", turn=view.turn)]
    return [_("**Turn {turn}** · {player}'s turn", turn=view.turn, player=ctx.names[view.active])]


def seat_header(view: VersoView, seat: SeatView, ctx: RenderContext, *, own: bool = False) -> str:
    """One seat's name (or "Your tableau") and score, and its square while it holds one
    (the rows show the cards)."""
    _ = ctx._
    marker = "•"
    if view.over or ctx.closed:
        pass
    elif view.phase == "turn":
        marker = "▶" if seat.seat == view.active else "•"
    elif seat.seat in view.deciding:  # the final series
        marker = "▶"
    elif seat.seat in view.committed:
        marker = "✓"
    score = view.scores[seat.seat] if view.scores else 0
    square = " · " + _("⬛ square") if seat.square else ""
    if own:
        return _("**Your tableau** — **{score} VP**", score=score) + square
    return (
        _(
            "{marker} {player} — **{score} VP**",
            marker=marker,
            player=ctx.names[seat.seat],
            score=score,
        )
        + square
    )


def tableau_lines(seat: SeatView) -> list[str]:
    """A tableau's three rows, Blue, Green, Orange."""
    return [row_text(colour, row) for colour, row in zip(COLOURS, seat.rows, strict=True)]


def identical_in(seat: SeatView, view: VersoView) -> bool:
    """Whether the Draw Pile's top card is identical to a card of ``seat``'s tableau (then
    keeping it is not allowed)."""
    top = view.top
    if top is None:
        return False
    return any(c.up.colour == top.colour and c.up.number == top.number for c in seat.cards)


def pile_lines(view: VersoView, ctx: RenderContext) -> list[str]:
    """The Draw Pile: its count, the shown side of its top card and what the rules say of
    that card's never-seen back; the Discard Pile's count."""
    _ = ctx._
    top = view.top
    discard = _.plural(
        "Discard Pile: {count} card", "Discard Pile: {count} cards", len(view.discard)
    )
    if top is None:
        return [_("**Draw Pile**: empty · {discard}", discard=discard)]
    return [
        _.plural(
            "**Draw Pile**: {count} card · top: {card} · {discard}",
            "**Draw Pile**: {count} cards · top: {card} · {discard}",
            view.pile_count,
            card=side_text(top),
            discard=discard,
        ),
        _("-# Its back, never seen: one of {backs}", backs=backs_text(top, _)),
    ]


def turn_hint_lines(view: VersoView, ctx: RenderContext) -> list[str]:
    """Under the Draw Pile while a turn runs: a forced flip (who may use the controls is in
    the legend: the lobby and the Rules page)."""
    _ = ctx._
    if view.over or ctx.closed or view.phase != "turn":
        return []
    if view.top is None or not identical_in(view.seats[view.active], view):
        return []
    return [_("-# ▶ must flip it: their tableau has {card} already.", card=side_text(view.top))]


def end_lines(view: VersoView, ctx: RenderContext) -> list[str]:
    """Solo: the score and the published ladder line; multiplayer: scores with ranks."""
    _ = ctx._
    outcome = view.outcome
    if outcome is None or outcome.scores is None or outcome.ranks is None:
        return []
    if view.solo:
        score = outcome.scores[0]
        lines = [
            _("**Game over** · {player} scored **{score} VP**.", player=ctx.names[0], score=score)
        ]
        if view.ladder is not None and view.ladder_line is not None:
            lines.append(_("🏅 {step}+ VP: {line}", step=view.ladder, line=_(view.ladder_line)))
        else:
            lines.append(
                _("-# The ladder starts at {step} VP, the average score.", step=LADDER_START)
            )
        return lines
    lines = [_("**Final scores**")]
    ranks, scores = outcome.ranks, outcome.scores
    for seat in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
        lines.append(
            _(
                "{medal}{rank}. {player} — {score} VP",
                medal="🏆 " if ranks[seat] == 1 else "",
                rank=ranks[seat],
                player=ctx.names[seat],
                score=scores[seat],
            )
        )
    return lines


def legend(_: Translator, *, terminal: bool = False) -> list[str]:
    """How to read a card and who plays on the table's controls (the lobby and the Rules
    page show it); with ``terminal``, how a choice is made there."""
    cards = _(
        "🟦3 = a Blue 3 worth 1 VP · 🟦3★ = worth 3 VP · J = joker · (🟩5★) = its other "
        "side, seen by all"
    )
    if terminal:
        return [
            cards,
            _(
                "On your turn, type the number of a choice under your screen: draw, keep or "
                "flip, bank; the automatic players take their turns by themselves."
            ),
        ]
    return [
        cards,
        _(
            "The player whose turn it is draws or banks with the buttons under the table; "
            "anyone else who clicks them is told whose turn it is."
        ),
    ]


def solo_banner(view: VersoView, _: Translator) -> tuple[str, str] | None:
    """A solo game's end banner (``bot.pictures.ending``): it is scored, never won or lost
    (§ Solo mode): the score, then the ladder rung it reached, as the end text says, or
    that the ladder starts at 35 VP, the average. ``None`` for a multiplayer game."""
    outcome = view.outcome
    if not view.solo or outcome is None or outcome.scores is None:
        return None
    result = _("Score: {score} VP", score=outcome.scores[0])
    if view.ladder is None:
        return result, _("The ladder starts at {step} VP (average)", step=LADDER_START)
    return result, _("Ladder {step}+ VP: {rung}", step=view.ladder, rung=_(RUNGS[view.ladder]))


RUNGS = {
    35: N_("average score"),
    40: N_("nice move"),
    45: N_("what talent"),
    50: N_("model player"),
    55: N_("a true pro"),
    60: N_("legend of the Draw Pile"),
}
"""The published ladder's rungs (``engine.verso.ladder``) in a few words, for the banner."""
