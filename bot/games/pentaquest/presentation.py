"""Pentaquest in Discord: the table, a player's screen and the wording of every decision —
built only from ``engine.view`` (``engine.pentaquest.view``) and public events."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Confirmation, LobbyOption, OptionText, Presentation, RenderContext
from bot.games.pentaquest.choices import DICE, army_order, choice_number, dice_heading, same_power
from bot.games.pentaquest.events import event_line
from bot.games.pentaquest.table import (
    fix_line,
    multiplayer_end_lines,
    player_line,
    situation_lines,
    solo_end_lines,
    stall_line,
    status_lines,
)
from bot.games.pentaquest.texts import (
    POWER_HINTS,
    POWER_SHORT,
    army_text,
    card_label,
    card_name,
    face,
)
from bot.games.pentaquest.undo import move_text
from bot.i18n import N_, Translator
from engine import Decision, Event, View
from engine.pentaquest import powers
from engine.pentaquest.cards import CARDS
from engine.pentaquest.matcher import beats
from engine.pentaquest.view import PentaquestView

ARMY_KINDS = ("use",)
"""Decision kinds whose options name army cards (the cards a player may use)."""

STALL_CHOICES = (
    (1, N_("1 round")),
    (2, N_("2 rounds")),
    (3, N_("3 rounds (default)")),
    (4, N_("4 rounds")),
    (5, N_("5 rounds")),
    (None, N_("off (ends after turn 300)")),
)
HIGHLIGHT_CHOICES = (
    (None, N_("in solo games (default)")),
    (True, N_("always")),
    (False, N_("never")),
)


class PentaquestPresentation(Presentation):
    """How Pentaquest is shown (``shared/rules/pentaquest.md``).

    Controls on the table: everything in Pentaquest is public (dice, quest area, armies,
    discard piles) and only the active player decides, one click after another (a reroll, an
    army card and its die, a capture). So the active player's decisions sit on the public
    table itself (:meth:`table_decisions`): they play a whole turn there, without opening a
    private message every turn, and everyone watches the dice change on the message they
    already look at. Only the active seat's clicks count (the generic layer answers anyone
    else with a private refusal and changes nothing); the private screen offers the same
    controls for those who prefer it.

    With hidden armies the ``use`` decision names army cards that the others may not see, so
    it stays on its owner's private screen; every other decision (capture a quest card, the
    free reroll, the die or dice of the card in use — which is public once in use — and the
    end of the turn) still names nothing hidden and stays on the table.
    """

    game = "pentaquest"
    accent = 0x8E44AD  # a questing purple
    private_label = N_("Show my screen")
    goal = N_(
        "Goal: beat the creatures of the quest area with five dice, one capture a turn, and "
        "use their powers to bend the dice. Solo or 2-4 players. Rules: the Rules button on "
        "the table, or /game rules."
    )
    lobby_options = (
        LobbyOption(
            "hidden_armies",
            N_("Hidden armies"),
            N_("only the size of the other players' armies is shown until the end"),
        ),
        LobbyOption(
            "first_turn_rerolls_everyone",
            N_("Two rerolls on every first turn"),
            N_("in multiplayer, every player's first turn gets 2 free rerolls, not only the first"),
        ),
        LobbyOption(
            "stall_rounds",
            N_("Stall rule"),
            N_("in multiplayer, that many full rounds in a row without a capture end the game"),
            choices=STALL_CHOICES,
        ),
        LobbyOption(
            "highlight",
            N_("Highlight"),
            N_("mark the cards the dice beat and show the cheapest army fix"),
            choices=HIGHLIGHT_CHOICES,
        ),
    )
    kind_order = ("capture", "use", "reroll", "die", "direction", "dice", "cancel", "end")
    recent_limit = 3

    def table_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """Status, the dice and the quest area, every army summed up, the stall count; once a
        multiplayer game is over, its end (why, the scores and ranks) alone."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        lines = status_lines(view, ctx)
        if view.over and not view.solo:  # the final scores count every army and discard pile
            return lines + multiplayer_end_lines(view, ctx)
        if view.over:
            lines += solo_end_lines(view, ctx)
        lines += [""] + situation_lines(view, ctx)
        lines += ["", _("**Armies**") if not view.solo else _("**Army**")]
        lines += [player_line(view, p, ctx) for p in view.players]
        stall = stall_line(view, ctx)
        if stall and not view.over:
            lines.append(stall)
        return lines

    def legend(self, _: Translator, *, terminal: bool = False) -> list[str]:
        """The dice, the requirements' symbols and who plays on the table's controls (in the
        terminal: that a die is chosen by its own number, :meth:`choice_number`)."""
        dice = _("Dice show their face and digit: ⚂3 is a 3. ☀️ and 🌙 are suns and moons.")
        if terminal:
            return [
                dice,
                _(
                    "On your turn, type the number of a choice under your screen: a die is "
                    "always chosen by its own number, 1 to 5 from the left (die 3 is 3), and "
                    "every other choice has a number from 6 on."
                ),
            ]
        return [
            dice,
            _(
                "The player whose turn it is plays with the buttons under the table or on their "
                "own screen (with hidden armies, army cards only there)."
            ),
        ]

    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        """The viewer's own army (and discard pile); the situation while it decides, unless
        the table, which shows it, is beside the screen (then only the army fix, which the
        table lacks when armies are hidden)."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        me = view.players[view.viewer or 0]
        assert me.army is not None
        lines = [
            _(
                "**Your army** ({count}): {cards}",
                count=me.army_count,
                cards=army_text(me.army, _),
            ),
            _("Your discard pile: {count}", count=me.discard_count),
        ]
        if view.decisions and ctx.beside_table:
            fix = fix_line(view, ctx) if view.hidden_armies else None
            lines += [fix] if fix else []
        elif view.decisions:
            lines += status_lines(view, ctx, using=False)
            lines += [""] + situation_lines(view, ctx)
        return lines

    def prompt(self, view: View, ctx: RenderContext) -> str:
        """What the viewer is asked to do now."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        if view.over:
            if view.solo:
                return _("You won!") if view.result == "won" else _("You lost.")
            return _("The game is over: the table shows the scores.")
        if not view.decisions:
            return _(
                "Waiting for {player}: the table shows the game.", player=ctx.names[view.active]
            )
        using = view.using
        if view.phase == "die" and using is not None:
            return _("Choose the die {card} acts on.", card=card_label(using, _))
        if view.phase == "direction" and using is not None and view.chosen_die is not None:
            return _(
                "{card} on die {die} ({face}): up or down?",
                card=card_label(using, _),
                die=view.chosen_die + 1,
                face=face(view.dice[view.chosen_die]),
            )
        if view.phase == "dice" and using is not None:
            return _("Choose the dice {card} rerolls.", card=card_label(using, _))
        if view.beaten:
            return _("Your turn: capture a card the dice beat, or try for a better one.")
        return _("Your turn: the dice beat nothing yet.")

    def notes(self, view: View, ctx: RenderContext) -> list[str]:
        """What ending the turn costs, and the phase order of rerolls and army cards."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        kinds = {d.kind for d in view.decisions}
        found = []
        if "capture" in kinds or "reroll" in kinds or "use" in kinds:
            found.append(
                _(
                    "What a creature needs: each digit a die showing it; ☀️☀️ any pair, ☀️☀️☀️ "
                    "any three of a kind, ☀️☀️🌙🌙 two pairs."
                )
            )
        if "end" in kinds:
            if view.solo:
                found.append(_("Ending your turn without a capture loses the game."))
            else:
                found.append(_("A turn without a capture simply passes."))
        if "reroll" in kinds and "use" in kinds:
            found.append(_("Once you use an army card, the free reroll is gone."))
        if "cancel" in kinds:
            found.append(
                _.plural(
                    "You may put the card back {count} more time this turn.",
                    "You may put the card back {count} more times this turn.",
                    view.cancels_left,
                )
            )
        return found

    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        """Every option in words: captures, army cards, dice, directions, put back, end."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        verb, _sep, arg = option.partition(":")
        if verb == "capture":
            return OptionText(
                _("Capture {card}", card=card_name(int(arg), _)), style="success", emoji="⚔️"
            )
        if verb == "end":
            label = _("End the turn (lose)") if view.solo else _("End the turn")
            return OptionText(label, style="danger")
        if verb == "use":
            card = CARDS[int(arg)]
            return OptionText(
                _("Use {card}: {power}", card=card_name(card, _), power=_(POWER_SHORT[card.power])),
                description=_(POWER_HINTS[card.power]),
                style="primary",
            )
        if verb == "die":
            return OptionText(self._die_label(int(arg), view, ctx))
        if verb in (powers.PLUS, powers.MINUS):
            assert view.chosen_die is not None
            old = view.dice[view.chosen_die]
            new = old + 1 if verb == powers.PLUS else old - 1
            if verb == powers.PLUS:
                return OptionText(_("Up: {old} → {new}", old=face(old), new=face(new)))
            return OptionText(_("Down: {old} → {new}", old=face(old), new=face(new)))
        if verb == "cancel":
            using = view.using
            label = _("Put {card} back", card=card_name(using, _)) if using else _("Put it back")
            return OptionText(label)
        # a die of a multi-select of dice (the free reroll, a reroll card)
        die = int(option)
        return OptionText(_("Die {die}: {face}", die=die + 1, face=face(view.dice[die])))

    def move_text(self, key: str, ctx: RenderContext) -> str:
        """See ``bot.games.pentaquest.undo``."""
        return move_text(key, ctx) or super().move_text(key, ctx)

    def _die_label(self, die: int, view: PentaquestView, ctx: RenderContext) -> str:
        _ = ctx._
        old = view.dice[die]
        using = view.using
        if using is None:
            return _("Die {die}: {face}", die=die + 1, face=face(old))
        ways = powers.directions(old) if using.power == "addsub" else ()
        if len(ways) == 2:
            return _("Die {die}: {face} (up or down)", die=die + 1, face=face(old))
        new = powers.changed(using.power, old, ways[0] if ways else None)
        return _("Die {die}: {old} → {new}", die=die + 1, old=face(old), new=face(new))

    def confirmation(
        self, decision: Decision, key: str, view: View, ctx: RenderContext
    ) -> Confirmation | None:
        """Before a move that gives up a capture the dice already have — the free reroll,
        an army card, ending the turn while the dice beat a quest card — ask first: a solo
        game was lost in two clicks that way. Captures, every move while the dice beat
        nothing, and a reroll whose kept dice still beat every beaten card (it cannot lose
        one) are made at once; the question names only the cards a reroll may lose, and
        mentions the free reroll only while one is left."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        if not view.beaten:
            return None
        cards = ", ".join(card_name(c, _) for c in view.beaten)
        captures = tuple(f"capture:{c}" for c in view.beaten)  # offered beside the question
        verb, _sep, arg = key.partition(":")
        if verb == "reroll":
            rerolled = {int(die) for die in decision.chosen_in(key) or ()}
            kept = [value for die, value in enumerate(view.dice) if die not in rerolled]
            at_risk = [c for c in view.beaten if not beats(CARDS[c].requirement, kept)]
            if not at_risk:  # the dice kept still beat them all: nothing can be lost
                return None
            risked = ", ".join(card_name(c, _) for c in at_risk)
            question = _.plural(
                "Your dice already beat {cards}: capture it now, or reroll and maybe lose it?",
                "Your dice already beat {cards}: capture one now, or reroll and maybe lose them?",
                len(at_risk),
                cards=risked,
            )
            return Confirmation(question, _("Reroll anyway"), _("Back"), captures)
        if verb == "use":
            card = card_name(int(arg), _)
            if view.free_rerolls:
                question = _(
                    "Your dice already beat {cards}: use {card} anyway? It is spent, and the "
                    "free reroll is gone.",
                    cards=cards,
                    card=card,
                )
            else:
                question = _(
                    "Your dice already beat {cards}: use {card} anyway? It is spent.",
                    cards=cards,
                    card=card,
                )
            return Confirmation(question, _("Use {card} anyway", card=card), _("Back"), captures)
        if verb == "end":
            if view.solo:
                question = _(
                    "Your dice beat {cards}: ending the turn without a capture loses the game.",
                    cards=cards,
                )
                return Confirmation(question, _("End the turn and lose"), _("Back"), captures)
            question = _("Your dice beat {cards}: end the turn without a capture?", cards=cards)
            return Confirmation(question, _("End the turn"), _("Back"), captures)
        return None

    own_numbers = DICE

    def choice_number(self, decision: Decision, option: str) -> int | None:
        """See ``bot.games.pentaquest.choices``."""
        return choice_number(decision, option)

    def same_choice(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText | None:
        """See ``bot.games.pentaquest.choices``."""
        return same_power(decision, option, ctx)

    def choices_heading(self, view: View, ctx: RenderContext) -> list[str]:
        """See ``bot.games.pentaquest.choices``."""
        assert isinstance(view, PentaquestView)
        return dice_heading(view, ctx)

    def option_sort_key(self, decision: Decision, option: str) -> tuple[int, int]:
        """Army cards in the order the army is shown (by power, then card number)."""
        return army_order(decision, option)

    def placeholder(self, decision: Decision, view: View, ctx: RenderContext) -> str:
        """The menus: the free reroll, a reroll card's dice, army cards."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        if decision.kind == "reroll":
            return _.plural(
                "Free reroll ({count} left): choose the dice to reroll",
                "Free reroll ({count} left): choose the dice to reroll",
                view.free_rerolls,
            )
        if decision.kind == "dice" and view.using is not None:
            return _("{card}: choose the dice to reroll", card=card_name(view.using, _))
        if decision.kind == "use":
            return _("Use an army card…")
        return _("Choose…")

    def event_line(self, event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
        """See ``bot.games.pentaquest.events``."""
        return event_line(event, viewer, ctx)

    def table_decisions(self, view: View, decisions: Sequence[Decision]) -> list[Decision]:
        """Every decision of the active seat, except army cards when armies are hidden (see
        the class docstring)."""
        assert isinstance(view, PentaquestView)
        if view.hidden_armies:
            return [d for d in decisions if d.kind not in ARMY_KINDS]
        return list(decisions)

    def private_summary(self, view: View, ctx: RenderContext) -> str:
        """The viewer's army (hidden from others when armies are hidden)."""
        assert isinstance(view, PentaquestView)
        me = view.players[view.viewer or 0]
        return army_text(me.army or (), ctx._)
