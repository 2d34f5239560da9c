"""The texts of the memory of play: a player's stats, a leaderboard, a list of past games and
one step of a replay (the public table the bot draws for that step, under a line saying
where the replay is). Pure functions: ``bot.handlers.history`` sends what they return."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from bot.games import presentation
from bot.i18n import Translator
from bot.service.history import ReplayStep
from bot.service.live import RECENT_ACTIONS
from bot.texts.rendering import context_for, recent_lines, table_screen
from bot.texts.seat_names import automatic_name, seat_names
from storage import RATED_AFTER, GameStatus, Leaderboard, PastGame, PlayerStats, Rating
from storage.ratings import LEVEL_ALIASES


def game_title(game_name: str, _: Translator) -> str:
    """The game's title in ``_``'s language."""
    return _(engine.get_game(game_name).info.title)


def rated_automatic_name(level: str | None, _: Translator) -> str:
    """How the automatic player of ``level`` is named on a leaderboard: "🤖 Cardroom AI
    (search)" (a level's former name as its current one)."""
    return automatic_name(LEVEL_ALIASES.get(level or "greedy", level or "greedy"), _)


def streak_text(streak: int, _: Translator) -> str:
    """The current streak in words ("won the last 3", "no win in the last 2")."""
    if streak > 0:
        return _("won the last {count}", count=streak) if streak > 1 else _("won the last one")
    if streak < 0:
        return (
            _("no win in the last {count}", count=-streak)
            if streak < -1
            else _("did not win the last one")
        )
    return ""


def stats_text(
    player: str, stats: Sequence[PlayerStats], _: Translator, *, everywhere: bool = False
) -> str:
    """``player``'s stats (a mention), one line per game."""
    if not stats:
        if everywhere:
            return _("{player} has not finished a game yet.", player=player)
        return _("{player} has not finished a game in this server yet.", player=player)
    title = (
        _("**Stats of {player}** in every server", player=player)
        if everywhere
        else _("**Stats of {player}** in this server", player=player)
    )
    lines = [title]
    for entry in stats:
        parts = [
            _("{count} played", count=entry.played),
            _(
                "{count} won ({rate}%)",
                count=entry.won,
                rate=round(100 * entry.win_rate),
            ),
        ]
        if entry.average_score is not None:
            parts.append(_("average score {score}", score=format(entry.average_score, ".1f")))
            parts.append(_("best {score}", score=entry.best_score))
        streak = streak_text(entry.streak, _)
        if streak:
            parts.append(streak)
        lines.append(f"**{game_title(entry.game_name, _)}**: " + " · ".join(parts))
    return "\n".join(lines)


def rated_name(rating: Rating, _: Translator) -> str:
    """Who holds ``rating``: a mention, or the automatic player's name."""
    if rating.user_id is None:
        return rated_automatic_name(rating.level, _)
    return f"<@{rating.user_id}>"


def leaderboard_text(board: Leaderboard, _: Translator) -> str:
    """The leaderboard: its best players, then the asking player's own place."""
    lines = [
        _("**Leaderboard · {title}**", title=game_title(board.game_name, _)),
        _(
            "-# OpenSkill ratings (mu − 3σ) from this server's finished games; a player "
            "appears after {count} rated games.",
            count=RATED_AFTER,
        ),
    ]
    if not board.top:
        lines.append(_("Nobody has played {count} rated games yet.", count=RATED_AFTER))
    for rating in board.top:
        lines.append(
            _(
                "{place}. {player} — {rating} ({games} games)",
                place=rating.place,
                player=rated_name(rating, _),
                rating=format(rating.ordinal, ".1f"),
                games=rating.games,
            )
        )
    own = board.own
    lines.append("")
    if own is None:
        lines.append(_("You have no rated game of this one here yet."))
    elif own.place is None:
        lines.append(
            _(
                "Your rating: {rating} · rated games: {games} of the {needed} it takes to appear.",
                rating=format(own.ordinal, ".1f"),
                games=own.games,
                needed=RATED_AFTER,
            )
        )
    else:
        lines.append(
            _(
                "Your place: {place} of {players} · {rating} ({games} games)",
                place=own.place,
                players=board.players,
                rating=format(own.ordinal, ".1f"),
                games=own.games,
            )
        )
    return "\n".join(lines)


def result_text(past: PastGame, _: Translator) -> str:
    """How a past game ended, in a few words."""
    game = past.game
    result = game.result
    if game.status == GameStatus.ABORTED or result is None:
        return _("aborted")
    if result.draw:
        return _("draw")
    names = seat_names(game, _)
    if len(game.seats) == 1:
        return _("won") if result.winners else _("lost")
    winners = ", ".join(names[s] for s in result.winners if s < len(names))
    return "🏆 " + winners if winners else _("nobody won")


def table_link(past: PastGame) -> str | None:
    """The address of a past game's table message (``None``: none was posted)."""
    if past.table is None:
        return None
    return (
        f"https://discord.com/channels/{past.game.guild_id}/{past.table.channel_id}/"
        f"{past.table.message_id}"
    )


def history_text(pasts: Sequence[PastGame], player: str | None, _: Translator) -> str:
    """The last games, newest first: date, game, players, result and a link to the table."""
    if not pasts:
        if player is None:
            return _("No game has ended in this server yet.")
        return _("{player} has no ended game in this server yet.", player=player)
    lines = [
        _("**Last games in this server**")
        if player is None
        else _("**Last games of {player} in this server**", player=player)
    ]
    for past in pasts:
        game = past.game
        assert game.ended_at is not None
        when = f"<t:{int(game.ended_at.timestamp())}:d>"  # Discord shows the reader's date
        line = (
            when
            + " · "
            + _(
                "{title} #{game} · {players} · {result}",
                title=game_title(game.game_name, _),
                game=game.id,
                players=", ".join(seat_names(game, _)),
                result=result_text(past, _),
            )
        )
        link = table_link(past)
        if link is not None:
            line += " · " + _("[table]({link})", link=link)
        lines.append("- " + line)
    return "\n".join(lines)


def replay_table(replay: ReplayStep, _: Translator) -> str:
    """The public table the bot draws for the game as it stood at this step: the spectator's
    view, the step's last events, nothing anyone alone could see."""
    record = replay.record
    show = presentation(record.game_name)
    recent = recent_lines(show, replay.logged[-RECENT_ACTIONS:], context_for(record, _))
    return table_screen(record, replay.state, recent, _).text


def replay_heading(replay: ReplayStep, _: Translator) -> str:
    """The line above a replayed table: which game, which step."""
    if replay.last:
        return _(
            "**Replay of game #{game}** · the end ({steps} moves)",
            game=replay.record.id,
            steps=replay.steps,
        )
    if replay.step == 0:
        return _(
            "**Replay of game #{game}** · the start (of {steps} moves)",
            game=replay.record.id,
            steps=replay.steps,
        )
    return _(
        "**Replay of game #{game}** · move {step} of {steps}",
        game=replay.record.id,
        step=replay.step,
        steps=replay.steps,
    )


def step_label(step: int, steps: int, _: Translator) -> str:
    """A "go to" menu's choice for ``step``."""
    if step == 0:
        return _("The start")
    if step == steps:
        return _("The end (move {step})", step=step)
    return _("Move {step}", step=step)
