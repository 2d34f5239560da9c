"""The generic texts around every game: the table, a seat's private screen, the rules, event
lines — built from a stored game, its engine views and the game's presentation.

Pure functions (no Discord calls): ``bot.messages.tables`` and the handlers post what they return.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, Literal

import engine
from bot.games import Presentation, RenderContext, presentation
from bot.i18n import Translator
from bot.service.paces import pace_of
from bot.service.reasons import ABANDONED, DEADLINE_REASON, FORFEIT
from bot.service.stamps import stamp
from bot.texts.decisions import MAX_BUTTONS, rows_for
from bot.texts.paces import pace_text
from bot.texts.seat_names import seat_labels, seat_names
from bot.texts.specs import ButtonSpec, ConfirmRow, Row, Screen
from bot.texts.undo import as_played, taken_back, undo_row
from engine import Event, View
from storage import GameRecord, GameStatus, LoggedAction


def ended_early(record: GameRecord) -> bool:
    """The game ended outside the rules: aborted (by an admin, or abandoned), or forfeit."""
    return record.status == GameStatus.ABORTED or (
        record.result is not None and record.result.reason == FORFEIT
    )


def context_for(
    record: GameRecord, _: Translator, *, mentions: bool = True, beside_table: bool = False
) -> RenderContext:
    """The render context of ``record`` for an audience speaking ``_``'s language; without
    ``mentions`` (where nothing renders them: a terminal), seats are named in text as on
    buttons (:func:`seat_labels`); ``beside_table``: see ``RenderContext``."""
    labels = seat_labels(record, _)
    return RenderContext(
        _,
        seat_names(record, _) if mentions else labels,
        labels,
        record.id,
        ended_early(record),
        record.options,
        beside_table,
    )


def banner(record: GameRecord, names: Sequence[str], _: Translator) -> str:
    """A line for games that ended outside the rules (empty otherwise)."""
    result = record.result
    if result is not None and result.reason == ABANDONED:
        return _("**Everyone left the game.**")
    if result is not None and result.reason == DEADLINE_REASON:
        return _("**Stopped at the round's deadline:** the seats out of time lose this table.")
    if record.status == GameStatus.ABORTED:
        return _("**This game was aborted.**")
    if result is not None and result.reason == FORFEIT:
        if result.winners:
            return _(
                "**{player} wins: everyone else left the game.**",
                player=names[result.winners[0]],
            )
        return _("**Everyone left the game.**")
    return ""


def option_value_text(show: Presentation, field: str, value: Any, _: Translator) -> str:
    """How the current value of host option ``field`` is shown."""
    for option in show.lobby_options:
        if option.field != field:
            continue
        if option.is_toggle:
            return _("on") if value else _("off")
        for choice, label in option.choices:
            if choice == value:
                return _(label)
    return str(value)


def chosen_options(record: GameRecord, show: Presentation, _: Translator) -> str:
    """The options ``record`` was set up with in the lobby, in one line ("<option>: on ·
    Turn clock: 5 min"; empty for a game without any), for the lobby once the game started
    and the Rules page: the table does not repeat them."""
    parts = [
        _(
            "{option}: {value}",
            option=_(option.label),
            value=option_value_text(show, option.field, record.options.get(option.field), _),
        )
        for option in show.lobby_options
        if option.field in record.options
    ]
    if record.turn_clock is not None:
        parts.append(_("Pace: {pace}", pace=pace_text(pace_of(record), _)))
    if record.thinking_ms is not None:
        parts.append(_("Thinking time: {time}", time=thinking_text(record.thinking_ms, _)))
    return " · ".join(parts)


def thinking_text(ms: int | None, _: Translator) -> str:
    """The search level's thinking time per move in words: "fast" (``None``, the server's
    default) or "deep (1 s)"."""
    if ms is None:
        return _("fast")
    return _("deep ({seconds} s)", seconds=format(ms / 1000, "g"))


def event_lines(
    show: Presentation, events: Iterable[Any], viewer: int | None, ctx: RenderContext
) -> list[str]:
    """The worded lines of ``events`` (engine events or stored public events) for ``viewer``."""
    lines = []
    for event in events:
        line = show.event_line(event, viewer, ctx)
        if line:
            lines.append(line)
    return lines


def recent_lines(
    show: Presentation,
    logged: Sequence[LoggedAction],
    ctx: RenderContext,
    limit: int | None | Literal["shown"] = "shown",
) -> list[str]:
    """The table's "last events": public events of the last logged actions, newest last (as
    played: see ``as_played``): the last ``limit`` lines (``"shown"``: as many as the
    presentation's ``recent_limit``, what the table shows; ``None``: all of them)."""
    lines: list[str] = []
    taken = taken_back(logged)
    for action in logged:
        if action.actor == "timeout" and action.seat < len(ctx.names):
            timed_out = ctx._(
                "⏰ {player} ran out of time: the automatic player moved.",
                player=ctx.names[action.seat],
            )
            if not lines or lines[-1] != timed_out:
                lines.append(timed_out)
        lines += as_played(action, event_lines(show, action.public_events, None, ctx), taken, ctx)
    lines = _collapse_repeats(lines, ctx)
    if limit == "shown":
        limit = show.recent_limit
    if limit is None:
        return lines
    return lines[-limit:] if limit else []


def _collapse_repeats(lines: list[str], ctx: RenderContext) -> list[str]:
    """Runs of one line said again and again (the same four of a kind dealt twice in a row)
    as that line once, with how many times: ``"… (×2)"``."""
    out: list[str] = []
    for line, run in itertools.groupby(lines):
        count = len(list(run))
        out.append(line if count == 1 else ctx._("{event} (×{count})", event=line, count=count))
    return out


def table_screen(
    record: GameRecord,
    state: engine.GameState,
    recent: Sequence[str],
    _: Translator,
    *,
    thinking: int | None = None,
    mentions: bool = True,
    clock: Sequence[str] = (),
) -> Screen:
    """The public table of a started game: the title line, a banner when it ended outside
    the rules, the ``clock`` lines (the time each waited seat has left:
    ``bot.texts.paces.clock_lines``), the game's own sections (from the spectator's view) and
    the last events; a line when the automatic player of seat ``thinking`` takes a while.
    What does not change during a game (its options, how to read it) is in the lobby and on
    the Rules page.
    ``mentions``: see :func:`context_for`."""
    show = presentation(record.game_name)
    ctx = context_for(record, _, mentions=mentions)
    view = engine.view(state, None)
    title = _(engine.get_game(record.game_name).info.title)
    lines = []
    top = banner(record, ctx.names, _)
    if top:
        lines += [top, ""]
    lines.append(_("**{title}** · game #{game}", title=title, game=record.id))
    lines += clock
    if thinking is not None:
        lines.append(thinking_line(record, thinking, ctx))
    lines += show.table_sections(view, ctx)
    if recent:
        lines += ["", _("**Last events**")]
        lines += [f"- {line}" for line in recent]
    rows, since = table_controls(record, state, view, ctx)
    return Screen("\n".join(lines), rows, since)


def thinking_line(record: GameRecord, seat: int, ctx: RenderContext) -> str:
    """The table's line while the automatic player of ``seat`` takes a while: an automatic
    player seated in the lobby is named as usual (its name carries its 🤖); for a person
    played automatically (away, or gone) the automatic player thinks on their behalf."""
    if record.seats[seat].user_id is None:
        return ctx._("{player} is thinking…", player=ctx.names[seat])
    return ctx._("🤖 The automatic player is thinking for {player}…", player=ctx.names[seat])


def table_controls(
    record: GameRecord, state: engine.GameState, view: View, ctx: RenderContext
) -> tuple[tuple[Row, ...], int]:
    """The components of the decisions the game's presentation puts on the table itself (a
    single seat's turn where everything is public), with their stamp; none otherwise. Only
    that seat's clicks on them count; they are worded from the spectator's ``view``."""
    show = presentation(record.game_name)
    if record.status != GameStatus.ACTIVE or ctx.closed:
        return (), 0
    pending = [d for d in engine.decisions(state) if not d.simultaneous]
    seats = {d.seat for d in pending}
    if len(seats) != 1:
        return (), 0
    shown = show.table_decisions(view, pending)
    if not shown:
        return (), 0
    return rows_for(shown, view, show, ctx), stamp(record, shown[0].seat, shown[0].since)


def seat_view(record: GameRecord, state: engine.GameState, seat: int) -> View:
    """``seat``'s view, without decisions once the game is no longer running (it ended
    outside the rules: aborted or forfeited)."""
    view = engine.view(state, seat)
    if record.status != GameStatus.ACTIVE and view.decisions:
        view = replace(view, decisions=())
    return view


def won_line(view: View, ctx: RenderContext) -> str | None:
    """A multiplayer winner's own end line, "🏆 You win!" (or "🏆 You share the win!"), in
    place of the table's "🏆 <@you> wins!"; ``None`` for everyone else and for solo games
    (their prompt says how the game went)."""
    outcome = view.outcome
    if outcome is None or view.viewer is None or len(ctx.names) < 2:
        return None
    if view.viewer not in outcome.winners:
        return None
    if len(outcome.winners) > 1:
        return ctx._("🏆 You share the win!")
    return ctx._("🏆 You win!")


def seat_screen(
    record: GameRecord,
    state: engine.GameState,
    seat: int,
    _: Translator,
    private: Sequence[str] = (),
    notice: str = "",
    *,
    mentions: bool = True,
    beside_table: bool = False,
) -> Screen:
    """``seat``'s private screen: a header, an optional ``notice``, the lines of ``private``
    events, the game's seat sections, the prompt, small print, and components for the seat's
    decisions (none once the game is no longer running). ``mentions``, ``beside_table``:
    see :func:`context_for`."""
    show = presentation(record.game_name)
    ctx = context_for(record, _, mentions=mentions, beside_table=beside_table)
    view = seat_view(record, state, seat)
    lines = []
    if notice:
        lines.append(notice)
    lines.append(_("Game #{game} · your seat", game=record.id))
    lines += [f"*{line}*" for line in private]
    lines += show.seat_sections(view, ctx)
    prompt = (
        _("This game is over.") if ctx.closed else won_line(view, ctx) or show.prompt(view, ctx)
    )
    lines += ["", f"**{prompt}**"]
    lines += [f"-# {line}" for line in show.notes(view, ctx)]
    since = stamp(record, seat, view.decisions[0].since) if view.decisions else 0
    rows = rows_for(view.decisions, view, show, ctx) + undo_row(record, seat, ctx)
    return Screen("\n".join(lines), rows, since)


def confirmation_screen(
    record: GameRecord,
    state: engine.GameState,
    seat: int,
    key: str,
    _: Translator,
    *,
    mentions: bool = True,
    beside_table: bool = False,
) -> Screen | None:
    """The "are you sure?" the game's presentation asks before ``seat`` makes the move
    ``key`` (from ``seat``'s own view only): its screen with the question on top and two
    buttons, make the move or go back; ``None`` when the move needs no question (or is not
    one of ``seat``'s current answers: the move itself will say why). The answers the
    question recommends instead (``Confirmation.instead``) are buttons beside them.
    ``mentions``, ``beside_table``: see :func:`context_for` (the terminal asks the same
    question)."""
    show = presentation(record.game_name)
    view = seat_view(record, state, seat)
    decision = next((d for d in view.decisions if d.chosen_in(key) is not None), None)
    if decision is None:
        return None
    ctx = context_for(record, _, mentions=mentions, beside_table=beside_table)
    asked = show.confirmation(decision, key, view, ctx)
    if asked is None:
        return None
    notice = "⚠️ " + asked.question
    screen = seat_screen(
        record, state, seat, _, notice=notice, mentions=mentions, beside_table=beside_table
    )
    rows: list[Row] = []
    instead = []
    for option in asked.instead[:MAX_BUTTONS]:
        other = next((d for d in view.decisions if option in d.options and not d.multi), None)
        if other is not None:
            text = show.option_text(other, option, view, ctx)
            instead.append(ButtonSpec(option, text.label[:80], text.style, text.emoji))
    if instead:
        rows.append(tuple(instead))
    rows.append(ConfirmRow(key, asked.confirm, asked.back))
    return Screen(screen.text, tuple(rows), stamp(record, seat, decision.since))


def private_lines(
    record: GameRecord,
    events: Iterable[Event],
    seat: int,
    _: Translator,
    *,
    mentions: bool = True,
) -> list[str]:
    """Worded private events of ``events`` that ``seat`` may see (public ones are on the
    table). ``mentions``: see :func:`context_for`."""
    show = presentation(record.game_name)
    ctx = context_for(record, _, mentions=mentions)
    shown = [e for e in engine.events_for(list(events), seat) if e.visible_to is not None]
    return event_lines(show, shown, seat, ctx)


def rules_text(
    game_name: str,
    options: dict[str, Any] | None,
    _: Translator,
    *,
    table: GameRecord | None = None,
    terminal: bool = False,
) -> str:
    """How the game goes and its reference sections (from the engine, translated), then how
    to read its table (the presentation's legend, in the terminal's words with
    ``terminal``); with ``table`` (a game of ``game_name``), the options that game was set
    up with."""
    info = engine.get_game(game_name).info
    show = presentation(game_name)
    lines = [_("**{title}**", title=_(info.title))]
    reference = engine.reference(game_name, options)
    lines += [_(paragraph) for paragraph in reference.overview]
    for section in reference.sections:
        lines += ["", f"**{_(section.heading)}**"]
        lines += [f"**{_(name)}** — {_(text)}" for name, text in section.entries]
    legend = show.legend(_, terminal=terminal)
    if legend:
        lines += ["", _("**Reading the table**"), *legend]
    if table is not None:
        chosen = chosen_options(table, show, _)
        if chosen:
            lines += [
                "",
                _("**Options of game #{game}**: {options}", game=table.id, options=chosen),
            ]
    return "\n".join(lines)


def games_list_text(_: Translator) -> str:
    """The games Cardroom runs, one line each, for ``/game rules`` outside a game."""
    from bot.games import presented_games

    lines = [_("**Games you can play here** (details: `/game rules game:`)")]
    for name in presented_games():
        info = engine.get_game(name).info
        players = (
            _("{count} players", count=info.max_players)
            if info.min_players == info.max_players
            else _("{least}–{most} players", least=info.min_players, most=info.max_players)
        )
        goal = presentation(name).goal
        lines.append(
            _(
                "**{title}** ({players}): {goal}",
                title=_(info.title),
                players=players,
                goal=_(goal) if goal else "",
            )
        )
    return "\n".join(lines)
