"""The words of ``/game mine`` and ``cardroom play --list``: one line per running game the
player sits in, whose move it is and the time left, the player's own moves first."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import engine
from bot.i18n import Translator
from bot.service.mine import MyGame
from bot.texts.durations import duration_text
from bot.texts.paces import away_text
from bot.texts.seat_names import seat_labels, seat_names


def _time(game: MyGame, seat: int, _: Translator) -> str:
    """What the clock of ``seat`` says: ", 2 days 4 hr left", ", away until …", or nothing
    (no pace)."""
    time = game.times.get(seat)
    if time is None:
        return ""
    if time.away_until is not None:
        return ", " + away_text(time.away_until, _)
    if time.left <= 0:  # nothing handled it yet (a terminal game between two sessions)
        return ", " + _("time is up")
    return ", " + _("{left} left", left=duration_text(time.left, _.language))


def mine_line(
    game: MyGame, _: Translator, *, link: str | None = None, mentions: bool = True
) -> str:
    """One game: "**<game> #12**: your move, 2 days 4 hr left — <link>" or "**<game> #12**:
    <@bob> to move, …" (``mentions`` false: seats named as on buttons, for a terminal)."""
    record = game.record
    title = _(engine.get_game(record.game_name).info.title)
    game_name = _("**{title} #{game}**", title=title, game=record.id)
    names = seat_names(record, _) if mentions else seat_labels(record, _)
    if game.my_move:
        what = _("your move") + _time(game, game.seat, _)
    elif game.to_move:
        who = ", ".join(names[s] for s in game.to_move)
        first = next(iter(game.to_move))
        what = _("{players} to move", players=who) + _time(game, first, _)
    else:
        what = _("waiting")
    line = _("{game}: {what}", game=game_name, what=what)
    return line if link is None else _("{line} — {link}", line=line, link=link)


def mine_text(
    games: Sequence[MyGame],
    _: Translator,
    *,
    link: Callable[[MyGame], str | None] = lambda game: None,
    mentions: bool = True,
    everywhere: bool = False,
) -> str:
    """The whole list, under its heading (``everywhere``: of every server); a sentence
    when there is no game."""
    if not games:
        if everywhere:
            return _("You are in no running game.")
        return _("You are in no running game in this server.")
    mine = sum(game.my_move for game in games)
    heading = _.plural(
        "**Your games** · {count} waits for your move",
        "**Your games** · {count} wait for your move",
        mine,
    )
    lines = [f"- {mine_line(game, _, link=link(game), mentions=mentions)}" for game in games]
    return "\n".join([heading, *lines])
