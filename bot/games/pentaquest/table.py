"""Pentaquest's public table and the situation a deciding player sees: whose turn, the quest
area, the dice and what they beat, the armies, the stall count, and the end (solo: won or
lost and the score's feel; multiplayer: scores, ranks and the tie-break)."""

from __future__ import annotations

from bot.games.base import RenderContext
from bot.games.pentaquest.texts import (
    army_powers,
    card_label,
    card_name,
    dice_text,
    face,
    fix_text,
    quest_line,
)
from engine.pentaquest.matcher import beaten as beaten_by
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
            lines.append(_("Using {card}: which die?", card=card))
        elif view.phase == "direction":
            assert view.chosen_die is not None
            lines.append(
                _(
                    "Using {card} on die {die} ({face}): up or down?",
                    card=card,
                    die=view.chosen_die + 1,
                    face=face(view.dice[view.chosen_die]),
                )
            )
        else:
            lines.append(_("Using {card}: which dice to reroll?", card=card))
    return lines


def situation_lines(view: PentaquestView, ctx: RenderContext) -> list[str]:
    """The dice (with what they beat, when the table highlights, and the cheapest army fix
    when the view holds one), then the quest area (its beaten cards marked when the table
    highlights)."""
    _ = ctx._
    dice = dice_text(view.dice)
    if view.over:
        lines = [_("**Last dice**: {dice}", dice=dice)]
    else:
        lines = [_("**Dice**: {dice}", dice=dice)]
        if view.highlight:
            if view.beaten:
                names = ", ".join(card_name(c, _) for c in view.beaten)
                lines.append(_("The dice beat: {cards}.", cards=names))
            else:
                lines.append(_("The dice beat no quest card."))
        fix = fix_line(view, ctx)
        if fix:
            lines.append(fix)
    beaten = set(view.beaten) if view.highlight else set()
    lines += [
        "",
        _.plural(
            "**Quest area** · deck: {count} card",
            "**Quest area** · deck: {count} cards",
            view.deck_count,
        ),
    ]
    lines += [quest_line(card, card.id in beaten, _) for card in view.quest]
    if not view.quest:
        lines.append(_("The quest area is empty."))
    return lines


def fix_line(view: PentaquestView, ctx: RenderContext) -> str | None:
    """The cheapest army fix and what it beats, when the view holds one (``None`` else): a
    newcomer could not tell which creature it was for."""
    if not view.fix:
        return None
    _ = ctx._
    fixed = list(view.dice)
    for use in view.fix:
        fixed[use.die] = use.value
    quest = [card.id for card in view.quest]
    targets = ", ".join(card_name(c, _) for c in beaten_by(fixed, quest))
    fix = fix_text(view.fix, view.dice, _)
    return _("💡 Cheapest army fix: {fix}, to beat {cards}.", fix=fix, cards=targets)


def player_line(view: PentaquestView, player: PlayerView, ctx: RenderContext) -> str:
    """One seat's army (summed up by power for the player whose turn it is, whose powers may
    change the dice now; only its size for the others, or when hidden), its discard pile
    and score (multiplayer)."""
    _ = ctx._
    active = player.seat == view.active and not view.over and not ctx.closed
    marker = "▶" if active else "•"
    if player.army is None:
        army = _.plural(
            "army: {count} card (hidden)", "army: {count} cards (hidden)", player.army_count
        )
    elif player.army and (active or view.solo):
        army = _(
            "army {count} ({powers})", count=player.army_count, powers=army_powers(player.army, _)
        )
    elif player.army:
        army = _("army {count}", count=player.army_count)
    else:
        army = ""
    if view.solo:
        return _(
            "{marker} {player} — {army} · discard pile {discards}",
            marker=marker,
            player=ctx.names[player.seat],
            army=army or _("no army yet"),
            discards=player.discard_count,
        )
    line = _.plural(  # the score is army + discard pile: the pile needs no number of its own
        "{marker} {player} — **{count} point**",
        "{marker} {player} — **{count} points**",
        player.score,
        marker=marker,
        player=ctx.names[player.seat],
    )
    return f"{line} · {army}" if army else line


def stall_line(view: PentaquestView, ctx: RenderContext) -> str:
    """The stall count (multiplayer) once a full round passed without a capture; empty
    otherwise."""
    _ = ctx._
    if view.solo:
        return ""
    if view.stall_rounds is None or not view.dry_rounds:
        return ""  # the Rules page has the turn cap; a count of 0 says nothing
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
    left = view.players[0].army_count
    lost = [_("**{player} lost**: a turn ended without a capture.", player=player)]
    if not left:
        return [*lost, _("A lost game has no score.")]
    return [
        *lost,
        _.plural(
            "A lost game has no score, even with {count} army card left unused.",
            "A lost game has no score, even with {count} army cards left unused.",
            left,
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
    """Multiplayer: the reason, then every score with its rank, best first (equal ranks are
    a tie the unused army cards did not break: a shared place, a shared win at the top)."""
    _ = ctx._
    outcome = view.outcome
    if outcome is None or outcome.scores is None or outcome.ranks is None:
        return []
    scores, ranks = outcome.scores, outcome.ranks
    lines = [
        end_reason(view, ctx),
        _("**Final scores** (army + discard pile; a tie goes to the most unused army cards)"),
    ]
    for seat in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
        player = view.players[seat]
        lines.append(
            _.plural(
                "{medal}{rank}. {player} — {count} point (army {army} + discard pile {discards})",
                "{medal}{rank}. {player} — {count} points (army {army} + discard pile {discards})",
                scores[seat],
                medal="🏆 " if ranks[seat] == 1 else "",
                rank=ranks[seat],
                player=ctx.names[seat],
                army=player.army_count,
                discards=player.discard_count,
            )
        )
    if len(outcome.winners) > 1:  # § End and score: still tied, they share the win
        names = ", ".join(ctx.names[seat] for seat in outcome.winners)
        lines.append(
            _("Tied on points and on unused army cards, {players} share the win.", players=names)
        )
    return lines
