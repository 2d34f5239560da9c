"""Shared SQL helpers: times, JSON columns, and rows -> data objects (sync, on the db thread)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from storage.errors import GameNotFound
from storage.models import (
    GameRecord,
    GameResult,
    GameStatus,
    LoggedAction,
    PublicEvent,
    Seat,
    TakeBackMove,
)
from storage.slow_play_models import SeatBank
from storage.sql import Connection, Row


def now_text() -> str:
    """The current UTC time as stored: ISO-8601 with milliseconds."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def parse_time(text: str | None) -> datetime | None:
    """Parse a stored time (``None`` stays ``None``)."""
    return None if text is None else datetime.fromisoformat(text)


def to_json(value: Any) -> str:
    """Compact, key-sorted JSON text for a JSON column."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


OPEN_SQL = "status IN ('lobby', 'active')"
"""SQL condition of an open (lobby or active) game."""

GAME_COLUMNS = (
    "id, guild_id, channel_id, game_name, host_id, options, max_seats, status, seed, state, "
    "version, result, created_at, updated_at, started_at, ended_at, set_aside_reason, deadline, "
    "turn_clock, thinking_ms, automatic_secret, bank_start, bank_cap, undone, takeback_seq, "
    "takeback_seat, takeback_key, min_reliability, wake_at, parent_id, invited_only, again_of"
)


def seat_from_row(row: Row) -> Seat:
    return Seat(
        seat=row["seat"],
        user_id=row["user_id"],
        automatic=bool(row["automatic"]),
        joined_at=datetime.fromisoformat(row["joined_at"]),
        left_at=parse_time(row["left_at"]),
        display_name=row["display_name"],
        score=row["score"],
        rank=row["rank"],
        level=row["level"],
        timeouts=row["timeouts"],
        away=bool(row["away"]),
        former=bool(row["former"]),
        undone=row["undone"],
        bank_ms=row["bank_ms"],
        bank_since=parse_time(row["bank_since"]),
        reminders=row["reminders"],
    )


def game_from_row(row: Row, seats: Sequence[Seat]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=int(row["guild_id"]),  # SQLite keeps a text it is given: refused here
        channel_id=row["channel_id"],
        game_name=row["game_name"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        max_seats=row["max_seats"],
        status=GameStatus(row["status"]),
        seed=row["seed"],
        state_json=row["state"],
        version=row["version"],
        result=None if row["result"] is None else GameResult.from_json(row["result"]),
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        started_at=parse_time(row["started_at"]),
        ended_at=parse_time(row["ended_at"]),
        set_aside_reason=row["set_aside_reason"],
        deadline=parse_time(row["deadline"]),
        turn_clock=row["turn_clock"],
        thinking_ms=row["thinking_ms"],
        automatic_secret=row["automatic_secret"],
        bank_start=row["bank_start"],
        bank_cap=row["bank_cap"],
        seats=tuple(seats),
        undone=row["undone"],
        takeback=None
        if row["takeback_seq"] is None
        else TakeBackMove(row["takeback_seq"], row["takeback_seat"], row["takeback_key"]),
        min_reliability=row["min_reliability"],
        wake_at=parse_time(row["wake_at"]),
        parent_id=row["parent_id"],
        invited_only=bool(row["invited_only"]),
        again_of=row["again_of"],
    )


def public_event_list(events: Iterable[Any]) -> list[dict[str, Any]]:
    """The JSON-ready form of ``events`` (``engine.Event`` values, :class:`PublicEvent`
    values or mappings with ``kind``/``seat``/``data``/``visible_to``): a list of
    ``{"kind", "seat", "data"}`` objects, private events (any ``visible_to``) left out."""
    public: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, Mapping):
            if event.get("visible_to") is not None:
                continue
            kind, seat, data = event["kind"], event.get("seat"), event.get("data", {})
        else:
            if getattr(event, "visible_to", None) is not None:
                continue
            kind, seat, data = event.kind, event.seat, event.data
        public.append({"kind": kind, "seat": seat, "data": data})
    return public


def public_events_from_list(items: Iterable[Mapping[str, Any]]) -> tuple[PublicEvent, ...]:
    """The events of a :func:`public_event_list` (as read back from JSON), in order."""
    return tuple(PublicEvent(e.get("kind", ""), e.get("seat"), e.get("data", {})) for e in items)


def action_from_row(row: Row) -> LoggedAction:
    return LoggedAction(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        action_key=row["action_key"],
        public_events=public_events_from_list(json.loads(row["public_events"])),
        created_at=datetime.fromisoformat(row["created_at"]),
        actor=row["actor"],
        undoes=row["undoes"],
        undone_by=row["undone_by"],
        undone_at=parse_time(row["undone_at"]),
        banks_before=banks_from_json(row["banks_before"]),
    )


def time_text(moment: datetime | None) -> str | None:
    """A time as stored (UTC, milliseconds), or ``None``.

    Raises:
        ValueError: a naive ``datetime`` (times must carry their zone).
    """
    if moment is None:
        return None
    if moment.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def write_seat_results(conn: Connection, game_id: int, result_json: str) -> None:
    """Store each seat's score and rank from a finished game's result (same transaction)."""
    result = GameResult.from_json(result_json)
    seats = conn.execute("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,)).fetchone()[0]
    ranks = result.seat_ranks(seats)
    scores = result.scores or (None,) * seats
    conn.executemany(
        "UPDATE seats SET score = ?, rank = ? WHERE game_id = ? AND seat = ?",
        [(scores[s], ranks[s], game_id, s) for s in range(min(seats, len(ranks), len(scores)))],
    )


def fetch_games(
    conn: Connection,
    where: str,
    params: Sequence[Any],
    *,
    on_bad_row: Callable[[int, Exception], None] | None = None,
    with_state: bool = True,
) -> list[GameRecord]:
    """Games matching ``where`` (SQL over table ``games``), ordered by id, with their seats
    (``with_state=False``: their ``state_json`` left out, ``None``, for lists of ended games).

    A row (or one of its seats) that does not convert raises, unless ``on_bad_row`` is
    given: then it is called with the game id and the error, and the game is left out.
    """
    columns = GAME_COLUMNS if with_state else GAME_COLUMNS.replace(" state,", " NULL AS state,")
    rows = conn.execute(f"SELECT {columns} FROM games WHERE {where} ORDER BY id", params).fetchall()
    if not rows:
        return []
    seats: dict[int, list[Seat]] = {row["id"]: [] for row in rows}
    bad: dict[int, Exception] = {}
    for seat_row in conn.execute(
        "SELECT * FROM seats WHERE game_id IN (SELECT value FROM json_each(?)) "
        "ORDER BY game_id, seat",
        (json.dumps(list(seats)),),
    ):
        try:
            seats[seat_row["game_id"]].append(seat_from_row(seat_row))
        except Exception as exc:
            if on_bad_row is None:
                raise
            bad.setdefault(seat_row["game_id"], exc)
    games = []
    for row in rows:
        try:
            if row["id"] in bad:
                raise bad[row["id"]]
            games.append(game_from_row(row, seats[row["id"]]))
        except Exception as exc:
            if on_bad_row is None:
                raise
            on_bad_row(row["id"], exc)
    return games


def game_seats(conn: Connection, game_id: int) -> list[Seat]:
    """The seats of ``game_id``, by seat number (none for no such game)."""
    rows = conn.execute("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    return [seat_from_row(row) for row in rows]


def fetch_game(conn: Connection, game_id: int) -> GameRecord:
    """The game ``game_id`` with its seats.

    Raises:
        GameNotFound: no such game.
    """
    games = fetch_games(conn, "id = ?", (game_id,))
    if not games:
        raise GameNotFound(game_id)
    return games[0]


def fetch_actions(
    conn: Connection, game_id: int, after: int = 0, limit: int = -1
) -> list[LoggedAction]:
    """Log rows of ``game_id`` with ``seq > after``, ascending, at most ``limit`` (-1: all)."""
    sql = "SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
    params: tuple[int, ...] = (game_id, after)
    if limit >= 0:
        sql, params = sql + " LIMIT ?", (*params, limit)
    rows = conn.execute(sql, params).fetchall()
    return [action_from_row(row) for row in rows]


def game_status(conn: Connection, game_id: int) -> tuple[GameStatus, int]:
    """``(status, version)`` of ``game_id``.

    Raises:
        GameNotFound: no such game.
    """
    row = conn.execute("SELECT status, version FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return GameStatus(row["status"]), row["version"]


def parse_state_header(state_json: str) -> dict[str, Any]:
    """``json.loads`` of a state passed in by the bot, checked to be a JSON object.

    Raises:
        TypeError: not a string.
        ValueError: not JSON, or not an object.
    """
    if not isinstance(state_json, str):
        raise TypeError("the state must be the JSON text from engine.dumps")
    try:
        state = json.loads(state_json)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the state is not JSON: {exc}") from exc
    if not isinstance(state, dict):
        raise ValueError("the state must be a JSON object")
    return state


def touch(conn: Connection, game_id: int, now: str) -> None:
    """Set the game's ``updated_at`` to ``now``."""
    conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))


def write_banks(conn: Connection, game_id: int, banks: tuple[SeatBank, ...]) -> None:
    """Write each of ``banks`` to its seat of ``game_id`` (one statement for them all; none
    for none). The caller checked the game's version in the same transaction."""
    if banks:
        conn.executemany(
            "UPDATE seats SET bank_ms = ?, bank_since = ?, reminders = ? "
            "WHERE game_id = ? AND seat = ?",
            [(b.bank_ms, time_text(b.since), b.reminders, game_id, b.seat) for b in banks],
        )


def banks_json(banks: tuple[SeatBank, ...]) -> str | None:
    """``banks`` as ``actions.banks_before`` holds them (``None``: none)."""
    if not banks:
        return None
    rows = [[b.seat, b.bank_ms, time_text(b.since), b.reminders] for b in banks]
    return json.dumps(rows, separators=(",", ":"))


def banks_from_json(text: str | None) -> tuple[SeatBank, ...]:
    """The banks of :func:`banks_json`'s ``text``."""
    if not text:
        return ()
    return tuple(SeatBank(s, ms, parse_time(since), r) for s, ms, since, r in json.loads(text))


def wake_soon(conn: Connection, game_id: int, now: str) -> None:
    """Have the bot look at ``game_id`` by ``now`` (its ``wake_at``, unless earlier): a change
    without a move may have made an automatic player's move due."""
    conn.execute(
        "UPDATE games SET wake_at = CASE WHEN wake_at IS NOT NULL AND wake_at < ? THEN wake_at "
        "ELSE ? END WHERE id = ?",
        (now, now, game_id),
    )
