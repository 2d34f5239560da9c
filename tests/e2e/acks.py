"""The oracle of acknowledged actions: which clicks the bot answered as applied, and whether the
stored action log holds exactly those (each once), whatever happened in between (faults,
crashes, restarts).

A click is *acknowledged* when the bot answered it by updating the player's screen in place
(type 7) with no notice: the move was made (the bot commits before it answers). A refused or
stale click is answered with a "⚠️" notice instead.

Matching needs no trust in the bot: the log is replayed from the game's seed, and every
player's move is identified by its seat and the decision stamp it answered (a seat's own move
always re-stamps its decisions, so the pair names at most one move); a menu's values are
turned into the action key as the menu offered them (``decode``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import engine
from bot.texts.decisions import decode
from storage import GameRecord, LoggedAction, Storage
from tests.fakediscord.interactions import MESSAGE_COMPONENT, UPDATE_MESSAGE, InteractionRecord

NOTICE = "⚠️"


@dataclass(frozen=True)
class Click:
    """An action click a user made: a button (``values`` None) — an action's, or the "yes"
    of an "are you sure?" before one — or a menu choice."""

    game_id: int
    user_id: int
    since: int
    custom_id: str
    values: tuple[str, ...] | None = None

    @property
    def button_key(self) -> str | None:
        """The action key of a button (``cr:act:<game>:<since>:<key>``, or a confirmation's
        ``cr:ok:<game>:<since>:<key>``); None for a menu."""
        if self.custom_id.startswith(("cr:act:", "cr:ok:")):
            return self.custom_id.split(":", 4)[4]
        return None

    @property
    def menu_kind(self) -> str:
        """The decision kind of a menu (``cr:sel:<game>:<since>:<kind>:<chunk>``)."""
        return self.custom_id.split(":")[4]


def action_click(record: InteractionRecord) -> Click | None:
    """The action click ``record`` is (a well-formed ``cr:act:``/``cr:ok:``/``cr:sel:``
    component interaction), else None."""
    if record.type != MESSAGE_COMPONENT:
        return None
    custom_id = str(record.data.get("custom_id", ""))
    parts = custom_id.split(":")
    if len(parts) < 5 or parts[:2] not in (["cr", "act"], ["cr", "ok"], ["cr", "sel"]):
        return None
    if not (parts[2].isdigit() and parts[3].isdigit()):
        return None
    values = record.data.get("values")
    return Click(
        int(parts[2]),
        record.user.id,
        int(parts[3]),
        custom_id,
        None if parts[1] in ("act", "ok") else tuple(values or ()),
    )


def acknowledged(record: InteractionRecord) -> Click | None:
    """The click, if the bot answered ``record`` as an applied move: its screen updated in
    place (or the table, for a click on the table) with no notice."""
    click = action_click(record)
    if click is None or record.response_type != UPDATE_MESSAGE:
        return None
    if record.answer_text is None or NOTICE in record.answer_text:
        return None
    return click


@dataclass
class LogMatch:
    """How the acknowledged clicks of one game compare with its stored log.

    Attributes:
        lost: acknowledged clicks the log lacks (or holds with another action).
        twice: acknowledged clicks that name a move already claimed by another click.
        unacknowledged: the players' moves in the log that no acknowledged click names (a
            move committed just before a crash, whose answer never left).
        player_moves: the players' moves in the log.
    """

    lost: list[Click] = field(default_factory=list)
    twice: list[Click] = field(default_factory=list)
    unacknowledged: list[LoggedAction] = field(default_factory=list)
    player_moves: int = 0


def match_log(game: GameRecord, log: Sequence[LoggedAction], clicks: Iterable[Click]) -> LogMatch:
    """Replay ``game``'s ``log`` (ascending, whole) and match the acknowledged ``clicks`` of
    that game against the players' moves in it."""
    state = engine.new_game(game.game_name, len(game.seats), game.options, game.seed or 0)
    moves: dict[tuple[int, int], tuple[LoggedAction, tuple[engine.Decision, ...]]] = {}
    for row in log:
        mine = tuple(engine.decisions(state, row.seat))
        if row.actor == "player" and mine:
            moves[(row.seat, mine[0].since)] = (row, mine)
        engine.apply(state, engine.Action(row.seat, row.action_key))
    seats = {s.user_id: s.seat for s in game.seats if s.user_id is not None}
    match = LogMatch(player_moves=sum(row.actor == "player" for row in log))
    claimed: set[int] = set()
    for click in clicks:
        seat = seats.get(click.user_id)
        found = moves.get((seat, click.since)) if seat is not None else None
        if found is None:
            match.lost.append(click)
            continue
        row, decisions = found
        key = click.button_key
        if key is None:
            decision = next((d for d in decisions if d.kind == click.menu_kind), None)
            key = decode(decision, click.values or ()) if decision is not None else None
        if key != row.action_key:
            match.lost.append(click)
        elif row.seq in claimed:
            match.twice.append(click)
        else:
            claimed.add(row.seq)
    match.unacknowledged = [r for r in log if r.actor == "player" and r.seq not in claimed]
    return match


async def check_log(storage: Storage, game_id: int, clicks: Iterable[Click]) -> LogMatch:
    """:func:`match_log` on the game as stored now (the game and its log read together)."""
    game, log = await storage.games.snapshot(game_id)
    return match_log(game, log, [c for c in clicks if c.game_id == game_id])
