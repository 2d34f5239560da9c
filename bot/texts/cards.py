"""The words of a game's card (the lobby message that stays in the channel while the game is
played in a thread of its own), of a thread's name, and of the lists of ``/game open`` and
``/game watching``: nothing on them that only one player may see."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import presentation
from bot.i18n import Translator
from bot.service.reasons import ADMIN_ABORT, CHANNEL_LOST, DEADLINE_REASON
from bot.texts.history import game_title
from bot.texts.rendering import chosen_options
from bot.texts.seat_names import seat_labels, seat_names
from storage import GameRecord, GameStatus

THREAD_NAME_LIMIT = 100
"""The most characters Discord allows in a thread's name."""


def thread_name(record: GameRecord, _: Translator) -> str:
    """The name of a game's thread: "<title> #<game> · <players>" (the names people chose in
    the server, at most 100 characters)."""
    names = ", ".join(seat_labels(record, _, short=True))
    name = _("{title} #{game}", title=game_title(record.game_name, _), game=record.id)
    if names:
        name += " · " + names
    return name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"


def result_line(record: GameRecord, _: Translator) -> str:
    """How a finished game ended, in one line: the winners (or a draw) and every seat's
    score where the game has scores."""
    result = record.result
    names = seat_names(record, _)
    if result is None or record.status != GameStatus.FINISHED:
        return _("The game was aborted.")
    if result.draw or not result.winners:
        line = _("It is a draw.") if result.draw else _("Nobody won.")
    else:
        winners = ", ".join(names[s] for s in result.winners if s < len(names))
        line = _("🏆 {players} won.", players=winners)
    if result.scores is not None:
        scores = " · ".join(
            f"{names[s]} {score}" for s, score in enumerate(result.scores) if s < len(names)
        )
        line += " " + _("Scores: {scores}", scores=scores)
    return line


def aborted_text(record: GameRecord, _: Translator) -> str:
    """Why an aborted game was, in a sentence."""
    reason = record.result.reason if record.result is not None else ""
    if reason == ADMIN_ABORT:
        return _("The game was aborted by an admin.")
    if reason == CHANNEL_LOST:
        return _("The game was aborted: its channel was deleted.")
    if reason == DEADLINE_REASON:
        return _("The game was stopped at its tournament round's deadline.")
    return _("The game was aborted.")


def card_text(record: GameRecord, _: Translator) -> str:
    """The card of a game played in a thread, once its lobby has started: the game, its
    players, where it is played, and how it ended."""
    title = game_title(record.game_name, _)
    names = seat_names(record, _)
    lines = [
        _("**{title}** · game #{game}", title=title, game=record.id),
        _("Players: {players}", players=", ".join(names) or _("nobody yet")),
    ]
    thread = f"<#{record.channel_id}>"
    if record.status == GameStatus.ACTIVE:
        lines.append(_("▶️ Playing now in {thread}: press **Watch** to follow it.", thread=thread))
    elif record.status == GameStatus.FINISHED:
        lines.append("🏁 " + result_line(record, _))
        lines.append(_("-# Played in {thread}. Press **Play again** for another.", thread=thread))
    else:
        lines.append("⛔ " + aborted_text(record, _))
    chosen = chosen_options(record, presentation(record.game_name), _)
    if chosen:
        lines.append(_("-# Options: {options}", options=chosen))
    return "\n".join(lines)


def open_lobbies_text(lobbies: Sequence[tuple[GameRecord, str]], _: Translator) -> str:
    """``/game open``: each lobby that waits for players (with where it is, as a link), its
    host, its seats taken and its options."""
    if not lobbies:
        return _("No game waits for players in this server. Open one with /game new.")
    lines = [_("**Games waiting for players**")]
    for record, where in lobbies:
        line = _(
            "#{game} · {title} · hosted by <@{hoster}> · {taken}/{most} seats · {where}",
            game=record.id,
            title=game_title(record.game_name, _),
            hoster=record.host_id,
            taken=len(record.seats),
            most=record.max_seats,
            where=where,
        )
        chosen = chosen_options(record, presentation(record.game_name), _)
        if chosen:
            line += " · " + chosen
        if record.invited_only:
            line += " · " + _("invited players only")
        lines.append("- " + line)
    return "\n".join(lines)


def watching_text(games: Sequence[GameRecord], _: Translator) -> str:
    """``/game watching``: the games one follows, where each is played and how it stands."""
    if not games:
        return _(
            "You are not watching any game in this server. Press **Watch** on a game's message "
            "in its channel."
        )
    lines = [_("**Games you are watching**")]
    for record in games:
        if record.status == GameStatus.ACTIVE:
            status = _("playing")
        elif record.status == GameStatus.FINISHED:
            status = result_line(record, _)
        elif record.status == GameStatus.LOBBY:
            status = _("waiting for players")
        else:
            status = _("aborted")
        lines.append(
            "- "
            + _(
                "#{game} · {title} · <#{thread}> · {status}",
                game=record.id,
                title=game_title(record.game_name, _),
                thread=record.channel_id,
                status=status,
            )
        )
    return "\n".join(lines)
