"""The words of paces (``bot.service.paces``): a pace in the lobby, the time each waited seat
has left on the table, the reminders, a player away."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from bot.i18n import Translator
from bot.service.deadlines import SeatTime
from bot.service.paces import Pace
from bot.texts.durations import day_text, duration_text


def pace_text(pace: Pace, _: Translator) -> str:
    """A pace in words: "off", "1 min a move", "1 day a move, time banks up to 3 days"."""
    if pace.per_move is None:
        return _("off")
    per_move = duration_text(pace.per_move, _.language)
    if pace.bank_cap is None:
        return _("{time} a move", time=per_move)
    return _(
        "{time} a move, time banks up to {most}",
        time=per_move,
        most=duration_text(pace.bank_cap, _.language),
    )


def away_text(until: datetime, _: Translator) -> str:
    """ "away until Sat, Dec 12" (the day the away time ends, UTC)."""
    return _("away until {day}", day=day_text(until, _.language))


def clock_lines(
    times: Sequence[SeatTime],
    names: Sequence[str],
    _: Translator,
    deadline: Callable[[datetime], str] | None = None,
) -> list[str]:
    """One line per waited seat: "⏳ alice: 2 days 4 hr left" (``deadline``: how to show the
    moment it runs out besides, such as a Discord timestamp), or "⏳ alice: away until Sat,
    Dec 12" while the player is away (their bank does not run)."""
    lines = []
    for time in times:
        player = names[time.seat]
        if time.away_until is not None:
            lines.append(
                _("⏳ {player}: {away}", player=player, away=away_text(time.away_until, _))
            )
            continue
        left = duration_text(time.left, _.language)
        if deadline is None:
            lines.append(_("⏳ {player}: {left} left", player=player, left=left))
        else:
            lines.append(
                _(
                    "⏳ {player}: {left} left (until {deadline})",
                    player=player,
                    left=left,
                    deadline=deadline(time.deadline),
                )
            )
    return lines


def reminder_text(
    game_id: int, players: Sequence[str], left: float, _: Translator, *, last: bool = False
) -> str:
    """The reminder of game ``game_id`` to ``players`` (their names as shown), with ``left``
    seconds to go: at half their time, or (``last``) an hour before the end."""
    if last:
        return _(
            "⏳ {players}: only {left} left for your move in game #{game}, then the automatic "
            "player moves for you.",
            players=", ".join(players),
            game=game_id,
            left=duration_text(left, _.language),
        )
    return _(
        "⏳ {players}: half your time for game #{game} is gone — {left} left, then the "
        "automatic player moves for you.",
        players=", ".join(players),
        game=game_id,
        left=duration_text(left, _.language),
    )
