"""Verify a game: replay its seed and action log with the engine, compare with the stored state."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass

import engine
from engine.undo import UNDO_KEY, Timeline
from storage.models import GameRecord, GameResult, GameStatus, LoggedAction
from storage.queries import GameQueries


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """The outcome of replaying a game's log and comparing with its stored state.

    Attributes:
        game_id: the game.
        ok: ``True`` when the replay reproduces the stored state exactly (and the status
            agrees with the engine's outcome).
        message: one English sentence for the admin ``inspect`` command.
        stored_version: the game's version column.
        replayed_version: how many log actions replayed cleanly (``None`` when no replay
            was possible, e.g. a lobby or an unknown game).
    """

    game_id: int
    ok: bool
    message: str
    stored_version: int
    replayed_version: int | None


async def verify_game(games: GameQueries, game_id: int) -> VerifyResult:
    """Replay ``game_id`` from its seed, options, seat count and log; compare with its state.

    The game and its log are read in one transaction; the replay runs in a worker thread.

    Raises:
        GameNotFound: no such game.
    """
    game, actions = await games.snapshot(game_id)
    return await asyncio.to_thread(verify_replay, game, actions)


def verify_replay(game: GameRecord, actions: Sequence[LoggedAction]) -> VerifyResult:
    """Check ``game`` against ``actions`` (its whole log, ascending). Never raises for bad data.

    Checks, in order: the log is numbered 1..version without gaps; every action is legal
    where it stands and every take-back was allowed by the engine's rule there
    (``engine.undo``), naming the move it took back, which is marked so; the replayed state
    equals the stored one (as JSON); a game the engine considers over is not still active,
    and a finished game's winners/draw match the engine.
    """

    def result(ok: bool, message: str, replayed: int | None) -> VerifyResult:
        return VerifyResult(game.id, ok, message, game.version, replayed)

    if game.state_json is None:
        return result(
            True, f"game {game.id} never started ({game.status}): nothing to replay", None
        )
    seqs = [a.seq for a in actions]
    if seqs != list(range(1, len(actions) + 1)):
        return result(False, "the action log is not numbered 1, 2, 3, ... (rows missing)", None)
    if len(actions) != game.version:
        return result(
            False, f"the log holds {len(actions)} actions but the version is {game.version}", None
        )
    try:
        start = engine.new_game(game.game_name, len(game.seats), game.options, game.seed or 0)
    except Exception as exc:
        return result(False, f"cannot set the game up again: {type(exc).__name__}: {exc}", None)
    timeline: Timeline[int] = Timeline(start)
    undone = {a.seq: a.undone_by for a in actions if a.undone_by is not None}
    for action in actions:
        try:
            if action.action_key != UNDO_KEY:
                timeline.apply(engine.Action(action.seat, action.action_key), action.seq)
                continue
            taken = timeline.take_back(action.seat)
        except engine.IllegalAction as exc:
            return result(
                False,
                f"action {action.seq} (seat {action.seat}, {action.action_key!r}) is refused "
                f"on replay: {exc.message}",
                action.seq - 1,
            )
        if action.undoes != taken.tag or undone.pop(taken.tag, None) != action.seq:
            return result(
                False,
                f"take-back {action.seq} does not match the move it took back "
                f"({taken.tag}: marked {action.undoes})",
                action.seq - 1,
            )
    if undone or 2 * sum(a.undoes is not None for a in actions) != 2 * game.undone:
        return result(False, "the moves marked taken back do not match the take-backs", None)
    state = timeline.state
    replayed = len(actions)
    try:
        stored = json.loads(game.state_json)
    except json.JSONDecodeError as exc:
        return result(False, f"the stored state is not JSON: {exc}", replayed)
    fresh = json.loads(engine.dumps(state))
    if isinstance(stored, dict) and "since" not in stored:
        fresh.pop("since", None)  # written before decision stamps existed
    if fresh != stored:
        keys = sorted(k for k in fresh.keys() | stored.keys() if fresh.get(k) != stored.get(k))
        return result(
            False,
            f"the replay of {replayed} actions differs from the stored state in: "
            + ", ".join(keys),
            replayed,
        )
    outcome = engine.outcome(state)
    if outcome is not None and game.status == GameStatus.ACTIVE:
        return result(False, "the game is over for the engine but still active here", replayed)
    if outcome is not None and game.status == GameStatus.FINISHED and game.result is not None:
        expected = GameResult.of(outcome)
        if (expected.winners, expected.draw) != (game.result.winners, game.result.draw):
            return result(
                False,
                f"the stored result {game.result} differs from the engine's {expected}",
                replayed,
            )
    return result(True, f"replayed {replayed} actions; the stored state matches", replayed)
