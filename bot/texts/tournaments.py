"""A tournament in words: its sign-up card, its standings, the final standings, and where a
player stands (``/game tournament``). Players are named by mention (the messages that show
them notify nobody); automatic players by their number in the sign-up and their level, as
their tables name them (``bot.texts.seat_names.automatic_name``)."""

from __future__ import annotations

from bot.i18n import N_, Translator
from bot.service import tournaments as T
from bot.service.tournament_setup import PlaySettings, level_of, number_of, user_of
from bot.texts.history import game_title
from bot.texts.numbers import number_text, plural_count
from bot.texts.paces import pace_text
from bot.texts.seat_names import automatic_name
from storage.tournaments import TournamentRow

SHOWN_ROWS = 40
"""Rows of the standings shown in the message (the export holds them all)."""

ROWS_ROOM = 3_600
"""The most characters the standings' rows take in the message: with its head, the
tie-breaks' legend and its last lines, the text stays within one message (Discord's 4,000
characters of text, ``bot.messages.layouts.TEXT_LIMIT``); rows past it are counted in
"… and N more" (40 rows of the longest take about 3,500)."""

TIE_BREAK_NAMES = {
    "buchholz_cut1": "Buchholz cut-1",
    "buchholz": "Buchholz",
    "buchholz_median": "median Buchholz",
    "sonneborn_berger": "Sonneborn–Berger",
    "wins": N_("wins"),
}
"""The tie-breaks' names (the standard terms: the players' names the same in every language;
"wins" translated)."""

TIE_BREAK_KEYS = {
    "buchholz_cut1": "BH-C1",
    "buchholz": "BH",
    "buchholz_median": "BH-M1",
    "sonneborn_berger": "SB",
    "wins": "WON",
}
"""Each tie-break's short label beside its value in a row: FIDE's abbreviations (its
tie-break regulations), the same in every language; the legend names them."""


def points_text(points: float, _: Translator) -> str:
    """Points as shown, short, in the language's form and number: "1 pt", "1.5 pts",
    "1,5 pt" in French."""
    count, shown = plural_count(points, _), number_text(points, _)
    return _.plural("{points} pt", "{points} pts", count, points=shown)


def _key(tie_break: str) -> str:
    return TIE_BREAK_KEYS.get(tie_break, tie_break)


def entrant_name(entrant: str, _: Translator) -> str:
    """A person's mention, or the automatic player's name with its number in the sign-up
    ("🤖 Cardroom AI 3 (greedy)", as its tables name it)."""
    user = user_of(entrant)
    if user is not None:
        return f"<@{user}>"
    return automatic_name(level_of(entrant), _, number_of(entrant))


def _format(settings: PlaySettings, _: Translator) -> str:
    if settings.format == "elimination":
        return _("single elimination")
    return _.plural("Swiss, {count} round", "Swiss, {count} rounds", settings.rounds)


def card_text(row: TournamentRow, settings: PlaySettings, _: Translator) -> str:
    """The sign-up card: the game, format, seats and pace, the organiser, who signed up, and
    what happens now."""
    status = {
        "signup": _("Sign-up is open: press Join. The organiser starts it."),
        "running": _("Under way: each round's tables are played in threads of this channel."),
        "over": _("Over: the final standings are below."),
        "cancelled": _("Cancelled: too few players had signed up by its start time."),
    }[row.status]
    if row.status == "signup" and settings.starts_at is not None:
        when = f"<t:{int(settings.starts_at.timestamp())}:f>"  # in each reader's time zone
        status = _(
            "Sign-up is open: press Join. It starts {when} (or when the organiser starts it).",
            when=when,
        )
    entrants = [f"<@{u}>" for u in row.signups]
    entrants += [automatic_name(level, _, n) for n, level in enumerate(settings.automatic, start=1)]
    lines = [
        _(
            "🏆 **Tournament #{number}** · {title} · {format} · {seats} seats · pace: {pace}",
            number=row.id,
            title=game_title(row.game_name, _),
            format=_format(settings, _),
            seats=settings.seats,
            pace=pace_text(settings.table_pace, _),
        ),
        _("Organiser: <@{user}>", user=row.organiser_id),
    ]
    if settings.min_reliability is not None:
        lines.append(
            _(
                "For players whose share of finished games is at least {percent}%.",
                percent=settings.min_reliability,
            )
        )
    if row.status == "signup":
        lines.append(
            _("Signed up ({count}): {names}", count=len(entrants), names=", ".join(entrants))
            if entrants
            else _("Nobody has signed up yet.")
        )
    lines.append(status)
    return "\n".join(lines)


def standings_text(row: TournamentRow, record: T.Tournament, _: Translator) -> str:
    """The standings now (or the final standings): place, player, points and the tie-breaks
    named in their order."""
    shown = T.standings(record)
    last = T.current_round(record)
    done = sum(1 for played in record.rounds if played.finished)
    if shown.final:
        head = _("🏁 **Final standings** of tournament #{number}", number=row.id)
    elif done:
        head = _(
            "📊 **Standings** of tournament #{number} after round {done} of {rounds}",
            number=row.id,
            done=done,
            rounds=T.total_rounds(record),
        )
    else:
        head = _(
            "📊 **Standings** of tournament #{number}: round 1 of {rounds} is being played",
            number=row.id,
            rounds=T.total_rounds(record),
        )
    names = [f"{_key(t)} = {_(TIE_BREAK_NAMES.get(t, t))}" for t in shown.tie_breaks]
    lines = [head, _("Tie-breaks: {names}", names=" · ".join(names)) if names else ""]
    marks = {"dropped": _("dropped out"), "removed": _("removed")}
    room = ROWS_ROOM
    for standing in shown.rows[:SHOWN_ROWS]:
        breaks = "".join(
            f" · {_key(t)} {number_text(standing.tie_breaks.get(t, 0), _)}"
            for t in shown.tie_breaks
        )
        mark = " (" + marks[standing.status] + ")" if standing.status in marks else ""
        line = (
            f"{standing.place}. {entrant_name(standing.player, _)}{mark} — "
            + points_text(standing.points, _)
            + breaks
        )
        room -= len(line) + 1
        if room < 0:
            break
        lines.append(line)
    shown_rows = len(lines) - 2
    if len(shown.rows) > shown_rows:
        lines.append(_("… and {count} more.", count=len(shown.rows) - shown_rows))
    if last is not None and not last.finished and not shown.final:
        playing = sum(t.result is None for t in last.tables)
        lines.append(
            _.plural(
                "Round {round}: {playing} of {count} table still playing.",
                "Round {round}: {playing} of {count} tables still playing.",
                len(last.tables),
                round=last.number,
                playing=playing,
            )
        )
    return "\n".join(line for line in lines if line)


def where_text(
    row: TournamentRow,
    record: T.Tournament,
    where: T.Whereabouts,
    thread_id: int | None,
    _: Translator,
) -> str:
    """``/game tournament``: the player's place and points, their table now (a link to its
    thread) or their bye, and whether they are out or the tournament is over."""
    count, shown = plural_count(where.points, _), number_text(where.points, _)
    title = game_title(row.game_name, _)  # outside ``_.plural``: pybabel reads no nested ``_``
    lines = [
        _.plural(
            "🏆 Tournament #{number} ({title}): you are in place {place} of {entrants} with "
            "{points} point.",
            "🏆 Tournament #{number} ({title}): you are in place {place} of {entrants} with "
            "{points} points.",
            count,
            number=row.id,
            title=title,
            place=where.place,
            entrants=len(record.entrants),
            points=shown,
        )
    ]
    if row.status == "over":
        lines.append(_("The tournament is over: these are the final standings."))
    elif where.table is not None and where.playing:
        place = f"<#{thread_id}>" if thread_id is not None else f"#{where.table}"
        lines.append(
            _(
                "Round {round}: your table is {table}, seat {seat}: {place}",
                round=where.round,
                table=where.table,
                seat=(where.seat or 0) + 1,
                place=place,
            )
        )
    elif where.status == "active" and where.bye:
        lines.append(_("Round {round}: you have a bye.", round=where.round))
    elif where.status == "active":
        lines.append(_("Your table has ended; the next round starts once every table has."))
    if where.status != "active" and row.status != "over":
        lines.append(_("You are out of the tournament; your results stay in the standings."))
    return "\n".join(lines)
