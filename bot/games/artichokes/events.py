"""Abandon All Artichokes events in words, for the table's "last events" and a player's screen.

Callers pass only events the viewer may see (public events from the action log for the table;
``engine.events_for`` for a player's screen); private events are worded for their audience
("You drew ...").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.games.base import RenderContext
from bot.i18n import Translator
from engine.artichokes.cards import BEET, CORN, LEEK, ONION, PEAS, PEPPER, POTATO, RHUBARB
from engine.types import Event

TOLD_BY_EFFECT = frozenset({BEET, CORN, LEEK, ONION, PEAS, PEPPER, POTATO, RHUBARB})
"""Cards whose play needs no line of its own: the line of their effect names the card and
the player ("Beet: ... took ...", "... played Corn with ...", "... put the Onion on ...")."""


def cards_text(cards: Iterable[str], _: Translator) -> str:
    """``["Artichoke", "Beet", "Artichoke"]`` -> ``"Artichoke ×2, Beet"`` (translated, sorted)."""
    counts = Counter(cards)
    if not counts:
        return _("nothing")
    parts = []
    for kind in sorted(counts):
        name = _.card(kind)
        parts.append(f"{name} ×{counts[kind]}" if counts[kind] > 1 else name)
    return ", ".join(parts)


def event_line(event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
    """One line for ``event`` as ``viewer`` sees it, or ``None`` for events not worth a line:
    what the table's counts, status and Garden Row already show (a draw, the end-of-turn
    discard, a new turn, a reshuffle, who has chosen their Eggplant pass).

    ``ctx.names[seat]`` is how a seat is shown (a mention or a display name).
    """
    _ = ctx._
    names = ctx.names
    d = event.data
    who = names[event.seat] if event.seat is not None else ""
    kind = event.kind
    target = names[d["target"]] if "target" in d else ""
    if kind == "harvested":
        return _("{player} harvested {card}.", player=who, card=_.card(d["card"]))
    if kind == "played":
        if d["card"] in TOLD_BY_EFFECT:
            return None  # its effect's line names the card and the player
        return _("{player} played {card}.", player=who, card=_.card(d["card"]))
    if kind == "played_along":  # Corn's Artichoke
        return _("{player} played Corn with {card}.", player=who, card=_.card(d["card"]))
    if kind == "composted":
        if d.get("by") in (BEET, POTATO):
            return None  # the Beet's or the Potato's own line tells where they went
        return _("{player} composted {cards}.", player=who, cards=cards_text(d["cards"], _))
    if kind == "beet":
        if d["composted"]:
            return _(
                "Beet: {player} and {target} drew each other's Artichoke: both are composted.",
                player=who,
                target=target,
            )
        return _(
            "Beet: {player} swapped {given} for {target}'s {taken}.",
            player=who,
            target=target,
            taken=_.card(d["taken"]),
            given=_.card(d["given"]),
        )
    if kind == "row_card_to_deck":
        return _(
            "Corn: {player} put {card} from the Garden Row on their Deck.",
            player=who,
            card=_.card(d["card"]),
        )
    if kind == "pass_started":
        return _("Eggplant: everyone chooses 2 cards to pass to the next player.")
    if kind == "pass_chosen_cards":
        return _("You chose to pass {cards}.", cards=cards_text(d["cards"], _))
    if kind == "passed_cards":
        cards = cards_text(d["cards"], _)
        if viewer == event.seat:
            return _("You passed {cards} to {to}.", cards=cards, to=names[d["to"]])
        return _("{player} passed you {cards}.", player=who, cards=cards)
    if kind == "leek_revealed":
        return _(
            "Leek: {player} revealed {card} from {target}'s Deck.",
            player=who,
            card=_.card(d["card"]),
            target=target,
        )
    if kind == "leek_placed":
        if d["into"] == "hand":
            return _(
                "Leek: {player} took {card} into their hand.", player=who, card=_.card(d["card"])
            )
        return _(
            "Leek: {card} went onto {target}'s Discard Pile.", card=_.card(d["card"]), target=target
        )
    if kind == "onion_placed":
        return _("{player} put the Onion on {target}'s Discard Pile.", player=who, target=target)
    if kind == "peas_revealed":
        return _(
            "Peas: {player} revealed {cards} from the Garden Stack.",
            player=who,
            cards=cards_text(d["cards"], _),
        )
    if kind == "peas_kept":
        return _("{player} kept {card}.", player=who, card=_.card(d["card"]))
    if kind == "peas_given":
        return _(
            "{player} gave {card} to {target}.", player=who, card=_.card(d["card"]), target=target
        )
    if kind == "discard_card_to_deck":
        return _(
            "Pepper: {player} put {card} from their Discard Pile on their Deck.",
            player=who,
            card=_.card(d["card"]),
        )
    if kind == "potato_revealed":
        if d["composted"]:
            return _(
                "Potato: {player} composted an Artichoke from their Deck.",
                player=who,
            )
        return _(
            "Potato: {player} discarded {card} from their Deck.",
            player=who,
            card=_.card(d["card"]),
        )
    if kind == "row_buried":
        return _("Rhubarb: {player} put the Garden Row under the Garden Stack.", player=who)
    if kind == "row_reshuffled":
        return _(
            "Four of a kind in the Garden Row ({cards}): it was shuffled back into the Garden "
            "Stack.",
            cards=cards_text(d["cards"], _),
        )
    if kind == "drew_cards":
        return _("You drew {cards}.", cards=cards_text(d["cards"], _))
    if kind == "auto_end_turn":
        return _("{player} had nothing to play: the turn ended automatically.", player=who)
    if kind == "won":
        return _("{player} drew a hand without Artichokes and wins the game!", player=who)
    if kind == "turn_limit_draw":
        return _("No winner after {turns} turns: the game is a draw.", turns=d["turns"])
    # drew, discarded, deck_reshuffled, turn_started, turn_ended, row_filled, pass_chosen,
    # passed, auto_target: the table's counts, status and Garden Row show them
    return None
