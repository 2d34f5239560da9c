"""The lobby message: its text, its components, and editing it after changes made elsewhere
(``/game leave``, an admin's abort)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

import discord

import engine
from bot.games import Presentation, presentation
from bot.i18n import Translator
from bot.messages import discord_io, layouts
from bot.messages.languages import GuildLanguages
from bot.service.away import AwayTimes
from bot.service.fair_play import MIN_RELIABILITIES
from bot.service.lobby import THINKING_TIMES, has_search_player
from bot.service.paces import PACES, pace_of
from bot.service.reasons import ADMIN_ABORT
from bot.texts.fair_play import min_reliability_text, names_with_records
from bot.texts.paces import away_text, pace_text
from bot.texts.rendering import chosen_options, thinking_text
from bot.texts.seat_names import LEVEL_HINTS, LEVEL_NAMES, levels_line, seat_names
from engine.players import LEVELS, measured_wins, offered_levels
from storage import LOBBY, GameRecord, GameStatus, Reliability, Storage


def lobby_text(
    record: GameRecord,
    _: Translator,
    records: Mapping[int, Reliability] | None = None,
    away: Mapping[int, datetime] | None = None,
) -> str:
    """The lobby message: game, host, players so far (each person with their reliability
    record, of ``records`` by user id; ``away``: those away, by user id, with the end of their
    away time), the goal, what each option does and how to read the table, and what happens
    next; once the game started, the options it was set up with (the table does not repeat
    them)."""
    info = engine.get_game(record.game_name).info
    names = [
        f"{name} ({away_text(away[seat.user_id], _)})"
        if away and seat.user_id is not None and seat.user_id in away
        else name
        for seat, name in zip(
            record.seats,
            names_with_records(record, seat_names(record, _), records or {}, _),
            strict=True,
        )
    ]
    host = f"<@{record.host_id}>"
    lines = [
        _("**{title}** · lobby of game #{game}", title=_(info.title), game=record.id),
        _("Host: {player}", player=host),
        _(
            "Players ({count}/{most}): {players}",
            count=len(record.seats),
            most=info.max_players,
            players=", ".join(names) or _("nobody yet"),
        ),
    ]
    show = presentation(record.game_name)
    if record.status == GameStatus.LOBBY:
        if record.in_thread:
            thread = f"<#{record.channel_id}>"
            lines.append(_("🧵 The game's thread: {thread}", thread=thread))
        if show.goal:
            lines.append(_(show.goal))
        for option in show.lobby_options:
            if option.help:
                lines.append(_("-# {option}: {help}", option=_(option.label), help=_(option.help)))
        lines += [f"-# {line}" for line in show.legend(_)]
        seats = len(record.seats) + 1  # the table an automatic player would make
        levels = offered_levels(record.game_name, seats)
        if len(record.seats) < record.max_seats and levels:
            table = max(seats, 2)
            measured = measured_wins(record.game_name, table)
            lines.append(levels_line(levels, _, measured, table))
        if info.min_players == 1:
            start = _(
                "Press **Join** to play. The host can start alone (solo) or with up to {most} "
                "players.",
                most=info.max_players,
            )
        else:
            start = _(
                "Press **Join** to play. The host starts the game with {least} to {most} players.",
                least=info.min_players,
                most=info.max_players,
            )
        lines.append(start)
    elif record.result is not None and record.result.reason == ADMIN_ABORT:
        lines.append(_("The game was aborted by an admin."))
    elif record.status == GameStatus.ABORTED:
        lines.append(_("This lobby was closed."))
    else:
        lines.append(_("The game has started: the table is below."))
        chosen = chosen_options(record, show, _)
        if chosen:
            lines.append(_("-# Options: {options}", options=chosen))
    return "\n".join(lines)


TURN_CLOCK = "turn_clock"
"""The lobby menu field of the table's pace (every game has one)."""
MIN_RELIABILITY = "min_reliability"
"""The lobby menu field of the host's fair-play filter (``bot.service.fair_play``)."""
THINKING_TIME = "thinking_ms"
"""The lobby menu field of the search level's thinking time (once a search player sits)."""
ADD_AUTOMATIC = "add_automatic"
"""The lobby menu field that seats an automatic player of the chosen level."""
REMOVE_AUTOMATIC = "remove_ai"
"""The lobby button op that takes the last automatic player out."""
INVITED_ONLY = "invited_only"
"""The lobby toggle field of "invited players only" (a setting of the lobby, not the game's)."""


def lobby_settings(
    record: GameRecord, show: Presentation, _: Translator
) -> list[layouts.LobbySetting]:
    """The host options of ``record`` as the lobby shows them, with their current values."""
    settings = []
    for option in show.lobby_options:
        current = record.options.get(option.field)
        if option.is_toggle:
            settings.append(layouts.LobbySetting(option.field, _(option.label), on=bool(current)))
            continue
        values = [value for value, _label in option.choices]
        settings.append(
            layouts.LobbySetting(
                option.field,
                _(option.label),
                choices=tuple(_(label) for _value, label in option.choices),
                current=values.index(current) if current in values else -1,
            )
        )
    pace = pace_of(record)
    settings.append(
        layouts.LobbySetting(
            TURN_CLOCK,
            _("Pace"),
            choices=tuple(pace_text(p, _) for p in PACES),
            current=PACES.index(pace) if pace in PACES else 0,
        )
    )
    settings.append(
        layouts.LobbySetting(
            MIN_RELIABILITY,
            _("Players who finish"),
            choices=tuple(min_reliability_text(p, _) for p in MIN_RELIABILITIES),
            current=MIN_RELIABILITIES.index(record.min_reliability)
            if record.min_reliability in MIN_RELIABILITIES
            else 0,
        )
    )
    if has_search_player(record):
        settings.append(
            layouts.LobbySetting(
                THINKING_TIME,
                _("Thinking time"),
                choices=tuple(thinking_text(ms, _) for ms in THINKING_TIMES),
                current=THINKING_TIMES.index(record.thinking_ms)
                if record.thinking_ms in THINKING_TIMES
                else 0,
            )
        )
    settings.append(
        layouts.LobbySetting(INVITED_ONLY, _("Invited players only"), on=record.invited_only)
    )
    levels = offered_levels(record.game_name, len(record.seats) + 1)
    if len(record.seats) < record.max_seats and levels:
        settings.append(
            layouts.LobbySetting(
                ADD_AUTOMATIC,
                _("Add an automatic player"),
                choices=tuple(
                    _("Cardroom AI ({level})", level=_(LEVEL_NAMES[level])) for level in levels
                ),
                placeholder=True,
                values=tuple(LEVELS.index(level) for level in levels),
                descriptions=tuple(_(LEVEL_HINTS[level]) for level in levels),
            )
        )
    return settings


def lobby_layout(
    record: GameRecord,
    _: Translator,
    records: Mapping[int, Reliability] | None = None,
    away: Mapping[int, datetime] | None = None,
) -> discord.ui.LayoutView:
    """The lobby message's layout for ``record`` (components only while it is a lobby), the
    players' reliability ``records`` and ``away`` times beside their names (see
    :func:`lobby_text`)."""
    show = presentation(record.game_name)
    return layouts.lobby(
        record.id,
        lobby_text(record, _, records, away),
        lobby_settings(record, show, _),
        _,
        show.accent,
        closed=record.status != GameStatus.LOBBY,
        removable=any(s.user_id is None for s in record.seats),
    )


CardLook = Callable[[GameRecord, Translator], discord.ui.LayoutView | None]
"""The card a game shows on its lobby message instead of its lobby, or ``None``."""


def no_card(record: GameRecord, _: Translator) -> discord.ui.LayoutView | None:
    """Every game shows as its lobby (before threads are wired in)."""
    return None


class LobbyMessages:
    """Edits stored lobby messages (showing who is away: ``away``)."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        languages: GuildLanguages,
        away: AwayTimes | None = None,
    ) -> None:
        self.client = client
        self.storage = storage
        self.languages = languages
        self.away = away
        self.card: CardLook = no_card
        """What a game played in a thread of its own shows once it started: its card
        (``bot.messages.cards.card_layout``)."""

    def layout(
        self,
        record: GameRecord,
        _: Translator,
        records: Mapping[int, Reliability] | None = None,
    ) -> discord.ui.LayoutView:
        """:func:`lobby_layout` of ``record``, its players' reliability ``records`` beside
        their names and the players away marked; or its card (:attr:`card`), a game played in a
        thread once it started."""
        card = self.card(record, _)
        if card is not None:
            return card
        away = None
        if self.away is not None:
            away = self.away.away_until(record.guild_id, [s.user_id for s in record.seats])
        return lobby_layout(record, _, records, away)

    async def refresh(self, record: GameRecord) -> None:
        """Edit the stored lobby message to show ``record`` (after ``/game leave``, an abort)."""
        stored = await self.storage.messages.get(record.id, LOBBY)
        if stored is None:
            return
        _ = await self.languages.public(record.guild_id)
        people = [s.user_id for s in record.seats if s.user_id is not None]
        records = await self.storage.reliability.records(record.guild_id, people)
        channel = self.client.get_partial_messageable(stored.channel_id, guild_id=record.guild_id)
        await discord_io.edit(
            channel.get_partial_message(stored.message_id), view=self.layout(record, _, records)
        )
