"""The words of a move of one's own for the Undo that takes it back (``engine.undo``), from
its action key alone (``engine.artichokes.rules`` lists the keys)."""

from __future__ import annotations

from bot.games.base import RenderContext


def move_text(key: str, ctx: RenderContext) -> str:
    """ "Harvest Corn", "Play Beet", "Target bob", "Put Peas on my Deck", "Pass Corn, Leek"."""
    _ = ctx._
    verb, _sep, arg = key.partition(":")
    if verb == "harvest":
        return _("Harvest {card}", card=_.card(arg))
    if verb == "play":
        return _("Play {card}", card=_.card(arg))
    if verb == "target" and arg.isdigit() and int(arg) < len(ctx.labels):
        return _("Target {player}", player=ctx.labels[int(arg)])
    if verb in ("corn", "pepper"):
        return _("Put {card} on my Deck", card=_.card(arg))
    if verb == "leek":
        return _("Take it into my hand") if arg == "hand" else _("Put it on their Discard Pile")
    if verb == "keep":
        return _("Keep {card}", card=_.card(arg))
    if verb == "pass":
        return _("Pass {cards}", cards=", ".join(_.card(c) for c in arg.split("+") if c))
    return _("your last move")
