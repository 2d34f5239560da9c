"""Pentaquest's public table and the situation a deciding player sees: whose turn, the quest
area, the dice and what they beat, the armies, the stall count, and the end (solo: won or
lost and the score's feel; multiplayer: scores, ranks and the tie-break)."""

from __future__ import annotations

from bot.games.base import RenderContext
from bot.games.pentaquest.texts import (
    army_text,
    card_label,
    card_name,
    dice_text,
    face,
    fix_text,
    quest_line,
)
from engine.pentaquest.view import PentaquestView, PlayerView

GOOD_SCORE = 20
"""The published feel: a solo score over 20 is good ..."""
GREAT_SCORE = 30
"""... and reaching 30 is great."""


def status_lines(view: PentaquestView, ctx: RenderContext, using: bool = True) -> list[str]:
    """Whose turn it is and what it waits for (nothing once the game is over); ``using``:
    with the army card in use, if any."""
    _ = ctx._
    if view.over or ctx.closed:
        return []
    player = ctx.names[view.active]
    if view.solo:
        line = _("**Turn {turn}**", turn=view.turn)
    elif view.viewer == view.active:
        line = _("**Turn {turn}** · your turn", turn=view.turn)
    else:
        line = _("**Turn {turn}** · {player}'s turn", turn=view.turn, player=player)
    if view.phase == "turn" and view.free_rerolls:
        line += " · " + _.plural(
            "{count} free reroll left", "{count} free rerolls left", view.free_rerolls
        )
    elif view.phase == "turn":
        line += " · " + _("no free reroll left")
    lines = [line]
    if using and view.using is not None:
        card = card_label(view.using, _)
        if view.phase == "die":
            lines.append(_("{player} is using {card}: which die?", player=player, card=card))
        elif view.phase == "direction":
            assert view.chosen_die is not None
            lines.append(
                _(
                    "{player} is using {card} on die {die} ({face}): up or down?",
                    player=player,
                    card=card,
                    die=view.chosen_die + 1,
                    face=face(view.dice[view.chosen_die]),
                )
            )
        else:
            lines.append(
                _("{player} is using {card}: which dice to reroll?", player=player, card=card)
            )
    return lines


def situation_lines(view: PentaquestView, ctx: RenderContext) -> list[str]:
    """The quest area with what the dice beat (highlighted when the table highlights), the
    dice, and the cheapest army fix when the view holds one."""
    _ = ctx._
    beaten = set(view.beaten) if view.highlight else set()
    lines = [
        _.plural(
            "**Quest area** · deck: {count} card",
            "**Quest area** · deck: {count} cards",
            view.deck_count,
        )
    ]
    lines += [quest_line(card, card.id in beaten, _) for card in view.quest]
    if not view.quest:
        lines.append(_("The quest area is empty."))
    dice = dice_text(view.dice)
    lines.append("")
    lines.append(
        _("**Last dice**: {dice}", dice=dice) if view.over else _("**Dice**: {dice}", dice=dice)
    )
    if view.over:
        return lines
    if view.highlight:
        if view.beaten:
            names = ", ".join(card_name(c, _) for c in view.beaten)
            lines.append(_("The dice beat: {cards}.", cards=names))
        else:
            lines.append(_("The dice beat no quest card."))
    if view.fix:
        lines.append(_("💡 Cheapest army fix: {fix}.", fix=fix_text(view.fix, view.dice, _)))
    return lines


def player_line(view: PentaquestView, player: PlayerView, ctx: RenderContext) -> str:
    """One seat's army (by power, or only its size when hidden), discard pile and score."""
    _ = ctx._
    marker = "▶" if player.seat == view.active and not view.over and not ctx.closed else "•"
    if player.army is None:
        army = _.plural(
            "army: {count} card (hidden)", "army: {count} cards (hidden)", player.army_count
        )
    else:
        army = _(
            "army ({count}): {cards}", count=player.army_count, cards=army_text(player.army, _)
        )
    if view.solo:
        return _(
            "{marker} {player} — {army} · discard pile: {discards}",
            marker=marker,
            player=ctx.names[player.seat],
            army=army,
            discards=player.discard_count,
        )
    return _(
        "{marker} {player} — {army} · discard pile: {discards} · score {score}",
        marker=marker,
        player=ctx.names[player.seat],
        army=army,
        discards=player.discard_count,
        score=player.score,
    )


def stall_line(view: PentaquestView, ctx: RenderContext) -> str:
    """The stall count (multiplayer), or the turn cap when the stall rule is off."""
    _ = ctx._
    if view.solo:
        return ""
    if view.stall_rounds is None:
        return _("Stall rule off: the game ends at the latest after turn {cap}.", cap=view.turn_cap)
    return _.plural(
        "Stall rule: no capture for {dry} of {count} round.",
        "Stall rule: no capture for {dry} of {count} rounds.",
        view.stall_rounds,
        dry=view.dry_rounds,
    )


def feel(score: int, ctx: RenderContext) -> str:
    """The published feel of a solo score."""
    _ = ctx._
    if score >= GREAT_SCORE:
        return _("A great score (over 20 is good, 30 is great).")
    if score > GOOD_SCORE:
        return _("A good score (over 20 is good, 30 is great).")
    return _("Over 20 is good, 30 is great.")


def solo_end_lines(view: PentaquestView, ctx: RenderContext) -> list[str]:
    """Solo: won with its score and feel, or lost without a score."""
    _ = ctx._
    player = ctx.names[0]
    if view.result == "won":
        score = view.players[0].army_count
        return [
            _("🏆 **{player} won!** Every creature is captured.", player=player),
            _(
                "Score: **{score}** (cards left unused in the army). {feel}",
                score=score,
                feel=feel(score, ctx),
            ),
        ]
    return [
        _("**{player} lost**: a turn ended without a capture.", player=player),
        _.plural(
            "A lost game has no score. Card kept: {count}.",
            "A lost game has no score. Cards kept: {count}.",
            view.players[0].army_count,
        ),
    ]


def end_reason(view: PentaquestView, ctx: RenderContext) -> str:
    """Why a multiplayer game ended."""
    _ = ctx._
    left = view.deck_count + len(view.quest)
    if view.result == "stall":
        return _.plural(
            "Stall rule: {rounds} full rounds in a row without a capture ended the game; "
            "{count} card escaped.",
            "Stall rule: {rounds} full rounds in a row without a capture ended the game; "
            "{count} cards escaped.",
            left,
            rounds=view.stall_rounds,
        )
    if view.result == "turn_cap":
        return _.plural(
            "The game reached turn {cap} and ended; {count} card escaped.",
            "The game reached turn {cap} and ended; {count} cards escaped.",
            left,
            cap=view.turn_cap,
        )
    return _("Every creature is captured: the game is over.")


def multiplayer_end_lines(view: PentaquestView, ctx: RenderContext) -> list[str]:
    """Multiplayer: the reason, every score with its rank, best first, and how ties were
    broken (the most unused army cards; still tied: a shared win)."""
    _ = ctx._
    outcome = view.outcome
    if outcome is None or outcome.scores is None or outcome.ranks is None:
        return []
    scores, ranks = outcome.scores, outcome.ranks
    lines = [end_reason(view, ctx), _("**Final scores** (army + discard pile)")]
    for seat in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
        player = view.players[seat]
        lines.append(
            _(
                "{medal}{rank}. {player} — {score} points (army {army} + discard pile {discards})",
                medal="🏆 " if ranks[seat] == 1 else "",
                rank=ranks[seat],
                player=ctx.names[seat],
                score=scores[seat],
                army=player.army_count,
                discards=player.discard_count,
            )
        )
    for score in sorted(set(scores), reverse=True):
        tied = [s for s in range(len(scores)) if scores[s] == score]
        if len(tied) < 2:
            continue
        counts = ", ".join(
            _("{player} {count}", player=ctx.names[s], count=view.players[s].army_count)
            for s in tied
        )
        if len({ranks[s] for s in tied}) == len(tied):
            line = _(
                "Tie on {score} points, broken by unused army cards: {counts}.",
                score=score,
                counts=counts,
            )
        else:
            line = _(
                "Tie on {score} points; unused army cards: {counts}. Players still tied share "
                "their rank.",
                score=score,
                counts=counts,
            )
        lines.append(line)
    if len(outcome.winners) > 1:
        lines.append(
            _(
                "{players} share the win.",
                players=", ".join(ctx.names[s] for s in outcome.winners),
            )
        )
    return lines
