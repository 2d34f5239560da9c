"""Abandon All Artichokes in Discord: the public table, a player's private screen and the
wording of every decision — built only from ``engine.view`` (what that audience may see) and
events already filtered for that audience."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.artichokes.events import cards_text, event_line
from bot.games.artichokes.hints import CARD_HINTS, hint_line
from bot.games.artichokes.undo import move_text
from bot.games.base import LobbyOption, OptionText, Presentation, RenderContext
from bot.i18n import N_, Translator
from engine import Decision, Event, View
from engine.artichokes.cards import ARTICHOKE, CARD_TEXT
from engine.artichokes.view import ArtichokesView


def _pile(cards: Sequence[str], _: Translator) -> str:
    if not cards:
        return _("empty")
    return _("{count} (top: {card})", count=len(cards), card=_.card(cards[-1]))


def _row(view: ArtichokesView, _: Translator) -> str:
    return " · ".join(_.card(c) for c in view.row) or _("empty")


def status_line(view: ArtichokesView, ctx: RenderContext) -> str:
    """Whose turn it is and what the game waits for (the turn's number, for the draw after
    the turn limit); the winner once it is over."""
    _, names = ctx._, ctx.names
    player = names[view.active]
    if view.phase == "over":
        if view.winner is not None:
            return _("🏆 {player} wins!", player=names[view.winner])
        return _("The game ended in a draw after {turns} turns.", turns=view.turn)
    if view.phase == "eggplant":
        doing = _(
            "Eggplant: everyone passes 2 cards to the next player (▶ still choosing, ✓ chosen)."
        )
    elif view.phase == "harvest":
        doing = _("{player} is harvesting.", player=player)
    elif view.phase == "target":
        doing = _(
            "{player} is choosing an opponent for {card}.",
            player=player,
            card=_.card(view.in_play[-1]),
        )
    elif view.phase == "choose":
        doing = _("{player} is resolving {card}.", player=player, card=_.card(view.in_play[-1]))
    else:
        doing = _("{player} is playing cards.", player=player)
    return _("**Turn {turn}** · {doing}", turn=view.turn, doing=doing)


class ArtichokesPresentation(Presentation):
    """How Abandon All Artichokes is shown (``shared/rules/artichokes.md``)."""

    game = "artichokes"
    accent = 0x5E8C31  # artichoke green
    private_label = N_("Show my hand")
    goal = N_(
        "Goal: be the first to draw a hand without Artichokes at the end of your turn. "
        "Rules: the Rules button on the table, or /game rules."
    )
    lobby_options = (
        LobbyOption(
            "rhubarb", N_("Rhubarb promo"), N_("adds the 6 Rhubarb cards to the Garden Stack")
        ),
        LobbyOption(
            "auto_end_turn",
            N_("Automatic end of turn"),
            N_("ends your turn when nothing in your hand can be played"),
        ),
        LobbyOption(
            "auto_target",
            N_("Automatic target"),
            N_("picks the opponent for you when only one can be chosen"),
        ),
        LobbyOption(
            "turn_limit",
            N_("Draw after"),
            N_("a game nobody has won ends in a draw after this many turns"),
            choices=((100, N_("100 turns")), (200, N_("200 turns")), (300, N_("300 turns"))),
        ),
    )
    kind_order = ("harvest", "play", "target", "corn", "leek", "peas", "pepper", "pass", "end")
    recent_limit = 3

    def table_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """Turn and status, Garden Row, Stack and Compost, each seat's counts and Discard
        Pile (its top card), cards revealed by a power; once the game is over, every final
        hand instead of the counts."""
        assert isinstance(view, ArtichokesView)
        _, names = ctx._, ctx.names
        lines = [] if ctx.closed else [status_line(view, ctx)]
        lines += [
            "",
            _("**Garden Row:** {cards}", cards=_row(view, _)),
            _(
                "**Garden Stack:** {stack} · **Community Compost Pile:** {compost}",
                stack=view.stack_count,
                compost=len(view.compost),
            ),
        ]
        if view.revealed:
            lines.append(_("**Revealed:** {cards}", cards=cards_text(view.revealed, _)))
        lines.append("")
        if view.final_hands is not None:
            lines.append(_("**Final hands**"))
            lines += [
                f"{names[s]}: {cards_text(hand, _)}" for s, hand in enumerate(view.final_hands)
            ]
            return lines
        deciding = view.deciding if view.phase == "eggplant" else (view.active,)
        for seat in view.seats:
            marker = "•"
            if ctx.closed:
                pass
            elif seat.seat in deciding:
                marker = "▶"
            elif view.phase == "eggplant" and seat.seat in view.committed:
                marker = "✓"  # has chosen its pass (what stays hidden)
            lines.append(
                _(
                    "{marker} {player} — Deck {deck} · Hand {hand} · Discard Pile {discard}",
                    marker=marker,
                    player=names[seat.seat],
                    deck=seat.deck_count,
                    hand=seat.hand_count,
                    discard=_pile(seat.discard, _),
                )
            )
        return lines

    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """The hand, the own Personal Deck (its size and, in no order, its cards: every card
        entering it was shown, so the player could know them anyway) and Discard Pile, and
        the Garden Row while the viewer has a decision (unless the table is beside it)."""
        assert isinstance(view, ArtichokesView)
        _ = ctx._
        me = view.viewer
        assert me is not None and view.hand is not None
        own = view.seats[me]
        lines = [
            _(
                "**Your hand** ({count}): {cards}",
                count=len(view.hand),
                cards=cards_text(view.hand, _),
            ),
            _(
                "Personal Deck {deck} · Discard Pile {discard}",
                deck=own.deck_count,
                discard=_pile(own.discard, _),
            ),
        ]
        if view.deck:
            lines.append(
                _("In your Personal Deck, in no order: {cards}", cards=cards_text(view.deck, _))
            )
        if view.decisions and not ctx.beside_table:
            lines.append(_("Garden Row: {cards}", cards=_row(view, _)))
            if view.revealed:
                lines.append(_("**Revealed:** {cards}", cards=cards_text(view.revealed, _)))
        return lines

    def prompt(self, view: View, ctx: RenderContext) -> str:
        """What the viewer is asked to do now, in one sentence."""
        assert isinstance(view, ArtichokesView)
        _, names = ctx._, ctx.names
        me = view.viewer
        if view.phase == "over":
            return status_line(view, ctx)
        if view.phase == "eggplant":
            left = names[(me + 1) % len(view.seats)] if me is not None else ""
            if me is not None and me in view.deciding:
                return _("Eggplant: choose 2 cards to pass to {player}.", player=left)
            if view.my_pass is not None and view.decisions:
                return _(
                    "Eggplant: you pass {cards} to {player}. You can change your choice until "
                    "everyone has chosen.",
                    cards=cards_text(view.my_pass, _),
                    player=left,
                )
            return _("Eggplant: waiting for the others to choose their cards.")
        if me != view.active:
            return _("Waiting for your turn: the table shows the game.")
        card = _.card(view.in_play[-1]) if view.in_play else ""
        if view.phase == "harvest":
            return _("Your turn: harvest one card from the Garden Row.")
        if view.phase == "play":
            return _("Your turn: play a card or end your turn.")
        if view.phase == "target":
            if view.revealed:
                return _(
                    "{card}: choose the opponent who gets {other}.",
                    card=card,
                    other=_.card(view.revealed[-1]),
                )
            return _("{card}: choose an opponent.", card=card)
        played = view.in_play[-1] if view.in_play else ""
        if played == "Corn":
            return _("Corn: choose a Garden Row card to put on top of your Personal Deck.")
        if played == "Leek":
            return _(
                "Leek revealed {card} from {player}'s Personal Deck: take it, or put it on their "
                "Discard Pile?",
                card=_.card(view.revealed[-1]),
                player=names[view.target] if view.target is not None else "",
            )
        if played == "Peas":
            return _(
                "Peas revealed {cards}: keep one on your Discard Pile.",
                cards=cards_text(view.revealed, _),
            )
        if played == "Pepper":
            return _(
                "Pepper: choose a card of your Discard Pile to put on top of your Personal Deck."
            )
        return _("Your turn: {card}.", card=card)

    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        """Buttons and menu entries: "Harvest Corn", "Play Beet", "Target bob", ..."""
        _ = ctx._
        if decision.kind == "pass":
            return OptionText(_.card(option))
        verb, _sep, arg = option.partition(":")
        if verb == "harvest":
            return OptionText(
                _("Harvest {card}", card=_.card(arg)),
                description=_(CARD_HINTS[arg]),
                style="success",
            )
        if verb == "play":
            return OptionText(
                _("Play {card}", card=_.card(arg)), description=_(CARD_HINTS[arg]), style="primary"
            )
        if verb == "end":
            return OptionText(_("End turn"), style="danger")
        if verb == "target":
            return OptionText(_("Target {player}", player=ctx.labels[int(arg)]), style="primary")
        if verb == "corn":
            return OptionText(_("Put {card} on my Deck", card=_.card(arg)), style="primary")
        if verb == "leek":
            if arg == "hand":
                return OptionText(_("Take it into my hand"), style="success")
            return OptionText(_("Put it on their Discard Pile"))
        if verb == "keep":
            return OptionText(_("Keep {card}", card=_.card(arg)), style="primary")
        if verb == "pepper":
            return OptionText(_.card(arg))
        return OptionText(option)

    def move_text(self, key: str, ctx: RenderContext) -> str:
        """See ``bot.games.artichokes.undo``."""
        return move_text(key, ctx)

    def placeholder(self, decision: Decision, view: View, ctx: RenderContext) -> str:
        """Menus: the cards to pass, the Discard Pile card, the card to play or harvest."""
        _ = ctx._
        return {
            "pass": _("Choose 2 cards to pass"),
            "pepper": _("Choose a card of your Discard Pile"),
            "play": _("Choose a card to play"),
            "harvest": _("Choose a card to harvest"),
            "corn": _("Choose a Garden Row card"),
        }.get(decision.kind, _("Choose…"))

    def notes(self, view: View, ctx: RenderContext) -> list[str]:
        """Help at the viewer's harvest or play: what each card it may take or play does
        (one short line a kind), and during its play phase why each other vegetable in hand
        cannot be played (the requirement sentence of its card text; Artichokes are never
        played on their own)."""
        assert isinstance(view, ArtichokesView)
        _ = ctx._
        if view.viewer != view.active or view.hand is None:
            return []
        offered = {
            option.partition(":")[2]
            for d in view.decisions
            if d.kind in ("harvest", "play")
            for option in d.options
        }
        lines = [hint_line(kind, _) for kind in sorted(offered)]
        if view.phase != "play":
            return lines
        if ARTICHOKE in view.hand:  # a newcomer's first question: why can't I play these?
            lines.append(hint_line(ARTICHOKE, _))
        for kind in sorted(set(view.hand) - offered - {ARTICHOKE}):
            requirement = _(CARD_TEXT[kind]).split(". ", 1)[0].rstrip(".")
            requirement = requirement[:1].lower() + requirement[1:]  # it follows a colon
            lines.append(
                _(
                    "{card} can't be played now: {requirement}.",
                    card=_.card(kind),
                    requirement=requirement,
                )
            )
        return lines

    def event_line(self, event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
        """See ``bot.games.artichokes.events``."""
        return event_line(event, viewer, ctx)

    def private_summary(self, view: View, ctx: RenderContext) -> str:
        """The hand."""
        assert isinstance(view, ArtichokesView)
        return cards_text(view.hand or (), ctx._)
