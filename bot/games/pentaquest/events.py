"""Pentaquest's events in words, for the table's "last events".

Every Pentaquest event is public (``engine.pentaquest.turn``). With hidden armies, a line
never names a card that is, or may later be, in an army: a capture, a card put back and the
cards revealed into the quest area are told without their names (the quest area itself shows
the cards while they are there); a used card is named, since it lies in the public discard
pile from then on.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import RenderContext
from bot.games.pentaquest.texts import card_name, values_text
from engine.types import Event


def hidden_armies(ctx: RenderContext) -> bool:
    """Whether this table hides the armies (the lobby option)."""
    return bool(ctx.options.get("hidden_armies"))


def change_text(changes: list[list[Any]]) -> tuple[str, str]:
    """The old and new values of ``[die, old, new]`` changes: ``("2 6", "4 4")``."""
    return values_text(c[1] for c in changes), values_text(c[2] for c in changes)


def event_line(event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
    """One line for ``event``, or ``None`` for events the table shows otherwise (a turn's
    start, the card being chosen, the end of the game)."""
    _ = ctx._
    d = event.data
    kind = event.kind
    who = ctx.names[event.seat] if event.seat is not None else ""
    if kind == "quest_filled":
        if hidden_armies(ctx):  # the quest area shows them; this line would outlive them
            return _.plural(
                "{count} new card in the quest area (deck: {deck} left).",
                "{count} new cards in the quest area (deck: {deck} left).",
                len(d["cards"]),
                deck=d["deck_count"],
            )
        cards = ", ".join(card_name(c, ctx._) for c in d["cards"])
        return _.plural(
            "New in the quest area: {cards} (deck: {count} card left).",
            "New in the quest area: {cards} (deck: {count} cards left).",
            d["deck_count"],
            cards=cards,
        )
    if kind == "rolled":
        return _("{player} rolled {dice}.", player=who, dice=values_text(d["dice"]))
    if kind == "rerolled":
        old, new = change_text(d["changes"])
        return _("{player} rerolled {old} → {new}.", player=who, old=old, new=new)
    if kind == "card_used":
        old, new = change_text(d["changes"])
        card = card_name(d["card"], _)
        if d["power"] == "reroll":
            return _(
                "{player} used {card}: rerolled {old} → {new}.",
                player=who,
                card=card,
                old=old,
                new=new,
            )
        return _("{player} used {card}: {old} → {new}.", player=who, card=card, old=old, new=new)
    if kind == "card_put_back":
        if hidden_armies(ctx):
            return _("{player} put the card back, unused.", player=who)
        return _(
            "{player} put {card} back, unused.",
            player=who,
            card=card_name(d["card"], _),
        )
    if kind == "captured":
        if hidden_armies(ctx):
            return _("{player} captured a card (armies are hidden).", player=who)
        return _("{player} captured {card}.", player=who, card=card_name(d["card"], _))
    if kind == "turn_ended" and not d["captured"]:
        if d["auto"]:
            return _("{player}'s turn ended without a capture: nothing left to try.", player=who)
        return _("{player} ended the turn without a capture.", player=who)
    return None
