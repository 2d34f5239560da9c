"""A finished game's record, as ``/game export`` writes it, and its check by replay: the
setup (game, options, seed, seats) and every action with who made it and when are enough
to rebuild the game anywhere, with this engine alone (``python -m engine replay FILE``).

The file is JSON (``FORMAT`` names its version)::

    {"format": "cardroom-game/2", "game": "artichokes", "game_id": 12, "options": {...},
     "seed": 123, "automatic_secret": "9f0c...", "started_at": "...", "ended_at": "...",
     "seats": [{"seat": 0, "player": "alice", "kind": "person", "user_id": "81...",
                "level": null, "left": false, "score": 31, "rank": 1}, ...],
     "result": {"winners": [0], "draw": false, "reason": "scores", "scores": [...],
                "ranks": [...]},
     "actions": [{"seq": 1, "seat": 0, "key": "harvest:0", "actor": "player",
                  "time": "..."}, ...]}

A move taken back stays in the record, with ``undone_by``: the number of the take-back, an
entry of key ``"undo"`` by the same seat with ``undoes``: the number of the move it took back
(``engine.undo``; ``cardroom-game/3``). The replay checks every take-back against the rule.

``seed`` and ``automatic_secret`` stay on the server while the game runs: the seed gives the
deal, the secret the automatic players' randomness (each of their moves drew from
``random.Random(f"{automatic_secret}:{game_id}:{step}:{seat}")``, so the public game id, move
count and seat alone did not foretell it). A record can show both once the game is over;
``automatic_secret`` is ``null`` for a game that ended before Cardroom had it (where the three
public numbers alone seeded those moves), and absent from ``cardroom-game/1`` records, which
this engine still reads.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.api import new_game, outcome
from engine.contract import Outcome
from engine.types import Action
from engine.undo import UNDO_KEY, Timeline

FORMAT: Literal["cardroom-game/3"] = "cardroom-game/3"
"""The version of the record format this engine writes (it reads ``cardroom-game/2``, the same
without take-backs, and ``cardroom-game/1``, without ``automatic_secret`` either)."""

OUTSIDE_THE_RULES = ("forfeit",)
"""Result reasons of games that ended without the rules ending them (everyone else left):
their replay ends with the game still running."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RecordedSeat(_Strict):
    """One seat: who held it (``kind``: a ``"person"``, an ``"automatic"`` player seated as
    such, or a ``"former"`` player who asked to be forgotten), their name then, their user id
    (a Discord snowflake as text, ``None`` where there is none), the automatic player's
    ``level``, whether the person ``left`` (forfeited), and the final ``score`` and ``rank``."""

    seat: int = Field(ge=0)
    player: str
    kind: Literal["person", "automatic", "former"]
    user_id: str | None = None
    level: str | None = None
    left: bool = False
    score: int | None = None
    rank: int | None = None


class RecordedResult(_Strict):
    """How the game ended (``engine.Outcome``'s fields; ``reason`` may be one of
    :data:`OUTSIDE_THE_RULES`)."""

    winners: list[int]
    draw: bool
    reason: str
    scores: list[int] | None = None
    ranks: list[int] | None = None


class RecordedAction(_Strict):
    """One logged action: its number (1, 2, ...), the seat, the engine action key, who made
    it (the seat's ``"player"``, an ``"automatic"`` player, or the turn clock on
    ``"timeout"``) and when it was committed; for a move taken back, ``undone_by`` (the
    number of the take-back); for a take-back (key ``"undo"``), ``undoes`` (the number of the
    move it took back)."""

    seq: int = Field(ge=1)
    seat: int = Field(ge=0)
    key: str
    actor: Literal["player", "automatic", "timeout"]
    time: datetime
    undoes: int | None = Field(default=None, ge=1)
    undone_by: int | None = Field(default=None, ge=1)


class GameRecordFile(_Strict):
    """A whole finished game (see the module docstring)."""

    format: Literal["cardroom-game/1", "cardroom-game/2", "cardroom-game/3"] = FORMAT
    game: str
    game_id: int
    options: dict[str, Any]
    seed: int = Field(ge=0)
    automatic_secret: str | None = Field(default=None, pattern=r"^[0-9a-f]{32}$")
    started_at: datetime
    ended_at: datetime
    seats: list[RecordedSeat] = Field(min_length=1)
    result: RecordedResult
    actions: list[RecordedAction]


class ReplayReport(_Strict):
    """What replaying a record gave: the engine's ``outcome`` (``None``: the rules had not
    ended the game), how many ``actions`` replayed, and whether it ``matches`` the record's
    result (``problem`` says how not)."""

    game: str
    game_id: int
    actions: int
    outcome: dict[str, Any] | None
    matches: bool
    problem: str | None = None


def _outcome_dict(found: Outcome) -> dict[str, Any]:
    return {
        "winners": list(found.winners),
        "draw": found.draw,
        "reason": found.reason,
        "scores": None if found.scores is None else list(found.scores),
        "ranks": None if found.ranks is None else list(found.ranks),
    }


def replay_record(record: GameRecordFile) -> ReplayReport:
    """Rebuild ``record``'s game from its setup and actions and compare the engine's outcome
    with the recorded result (winners, draw, scores and ranks).

    Raises:
        IllegalAction: an action is not legal where it stands, or a take-back was not allowed
            there (the record was altered, or comes from another engine).
        UnknownGame, ValueError: the game or its options are unknown here.
        ValueError: the actions are not numbered 1, 2, 3, ..., or a take-back's marks do not
            match the move the rule took back.
    """
    if [a.seq for a in record.actions] != list(range(1, len(record.actions) + 1)):
        raise ValueError("the actions are not numbered 1, 2, 3, ...")
    state = replay_checked(record).state
    found = outcome(state)
    recorded = record.result
    problem = None
    if found is None:
        if recorded.reason not in OUTSIDE_THE_RULES:
            problem = "the replayed game has not ended, but the record says it did"
    else:
        got = _outcome_dict(found)
        for field in ("winners", "draw", "scores", "ranks"):
            want = getattr(recorded, field)
            if got[field] != want:
                problem = f"{field}: the replay gives {got[field]}, the record says {want}"
                break
    return ReplayReport(
        game=record.game,
        game_id=record.game_id,
        actions=len(record.actions),
        outcome=None if found is None else _outcome_dict(found),
        matches=problem is None,
        problem=problem,
    )


def replay_checked(record: GameRecordFile) -> Timeline[int]:
    """Replay ``record``'s actions with their take-backs (``engine.undo``); each take-back
    must take back the move its ``undoes`` names, which names it in ``undone_by``.

    Raises:
        IllegalAction: as :func:`engine.undo.replay_with_undo`.
        ValueError: a take-back's marks do not match.
    """
    undone = {a.seq: a.undone_by for a in record.actions if a.undone_by is not None}
    timeline: Timeline[int] = Timeline(
        new_game(record.game, len(record.seats), record.options, record.seed)
    )
    for a in record.actions:
        if a.key != UNDO_KEY:
            timeline.apply(Action(a.seat, a.key), a.seq)
            continue
        taken = timeline.take_back(a.seat)
        if a.undoes != taken.tag or undone.pop(taken.tag, None) != a.seq:
            raise ValueError(f"take-back {a.seq} does not match the move it took back")
    if undone:
        raise ValueError(f"moves marked taken back but never taken back: {sorted(undone)}")
    return timeline
