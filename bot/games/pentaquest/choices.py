"""Pentaquest's choices as the terminal numbers and words them (``cardroom play``): a die
is always its own number, army cards of one power are one choice, and the dice (with what
they beat and the cheapest army fix) are repeated right above the choices, where a long
list would otherwise push them off a 40-row screen."""

from __future__ import annotations

from bot.games.base import OptionText, RenderContext
from bot.games.pentaquest.table import fix_line
from bot.games.pentaquest.texts import POWER_HINTS, card_name, dice_text, power_text
from engine import Decision
from engine.pentaquest.cards import CARDS, POWERS
from engine.pentaquest.view import PentaquestView

DICE = 5
"""The dice, numbered 1 to 5 from the left: no other choice takes those numbers."""


def choice_number(decision: Decision, option: str) -> int | None:
    """A die's own number, 1 to 5 from the left, on every screen (the 💡 hint's "on die 4" is
    choice 4): the free reroll's and a reroll card's dice, the die an army card acts on."""
    if decision.kind in ("reroll", "dice"):
        return int(option) + 1
    verb, _sep, arg = option.partition(":")
    if verb == "die":
        return int(arg) + 1
    return None


def army_order(decision: Decision, option: str) -> tuple[int, int]:
    """Army cards in the order the army is shown: by power, then card number."""
    verb, _sep, arg = option.partition(":")
    if verb == "use":
        card = CARDS[int(arg)]
        return (POWERS.index(card.power), card.id)
    return (0, 0)


def same_power(decision: Decision, option: str, ctx: RenderContext) -> OptionText | None:
    """Army cards of one power make the same move by the rules (§ Powers: a card's only
    effect is its power; the score counts cards, not which): one choice, "Use a +1 card:
    Griffin, Ogre", which uses the first of them in the army's order. ``None`` for a card
    alone of its power in the offer, and for every other option."""
    verb, _sep, arg = option.partition(":")
    if decision.kind != "use" or verb != "use":
        return None
    power = CARDS[int(arg)].power
    same = sorted(
        (o for o in decision.options if o.startswith("use:") and CARDS[int(o[4:])].power == power),
        key=lambda o: army_order(decision, o),
    )
    if len(same) < 2:
        return None
    _ = ctx._
    names = ", ".join(card_name(int(o[4:]), _) for o in same)
    label = _("Use a {power} card: {cards}", power=power_text(power, _), cards=names)
    return OptionText(label, description=_(POWER_HINTS[power]))


def dice_heading(view: PentaquestView, ctx: RenderContext) -> list[str]:
    """The dice and what they beat (when the table highlights), then the cheapest army fix
    when there is one, for the line above the choices; nothing when the viewer has no
    decision."""
    if not view.decisions or view.over:
        return []
    _ = ctx._
    line = _("**Dice**: {dice}", dice=dice_text(view.dice))
    if view.highlight and view.beaten:
        names = ", ".join(card_name(c, _) for c in view.beaten)
        line += " · " + _("The dice beat: {cards}.", cards=names)
    elif view.highlight:
        line += " · " + _("The dice beat no quest card.")
    fix = fix_line(view, ctx)
    return [line, fix] if fix else [line]
