"""The texts of seasons: a season's leaderboard (or the all-time one), a player's ratings
for ``/game stats``, the question and answers of ``/cardroom season start``, the public
notice of a season's end, and the ``season:`` suggestions. Pure functions:
``bot.handlers.seasons`` sends what they return."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.i18n import Translator
from bot.service.seasons import ALL_TIME_LABEL, SeasonBoard, season_name
from bot.texts.history import game_title, leaderboard_text, rated_name
from storage import Rating, ratings
from storage.season_store import Standing
from storage.seasons import Season


def _date(when: datetime) -> str:
    """A stored time as Discord shows a date: in the reader's own calendar."""
    return f"<t:{int(when.timestamp())}:d>"


def season_span(season: Season, _: Translator) -> str:
    """When a season ran: "since <date>", "<date> – <date>", "until <date>"."""
    if season.started_at is None:
        if season.ended_at is None:
            return ""
        return _("until {end}", end=_date(season.ended_at))
    if season.ended_at is None:
        return _("since {start}", start=_date(season.started_at))
    return _("{start} – {end}", start=_date(season.started_at), end=_date(season.ended_at))


def season_board_text(shown: SeasonBoard, _: Translator) -> str:
    """The leaderboard ``shown``: as ``/game leaderboard`` always showed it while the guild
    never closed a season; else headed by the season's name and dates (or "all time")."""
    text = leaderboard_text(shown.board, _)
    season = shown.season
    if season is not None and not shown.seasons:
        return text  # season 1 of a guild without seasons: the one leaderboard there is
    _heading, body = text.split("\n", 1)
    title = game_title(shown.board.game_name, _)
    if season is None:
        heading = _("**Leaderboard · {title} · all time**", title=title)
        note = _("-# Every season together.")
    else:
        heading = _(
            "**Leaderboard · {title} · {season}**", title=title, season=season_name(season, _)
        )
        span = season_span(season, _)
        if season.current:
            note = _("-# The current season, {span}.", span=span)
        else:
            note = _("-# A past season ({span}): its final standings.", span=span)
    return "\n".join([heading, note, body])


def figure(rating: Rating | None, players: int, _: Translator) -> str:
    """One rating as ``/game stats`` shows it: the rating and the place, or why none."""
    if rating is None:
        return _("no rated game yet")
    value = format(rating.ordinal, ".1f")
    if rating.place is None:
        return _(
            "{rating} ({games} of the {needed} rated games it takes to be placed)",
            rating=value,
            games=rating.games,
            needed=ratings.RATED_AFTER,
        )
    return _.plural(
        "{rating}, place {place} of {players} ({count} game)",
        "{rating}, place {place} of {players} ({count} games)",
        rating.games,
        rating=value,
        place=rating.place,
        players=players,
    )


def standing_lines(standings: Sequence[Standing], _: Translator) -> list[str]:
    """A player's ratings per game for ``/game stats``: this season's beside the all-time
    one (the rating alone while the guild never closed a season of it); none for a game
    without a rated game."""
    lines = []
    for standing in standings:
        all_time = standing.all_time
        if all_time.own is None and standing.in_season.own is None:
            continue
        title = game_title(standing.game_name, _)
        if standing.season.name is None:
            lines.append(
                _(
                    "📈 **{title}** rating: {figure}",
                    title=title,
                    figure=figure(all_time.own, all_time.players, _),
                )
            )
            continue
        lines.append(
            _(
                "📈 **{title}** · {season}: {season_figure} · all time: {figure}",
                title=title,
                season=season_name(standing.season, _),
                season_figure=figure(standing.in_season.own, standing.in_season.players, _),
                figure=figure(all_time.own, all_time.players, _),
            )
        )
    return lines


def season_choice(season: Season, _: Translator) -> str:
    """A ``season:`` suggestion (plain text: Discord shows no markdown there): the season's
    name, and whether it is current or when it ended."""
    name = season_name(season, _)
    if season.ended_at is None:
        return _("{season} · current", season=name)
    return _("{season} · ended {date}", season=name, date=season.ended_at.date().isoformat())


def all_time_choice(_: Translator) -> str:
    """The all-time leaderboard's suggestion."""
    return _(ALL_TIME_LABEL)


def start_question(title: str, closing: str, starting: str, _: Translator) -> str:
    """The question ``/cardroom season start`` asks before it closes a season."""
    return _(
        "Close **{closing}** of {title} and start **{starting}**? The leaderboard of "
        "{closing} is kept as it stands now; the ratings of {starting} start afresh from "
        "the games that end from now on. All-time ratings, stats and history go on.",
        title=title,
        closing=closing,
        starting=starting,
    )


def season_over(title: str, closed: str, started: str, top: Sequence[Rating], _: Translator) -> str:
    """The public notice of a season's end: its final top players, and the next season."""
    lines = [_("🏁 **{season}** of {title} is over.", season=closed, title=title)]
    if top:
        lines.append(_("Final standings:"))
        for rating in top:
            lines.append(
                _(
                    "{place}. {player} — {rating} ({games} games)",
                    place=rating.place,
                    player=rated_name(rating, _),
                    rating=format(rating.ordinal, ".1f"),
                    games=rating.games,
                )
            )
    lines.append(
        _(
            "**{season}** starts now: every rating of it starts afresh. "
            "`/game leaderboard` shows it, and the past seasons by name.",
            season=started,
        )
    )
    return "\n".join(lines)
