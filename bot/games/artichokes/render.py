"""The public table and a player's private screen for Abandon All Artichokes.

Both are built only from ``engine.view`` (what that audience may see) and events already
filtered for that audience.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.artichokes.events import cards_text
from bot.i18n import N_, Translator
from bot.screens import ButtonSpec, HandScreen, SelectOption, SelectSpec, chunk
from engine.artichokes.cards import ARTICHOKE, CARD_TEXT
from engine.artichokes.view import ArtichokesView

TITLE = N_("Abandon All Artichokes")


def _pile(cards: Sequence[str], _: Translator) -> str:
    if not cards:
        return _("empty")
    return _("{count} (top: {card})", count=len(cards), card=_.card(cards[-1]))


def status_line(view: ArtichokesView, names: Sequence[str], _: Translator) -> str:
    """Whose turn it is and what the game waits for."""
    player = names[view.active]
    if view.phase == "over":
        if view.winner is not None:
            return _("🏆 {player} wins!", player=names[view.winner])
        return _("The game ended in a draw after {turns} turns.", turns=view.turn)
    if view.phase == "eggplant":
        waiting = ", ".join(names[s] for s in view.deciding)
        return _("Eggplant: waiting for {players} to choose cards to pass.", players=waiting)
    if view.phase == "harvest":
        return _("{player}'s turn: harvesting from the Garden Row.", player=player)
    if view.phase == "target":
        return _(
            "{player}'s turn: choosing an opponent for {card}.",
            player=player,
            card=_.card(view.in_play[-1]),
        )
    if view.phase == "choose":
        return _("{player}'s turn: resolving {card}.", player=player, card=_.card(view.in_play[-1]))
    return _("{player}'s turn: playing cards.", player=player)


def table_text(
    view: ArtichokesView,
    names: Sequence[str],
    recent: Sequence[str],
    _: Translator,
    game_id: int,
    *,
    closed: bool = False,
) -> str:
    """The public table: Garden Row, Stack and Compost, each seat's counts and Discard Pile,
    whose turn it is, the last events, and every final hand once the game is over.

    ``view`` must be a spectator's view (``viewer is None``); ``recent`` are already-worded
    public event lines, oldest first. ``closed``: the game ended outside the rules (aborted,
    forfeited), so no turn is shown.
    """
    lines = [
        _("**{title}** · game #{game} · turn {turn}", title=_(TITLE), game=game_id, turn=view.turn),
        *([] if closed else [status_line(view, names, _)]),
        "",
        _("**Garden Row:** {cards}", cards=" · ".join(_.card(c) for c in view.row) or _("empty")),
        _(
            "**Garden Stack:** {stack} · **Community Compost Pile:** {compost}",
            stack=view.stack_count,
            compost=len(view.compost),
        ),
        "",
    ]
    for seat in view.seats:
        playing = view.phase != "over" and not closed
        marker = "▶" if seat.seat == view.active and playing else "•"
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
    if view.revealed:
        lines += ["", _("**Revealed:** {cards}", cards=cards_text(view.revealed, _))]
    if view.final_hands is not None:
        lines += ["", _("**Final hands**")]
        lines += [f"{names[s]}: {cards_text(hand, _)}" for s, hand in enumerate(view.final_hands)]
    if recent:
        lines += ["", _("**Last events**")]
        lines += [f"- {line}" for line in recent]
    return "\n".join(lines)


def _action_button(
    key: str, view: ArtichokesView, labels: Sequence[str], _: Translator
) -> ButtonSpec:
    verb, _sep, arg = key.partition(":")
    if verb == "harvest":
        return ButtonSpec(key, _("Harvest {card}", card=_.card(arg)), "success")
    if verb == "play":
        return ButtonSpec(key, _("Play {card}", card=_.card(arg)), "primary")
    if verb == "end":
        return ButtonSpec(key, _("End turn"), "danger")
    if verb == "target":
        return ButtonSpec(key, _("Target {player}", player=labels[int(arg)]), "primary")
    if verb == "corn":
        return ButtonSpec(key, _("Put {card} on my Deck", card=_.card(arg)), "primary")
    if verb == "leek":
        if arg == "hand":
            return ButtonSpec(key, _("Take it into my hand"), "success")
        return ButtonSpec(key, _("Put it on their Discard Pile"), "secondary")
    if verb == "keep":
        return ButtonSpec(key, _("Keep {card}", card=_.card(arg)), "primary")
    return ButtonSpec(key, key)


PASS_SELECT = "pass"
PEPPER_SELECT = "pepper"


def prompt(view: ArtichokesView, names: Sequence[str], _: Translator, closed: bool = False) -> str:
    """What the viewer is asked to do now, in one sentence."""
    me = view.viewer
    if closed:
        return _("This game is over.")
    if view.phase == "over":
        return status_line(view, names, _)
    if view.phase == "eggplant":
        left = names[(me + 1) % len(view.seats)] if me is not None else ""
        if me is not None and me in view.deciding:
            return _("Eggplant: choose 2 cards to pass to {player}.", player=left)
        if view.my_pass is not None and view.legal:
            return _(
                "Eggplant: you pass {cards} to {player}. You can change your choice until "
                "everyone has chosen.",
                cards=cards_text(view.my_pass, _),
                player=left,
            )
        return status_line(view, names, _)
    if me != view.active:
        return _("Waiting: {status}", status=status_line(view, names, _))
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
    if view.in_play and view.in_play[-1] == "Corn":
        return _("Corn: choose a Garden Row card to put on top of your Personal Deck.")
    if view.in_play and view.in_play[-1] == "Leek":
        return _(
            "Leek revealed {card} from {player}'s Personal Deck: take it, or put it on their "
            "Discard Pile?",
            card=_.card(view.revealed[-1]),
            player=names[view.target] if view.target is not None else "",
        )
    if view.in_play and view.in_play[-1] == "Peas":
        return _(
            "Peas revealed {cards}: keep one on your Discard Pile.",
            cards=cards_text(view.revealed, _),
        )
    if view.in_play and view.in_play[-1] == "Pepper":
        return _("Pepper: choose a card of your Discard Pile to put on top of your Personal Deck.")
    return _("Your turn: {card}.", card=card)


def unplayable_lines(view: ArtichokesView, _: Translator) -> list[str]:
    """During the viewer's play phase, why each vegetable in hand has no Play button: the
    requirement sentence of its card text (Artichokes are never played on their own)."""
    if view.phase != "play" or view.viewer != view.active or view.hand is None:
        return []
    playable = {k.removeprefix("play:") for k in view.legal if k.startswith("play:")}
    lines = []
    for kind in sorted(set(view.hand) - playable - {ARTICHOKE}):
        requirement = _(CARD_TEXT[kind]).split(". ", 1)[0].rstrip(".")
        lines.append(
            _(
                "{card} can't be played now: {requirement}.",
                card=_.card(kind),
                requirement=requirement,
            )
        )
    return lines


def hand_screen(
    view: ArtichokesView,
    names: Sequence[str],
    private: Sequence[str],
    _: Translator,
    *,
    labels: Sequence[str] | None = None,
    closed: bool = False,
) -> HandScreen:
    """The private screen of ``view.viewer``: hand, own zones, the Garden Row, what to do, and one
    component per kind of legal action (buttons; select menus for Eggplant and Pepper).

    ``names`` show seats in text (mentions); ``labels`` (default ``names``) in buttons, where
    Discord shows no mention as a name. ``private`` are worded lines of recent events only this
    viewer may see ("You drew ..."). ``closed``: the game ended outside the rules.
    """
    labels = labels or names
    me = view.viewer
    assert me is not None and view.hand is not None
    own = view.seats[me]
    lines = [
        _("**Your hand** ({count}): {cards}", count=len(view.hand), cards=cards_text(view.hand, _)),
        _(
            "Personal Deck {deck} · Discard Pile {discard}",
            deck=own.deck_count,
            discard=_pile(own.discard, _),
        ),
        _("Garden Row: {cards}", cards=" · ".join(_.card(c) for c in view.row) or _("empty")),
    ]
    if private:
        lines += [f"*{line}*" for line in private]
    lines += ["", f"**{prompt(view, names, _, closed)}**"]
    lines += [f"-# {line}" for line in unplayable_lines(view, _)]

    buttons: list[ButtonSpec] = []
    selects: list[SelectSpec] = []
    pass_keys = [k for k in view.legal if k.startswith("pass:")]
    pepper_keys = [k for k in view.legal if k.startswith("pepper:")]
    for key in view.legal:
        if key in pass_keys or key in pepper_keys:
            continue
        buttons.append(_action_button(key, view, labels, _))
    if pass_keys:
        options = tuple(
            SelectOption(f"{i}:{kind}", _.card(kind)) for i, kind in enumerate(view.hand)
        )
        selects.append(SelectSpec(PASS_SELECT, _("Choose 2 cards to pass"), options[:25], 2, 2))
    if pepper_keys:
        options = tuple(SelectOption(k, _.card(k.removeprefix("pepper:"))) for k in pepper_keys)
        selects.append(SelectSpec(PEPPER_SELECT, _("Choose a card of your Discard Pile"), options))
    # "End turn" last, on its own
    buttons.sort(key=lambda b: b.key == "end")
    return HandScreen("\n".join(lines), chunk(buttons), tuple(selects))


def select_to_key(kind: str, values: Sequence[str]) -> str | None:
    """The action key a select menu's chosen ``values`` stand for, or ``None`` if malformed."""
    if kind == PASS_SELECT:
        kinds = sorted(v.partition(":")[2] for v in values)
        if not kinds or not all(kinds):
            return None
        return "pass:" + "+".join(kinds)
    if kind == PEPPER_SELECT and len(values) == 1 and values[0].startswith("pepper:"):
        return values[0]
    return None
