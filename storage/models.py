"""Data objects storage hands back (frozen dataclasses, never database rows).

Times are timezone-aware UTC ``datetime`` values. Discord ids (guild, channel, user,
message) are plain ``int`` snowflakes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from storage.slow_play_models import SeatBank


class GameStatus(StrEnum):
    """Where a game is in its life. Allowed moves: lobby → active → finished;
    lobby → aborted; active → aborted."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


OPEN_STATUSES: tuple[GameStatus, ...] = (GameStatus.LOBBY, GameStatus.ACTIVE)
"""Statuses of an *open* game; a channel holds at most one open game."""


class _OutcomeLike(Protocol):
    @property
    def winners(self) -> Any: ...
    @property
    def draw(self) -> bool: ...
    @property
    def reason(self) -> str: ...


def _ints(values: Any) -> tuple[int, ...] | None:
    return None if values is None else tuple(int(v) for v in values)


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended, stored as JSON ``{"winners": [...], "draw": bool, "reason": str}``
    (with ``"scores"`` and ``"ranks"`` when the game ended with them).

    Attributes:
        winners: winning seats (0-based); empty for a draw or an aborted game.
        draw: ``True`` when the game ended without a winner.
        reason: machine-readable reason: the engine's (``"turn_limit"``, ...) or, for an
            aborted game, the reason given to ``abort_game``.
        scores: every seat's final score, by seat (games that end with scores), else ``None``.
        ranks: every seat's rank (1 = best, equal scores share), else ``None``.
    """

    winners: tuple[int, ...] = ()
    draw: bool = False
    reason: str = ""
    scores: tuple[int, ...] | None = None
    ranks: tuple[int, ...] | None = None

    @classmethod
    def of(cls, value: GameResult | _OutcomeLike | Mapping[str, Any]) -> GameResult:
        """Build from a ``GameResult``, an ``engine.Outcome`` or a mapping with the same keys."""
        if isinstance(value, GameResult):
            return value
        if isinstance(value, Mapping):
            return cls(
                tuple(int(s) for s in value.get("winners", ())),
                bool(value.get("draw", False)),
                str(value.get("reason", "")),
                _ints(value.get("scores")),
                _ints(value.get("ranks")),
            )
        return cls(
            tuple(int(s) for s in value.winners),
            bool(value.draw),
            str(value.reason),
            _ints(getattr(value, "scores", None)),
            _ints(getattr(value, "ranks", None)),
        )

    def seat_ranks(self, seats: int) -> tuple[int | None, ...]:
        """Each seat's rank: the stored ranks, else 1 for the winners and the next rank for
        everyone else; ``None`` for every seat of a draw or a game nobody won."""
        if self.ranks is not None:
            return self.ranks
        if self.draw or not self.winners:
            return (None,) * seats
        return tuple(1 if s in self.winners else 1 + len(self.winners) for s in range(seats))

    def to_json(self) -> str:
        """Compact JSON text of this result."""
        data: dict[str, Any] = {
            "winners": list(self.winners),
            "draw": self.draw,
            "reason": self.reason,
        }
        if self.scores is not None:
            data["scores"] = list(self.scores)
        if self.ranks is not None:
            data["ranks"] = list(self.ranks)
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameResult:
        """Parse the JSON written by :meth:`to_json`."""
        return cls.of(json.loads(text))


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a game.

    Attributes:
        seat: seat number, 0-based; in a lobby it is the join order (renumbered on leave).
        user_id: the Discord user holding it, or ``None`` for an automatic player seated
            as such. A player who left keeps their ``user_id`` here (history).
        automatic: ``True`` when the engine's automatic player decides for this seat.
        joined_at: when the seat was taken.
        left_at: when its player left the running game (``None`` while they play).
        display_name: the player's name in the guild when they sat down (``None`` if unknown).
        score, rank: the seat's final score and rank, once the game finished (``None`` before,
            and where the game has none).
        level: the automatic player's level (``engine.players.LEVELS``: ``"random"``,
            ``"greedy"``, ``"search"``; seats stored before its rename hold ``"ismcts"``) for
            a seat played automatically, else ``None``.
        timeouts: how many turn-clock timeouts in a row its player has had.
        away: the seat is played automatically until its player acts again (the person still
            holds it); the bot's service decides when (after 3 timeouts in a row) and says so
            in a :class:`SeatChange`.
        former: a former player held it: a person who asked to be forgotten (``user_id`` and
            ``display_name`` are ``None``; the results stay).
        undone: how many of its moves the seat took back (``engine.undo``).
        bank_ms, bank_since, reminders: the seat's time bank (paced games): milliseconds left
            at ``bank_since`` (``None``: the pace's start), when the game began to wait for
            it (``None``: it does not), reminders sent in that wait (``storage.SeatBank``).
    """

    seat: int
    user_id: int | None
    automatic: bool
    joined_at: datetime
    left_at: datetime | None = None
    display_name: str | None = None
    score: int | None = None
    rank: int | None = None
    level: str | None = None
    timeouts: int = 0
    away: bool = False
    former: bool = False
    undone: int = 0
    bank_ms: int | None = None
    bank_since: datetime | None = None
    reminders: int = 0

    @property
    def is_human(self) -> bool:
        """A person holds this seat (they may be away for now)."""
        return not self.automatic and self.user_id is not None

    @property
    def person(self) -> bool:
        """A person took this seat in the lobby (they may have left since, or be a former
        player now); ``False`` for an automatic player seated as such."""
        return self.user_id is not None or self.former

    @property
    def played_automatically(self) -> bool:
        """An automatic player decides for this seat now: an automatic seat, or one away."""
        return self.automatic or self.away


@dataclass(frozen=True, slots=True)
class SeatChange:
    """What a change to a running game does to one of its seats besides: decided by the
    caller (the bot's service: its timeouts and whether it is away), written by storage in
    the same transaction.

    Attributes:
        seat: the seat number.
        timeouts, away: the seat's new ``timeouts`` and ``away`` (see :class:`Seat`).
        read: the seat's ``(timeouts, away)`` the change was decided on, when it rests on
            them (a timeout counted on from the last): it applies only to the seat as it was
            read, else the whole change is refused (``StaleSeat``). ``None``: whatever the
            seat holds now.
    """

    seat: int
    timeouts: int
    away: bool
    read: tuple[int, bool] | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game row with its seats, as read in one snapshot.

    Attributes:
        id: the game id (never reused, so it is safe inside Discord ``custom_id`` values).
        guild_id, channel_id: where the game is played.
        game_name: the engine's game name, e.g. ``"artichokes"``.
        host_id: the Discord user who opened the lobby.
        options: the table options as a JSON object (``engine.parse_options`` reads it).
        max_seats: the most seats the lobby accepts.
        status: see :class:`GameStatus`.
        seed: the game's seed (``None`` in the lobby).
        state_json: ``engine.dumps`` of the current state (``None`` in the lobby; also
            ``None`` in a ``bot.service.GameSnapshot``, which keeps the parsed state instead).
        version: log rows committed (moves, take-backs); state ``step`` = version - 2 undone.
        result: how it ended (finished or aborted games), else ``None``.
        created_at, updated_at, started_at, ended_at: times (the last two may be ``None``).
        set_aside_reason: why ``load_active_games`` set this game aside (its stored state
            failed validation), else ``None``.
        deadline: when the pending decision times out (turn clocks), else ``None``.
        turn_clock: the table's pace, in seconds: each decision's clock (real time) or
            what each move adds to a seat's bank (turn-based); ``None`` for none.
        bank_start, bank_cap: a turn-based pace's bank at the start and the most it holds,
            in seconds; ``None`` (both) for real time or none.
        thinking_ms: how long the search level thinks per move at this table, in
            milliseconds, ``None`` for the server's default.
        automatic_secret: 32 hex digits drawn when the game started, which the automatic
            players' randomness mixes in (``bot.service.automatic``), so the public game id,
            move count and seat do not predict it. Hidden like the seed: never shown, never
            logged (left out of ``repr``), exported with the finished game's record only.
            ``None`` in the lobby, and for games that ended before it existed.
        seats: the seats, ordered by seat number.
        undone, takeback: moves taken back (``engine.undo``); the one its seat may now.
        min_reliability: the host takes players who finish this % of games (``None``: all).
        wake_at: when the bot next looks at the running game by itself (``storage.wakes``).
        parent_id: the channel that holds the game's card when the game is played in a thread
            of its own (``channel_id`` is that thread; it equals ``parent_id`` for a moment,
            between the lobby's creation and its thread's), else ``None`` (the game is played
            in ``channel_id`` itself, and is its only open game).
        invited_only: only the host and the people invited to the lobby may join it.
        again_of: the game this lobby plays again ("Play again"), else ``None``.
    """

    id: int
    guild_id: int
    channel_id: int
    game_name: str
    host_id: int
    options: dict[str, Any]
    max_seats: int
    status: GameStatus
    seed: int | None
    state_json: str | None
    version: int
    result: GameResult | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    set_aside_reason: str | None
    deadline: datetime | None = None
    turn_clock: int | None = None
    bank_start: int | None = None
    bank_cap: int | None = None
    thinking_ms: int | None = None
    automatic_secret: str | None = field(default=None, repr=False)
    seats: tuple[Seat, ...] = field(default=())
    undone: int = 0
    takeback: TakeBackMove | None = None
    min_reliability: int | None = None
    wake_at: datetime | None = None
    parent_id: int | None = None
    invited_only: bool = False
    again_of: int | None = None

    @property
    def is_open(self) -> bool:
        """The game is a lobby or active (it occupies its channel)."""
        return self.status in OPEN_STATUSES

    @property
    def in_thread(self) -> bool:
        """The game is played in a thread of its own (``channel_id``), its card in
        ``parent_id``."""
        return self.parent_id is not None and self.parent_id != self.channel_id

    @property
    def started_with_people_only(self) -> bool:
        """Every seat was taken by a person (no automatic player was seated in the lobby)."""
        return all(seat.user_id is not None for seat in self.seats)

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat ``user_id`` plays (ignoring seats they left), or ``None``."""
        for seat in self.seats:
            if seat.user_id == user_id and seat.left_at is None:
                return seat
        return None


class PublicEvent(NamedTuple):
    """A public event kept with a logged action (``engine.Event`` without ``visible_to``)."""

    kind: str
    seat: int | None
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One row of a game's append-only action log.

    Attributes:
        game_id: the game.
        seq: 1-based sequence number; the game's version right after this action.
        seat: the seat that acted.
        action_key: the engine ``Action.key``.
        public_events: the action's public events, in order.
        created_at: when it was committed.
        actor: who made it: ``"player"``, ``"automatic"`` (an automatic player) or
            ``"timeout"`` (the turn clock ran out).
        undoes, undone_by, undone_at: a take-back's move (``seq``); a move's take-back, when.
        banks_before: the time banks the move replaced, kept for a move its seat may take back
            (``storage.SeatBank``; a take-back gives them back).
    """

    game_id: int
    seq: int
    seat: int
    action_key: str
    public_events: tuple[PublicEvent, ...]
    created_at: datetime
    actor: str = "player"
    undoes: int | None = None
    undone_by: int | None = None
    undone_at: datetime | None = None
    banks_before: tuple[SeatBank, ...] = ()


class TakeBackMove(NamedTuple):
    """The move a running game's seat may take back now (``engine.undo``): seq, seat, key."""

    seq: int
    seat: int
    key: str


@dataclass(frozen=True, slots=True)
class GameMessage:
    """A Discord message that shows a game (so the bot can edit or repost it).

    Attributes:
        game_id: the game.
        kind: what the message shows, e.g. ``"lobby"`` or ``"table"``.
        channel_id, message_id: where the message is.
        updated_at: when it was stored.
        shown_version: the version of the game it shows (``None``: unknown).
    """

    game_id: int
    kind: str
    channel_id: int
    message_id: int
    updated_at: datetime
    shown_version: int | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-guild settings.

    Attributes:
        guild_id: the guild.
        language: the language an admin chose for public messages (``"uk"``), or ``None`` to
            follow the guild's locale in Discord.
        pictures: whether the guild's tables and private screens carry pictures (on unless
            an admin turned them off with ``/cardroom pictures``).
        threads: whether each new game gets a thread of its own (on unless an admin turned
            them off with ``/cardroom threads``: then one game per channel).
        default_options: game name -> default table options for that game (JSON objects).
        updated_at: when they were last set, ``None`` if never (all defaults).
    """

    guild_id: int
    language: str | None = None
    pictures: bool = True
    threads: bool = True
    default_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    updated_at: datetime | None = None
