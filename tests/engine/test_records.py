"""A finished game's record (what /game export writes) replays anywhere with
``python -m engine replay FILE``: the outcome is printed, a record whose result or actions
were altered is caught."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import engine
from engine.__main__ import main
from engine.records import FORMAT, GameRecordFile, replay_record
from engine.undo import UNDO_KEY, Timeline


def recorded_game(name: str, seats: int, seed: int, take_backs: float = 0.0) -> dict[str, Any]:
    """A record of a random legal game of ``name`` played to its end; with ``take_backs``,
    that share of the moves that may be taken back are taken back at once."""
    rng = random.Random(seed)
    line: Timeline[int] = Timeline(engine.new_game(name, seats, None, seed))
    actions: list[dict[str, Any]] = []
    now = datetime(2026, 1, 1, tzinfo=UTC).isoformat()
    while (found := engine.outcome(line.state)) is None:
        last = line.last()
        seq = len(actions) + 1
        if last is not None and rng.random() < take_backs:
            line.take_back(last.action.seat)
            actions[last.tag - 1]["undone_by"] = seq
            actions.append(
                {
                    "seq": seq,
                    "seat": last.action.seat,
                    "key": UNDO_KEY,
                    "actor": "player",
                    "time": now,
                    "undoes": last.tag,
                }  # fmt: skip
            )
            continue
        seat = rng.choice(engine.deciding_seats(line.state))
        action = engine.random_action(line.state, seat, rng)
        line.apply(action, seq)
        actions.append(
            {
                "seq": seq,
                "seat": seat,
                "key": action.key,
                "actor": "player",
                "time": now,
            }
        )
    return {
        "format": FORMAT,
        "game": name,
        "game_id": 7,
        "options": {},
        "seed": seed,
        "started_at": now,
        "ended_at": now,
        "seats": [
            {"seat": s, "player": f"p{s}", "kind": "person", "user_id": str(100 + s)}
            for s in range(seats)
        ],
        "result": {
            "winners": list(found.winners),
            "draw": found.draw,
            "reason": found.reason,
            "scores": None if found.scores is None else list(found.scores),
            "ranks": None if found.ranks is None else list(found.ranks),
        },
        "actions": actions,
    }


@pytest.mark.parametrize(("name", "seats"), [("artichokes", 3), ("ninjan", 2), ("verso", 1)])
def test_a_record_replays_to_its_result(name: str, seats: int) -> None:
    data = recorded_game(name, seats, seed=5)
    report = replay_record(GameRecordFile.model_validate(data))
    assert report.matches and report.problem is None
    assert report.actions == len(data["actions"])
    assert report.outcome is not None and report.outcome["winners"] == data["result"]["winners"]


def test_the_command_line_prints_the_outcome(tmp_path: Path) -> None:
    data = recorded_game("artichokes", 2, seed=3)
    path = tmp_path / "game-7.json"
    path.write_text(json.dumps(data))
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["matches"] is True and printed["outcome"]["reason"] == data["result"]["reason"]


def test_an_altered_result_or_log_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = recorded_game("artichokes", 2, seed=3)
    path = tmp_path / "game.json"
    lied = json.loads(json.dumps(data))
    lied["result"]["winners"] = (
        [1 - data["result"]["winners"][0]] if data["result"]["winners"] else [0]
    )
    path.write_text(json.dumps(lied))
    assert main(["replay", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["problem"].startswith("winners")

    cut = json.loads(json.dumps(data))
    cut["actions"] = cut["actions"][:-1]
    path.write_text(json.dumps(cut))
    assert main(["replay", str(path)]) == 1  # the game does not end

    forged = json.loads(json.dumps(data))
    forged["actions"][0]["key"] = "no-such-move"
    path.write_text(json.dumps(forged))
    assert main(["replay", str(path)]) == 2
    assert "python -m engine replay:" in capsys.readouterr().err

    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2
    assert "is not a game record" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_a_record_may_show_the_automatic_players_secret_and_older_records_still_replay() -> None:
    data = recorded_game("ninjan", 3, seed=4)
    assert data["format"] == "cardroom-game/3"
    assert replay_record(GameRecordFile.model_validate({**data, "format": "cardroom-game/2"}))
    shown = GameRecordFile.model_validate({**data, "automatic_secret": "0f" * 16})
    assert shown.automatic_secret == "0f" * 16 and replay_record(shown).matches
    older = {**data, "format": "cardroom-game/1"}  # exported before the secret existed
    assert replay_record(GameRecordFile.model_validate(older)).matches
    for wrong in ("secret", "0F" * 16, "0f" * 15):
        with pytest.raises(ValidationError):
            GameRecordFile.model_validate({**data, "automatic_secret": wrong})


@pytest.mark.parametrize(("name", "seats"), [("artichokes", 2), ("pentaquest", 2), ("ninjan", 3)])
def test_a_record_with_take_backs_replays_and_each_take_back_is_checked(
    name: str, seats: int, tmp_path: Path
) -> None:
    data = recorded_game(name, seats, seed=11, take_backs=0.5)
    undos = [a for a in data["actions"] if a["key"] == UNDO_KEY]
    assert undos, "the game should have taken some moves back"
    report = replay_record(GameRecordFile.model_validate(data))
    assert report.matches and report.actions == len(data["actions"])

    path = tmp_path / "game.json"
    renamed = json.loads(json.dumps(data))  # a take-back that names another move
    first = next(i for i, a in enumerate(renamed["actions"]) if a["key"] == UNDO_KEY)
    renamed["actions"][first]["undoes"] -= 1
    path.write_text(json.dumps(renamed))
    assert main(["replay", str(path)]) == 2

    unmarked = json.loads(json.dumps(data))
    taken = unmarked["actions"][undos[0]["undoes"] - 1]
    del taken["undone_by"]
    path.write_text(json.dumps(unmarked))
    assert main(["replay", str(path)]) == 2


def test_a_take_back_the_rule_does_not_allow_is_refused_on_replay() -> None:
    data = recorded_game("artichokes", 2, seed=3)
    first = data["actions"][0]  # the first harvest: it may be taken back, by its own seat
    other = 1 - first["seat"]
    forged = json.loads(json.dumps(data))
    forged["actions"].insert(
        1,
        {
            "seq": 2,
            "seat": other,
            "key": UNDO_KEY,
            "actor": "player",
            "time": first["time"],
            "undoes": 1,
        },  # fmt: skip
    )
    for seq, action in enumerate(forged["actions"], 1):
        action["seq"] = seq
    forged["actions"][0]["undone_by"] = 2
    with pytest.raises(engine.IllegalAction) as refused:
        replay_record(GameRecordFile.model_validate(forged))
    assert refused.value.code == "cannot_take_back"
