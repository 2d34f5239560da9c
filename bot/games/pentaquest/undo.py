"""The words of a move of one's own for the Undo that takes it back (``engine.undo``), from
its action key alone (``engine.pentaquest.powers`` lists the keys): what Pentaquest lets a
player take back is an army card chosen, used on a die, or put back (``docs/undo.md``)."""

from __future__ import annotations

from bot.games.base import RenderContext
from bot.games.pentaquest.texts import POWER_SHORT, card_name
from engine.pentaquest import powers
from engine.pentaquest.cards import CARDS


def move_text(key: str, ctx: RenderContext) -> str | None:
    """ "Use Goblin Scout: +1", "Die 3", "Up", "Down", "Put it back"; ``None`` for a move
    that cannot be taken back (the default words it)."""
    _ = ctx._
    verb, _sep, arg = key.partition(":")
    if verb == "use" and arg.isdigit() and int(arg) < len(CARDS):
        card = CARDS[int(arg)]
        return _("Use {card}: {power}", card=card_name(card, _), power=_(POWER_SHORT[card.power]))
    if verb == "die" and arg.isdigit():
        return _("Die {die}", die=int(arg) + 1)
    if verb == powers.PLUS:
        return _("Up")
    if verb == powers.MINUS:
        return _("Down")
    if verb == "cancel":
        return _("Put it back")
    return None
