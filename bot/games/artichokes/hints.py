"""What each Abandon All Artichokes card does, in one short line: the help shown beside a
card a player may harvest or play ("Beet — swap a random card with an opponent"). The full
text (requirements included) is the Rules page's (``engine.artichokes.cards.CARD_TEXT``);
these lines follow ``shared/rules/artichokes.md`` § Card powers."""

from __future__ import annotations

from bot.i18n import N_, Translator
from engine.artichokes.cards import (
    ARTICHOKE,
    BEET,
    BROCCOLI,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK,
    ONION,
    PEAS,
    PEPPER,
    POTATO,
    RHUBARB,
)

CARD_HINTS: dict[str, str] = {
    ARTICHOKE: N_("cannot be played on its own: other cards get rid of it"),
    BEET: N_("swap a random card with an opponent (two Artichokes: both composted)"),
    BROCCOLI: N_("compost an Artichoke (needs 3 in your hand)"),
    CARROT: N_("compost 2 Artichokes and the Carrot; it must be your only play this turn"),
    CORN: N_("play an Artichoke with it, then put a Garden Row card on your Personal Deck"),
    EGGPLANT: N_("compost an Artichoke and the Eggplant; everyone passes 2 cards on"),
    LEEK: N_("reveal an opponent's top Deck card: take it, or put it on their Discard Pile"),
    ONION: N_("compost an Artichoke; the Onion goes on an opponent's Discard Pile"),
    PEAS: N_(
        "reveal 2 Garden Stack cards: one goes on your Discard Pile, the other on an opponent's"
    ),
    PEPPER: N_("put a card of your Discard Pile on top of your Personal Deck"),
    POTATO: N_("reveal your top Deck card: compost it if it is an Artichoke, else discard it"),
    RHUBARB: N_("put the Garden Row under the Garden Stack, refill it and harvest again"),
}
"""Card kind -> what playing it does, in a few words (msgids)."""


def hint_line(kind: str, _: Translator) -> str:
    """``"**Beet** — swap a random card with an opponent (...)"``."""
    return _("**{card}** — {hint}", card=_.card(kind), hint=_(CARD_HINTS[kind]))
