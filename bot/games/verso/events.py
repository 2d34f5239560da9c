"""Verso's events in words: the table's "last events" and the channel's flip mentions.

Every Verso event is public (``engine.verso.rules``) and names only sides everyone has seen:
a drawn card's shown side, both sides of a flipped or discarded card. A card kept as drawn is
told by its up side only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.base import RenderContext
from bot.games.verso.texts import SQUARES, data_side, series_text, side_text
from engine.types import Event


def _card(data: dict[str, Any]) -> tuple[str, str]:
    """A flipped card's data (``cards.card_data``, new side up) as ``(old side, new side)``."""
    return side_text(data_side(data["down"])), side_text(data_side(data["up"]))


def event_line(event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
    """One line for ``event``, or ``None`` for events the table shows otherwise (a draw told
    with its keep or flip, the start of the final series, the end)."""
    _ = ctx._
    d = event.data
    kind = event.kind
    who = ctx.names[event.seat] if event.seat is not None else ""
    if kind == "kept":
        return _("{player} drew and kept {card}.", player=who, card=side_text(data_side(d["side"])))
    if kind == "flipped":
        old, new = _card(d["card"])
        if d["to"] == "discarded":
            return _(
                "{player} drew and flipped {old} → {new}: identical, discarded.",
                player=who,
                old=old,
                new=new,
            )
        return _("{player} drew and flipped {old} → {new}.", player=who, old=old, new=new)
    if kind == "banked":
        discarded = " ".join(_card(c)[1] for c in d["discarded"])
        return _(
            "{player} banked {series}: {vp} VP (discarded {cards}).",
            player=who,
            series=series_text(d["series"]),
            vp=d["vp"],
            cards=discarded,
        )
    if kind in ("neighbour_flip", "opponent_flip"):
        old, new = _card(d["card"])
        if d["to"] == "discarded":
            return _(
                "{player}'s {old} flipped → {new}: identical, discarded.",
                player=who,
                old=old,
                new=new,
            )
        return _("{player}'s {old} flipped → {new}.", player=who, old=old, new=new)
    if kind == "no_flip":
        return _("{player} has no {colour} card to flip.", player=who, colour=SQUARES[d["colour"]])
    if kind == "opponent":
        old, new = _card(d["card"])  # the revealed side is up
        if d["effect"] == "joker":
            return _(
                "🤖 The opponent turned over {old} → {new}: a joker, nothing happens.",
                old=old,
                new=new,
            )
        if d["effect"] == "not_higher":
            return _(
                "🤖 The opponent turned over {old} → {new}: not higher, nothing happens.",
                old=old,
                new=new,
            )
        return _(
            "🤖 The opponent turned over {old} → {new}: higher, so {player} flips their "
            "highest {colour} card.",
            old=old,
            new=new,
            player=ctx.names[0],
            colour=SQUARES[d["card"]["up"]["colour"]],
        )
    if kind == "square":
        return _("{player} formed a square: +{vp} VP!", player=who, vp=d["vp"])
    if kind == "square_broken":
        return _("{player}'s square is broken.", player=who)
    if kind == "final_banked":
        return _(
            "{player}'s final series: {series} for {vp} VP.",
            player=who,
            series=series_text(d["series"]),
            vp=d["vp"],
        )
    if kind == "final_none":
        return _("{player} banked no final series.", player=who)
    return None


def flip_mentions(events: Iterable[Any], ctx: RenderContext) -> list[tuple[int, str]]:
    """A line for each player whose card a neighbour's series flipped (the channel mentions
    them: it happened on someone else's turn)."""
    _ = ctx._
    found = []
    for event in events:
        if event.kind != "neighbour_flip" or event.seat is None:
            continue
        old, new = _card(event.data["card"])
        by = ctx.names[event.data["by"]]
        if event.data["to"] == "discarded":
            line = _(
                "{player}: {by}'s series flipped your {old} in game #{game} — {new} is "
                "identical to one of yours, so it is discarded.",
                player=ctx.names[event.seat],
                by=by,
                old=old,
                new=new,
                game=ctx.game_id,
            )
        else:
            line = _(
                "{player}: {by}'s series flipped your {old} in game #{game} — now {new}.",
                player=ctx.names[event.seat],
                by=by,
                old=old,
                new=new,
                game=ctx.game_id,
            )
        found.append((event.seat, line))
    return found
