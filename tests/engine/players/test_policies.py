"""Automatic players see only their seat's view: two states that look the same to a seat get
the same answer from every level with the same seed; every answer is legal; the arena works."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.__main__ import main
from engine.arena import arena
from engine.players import LEVELS, choose
from tests.engine.players.helpers import states

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name", engine.game_names())
@pytest.mark.parametrize("level", LEVELS)
def test_a_player_decides_on_what_its_seat_sees_only(name: str, level: str) -> None:
    info = engine.get_game(name).info
    seats = max(info.min_players, 2) if info.max_players >= 2 else 1
    for state, seat in states(name, seats, 12, seed=len(name)):
        twin = engine.redistribute(state, seat, random.Random(99))  # another state, same view
        assert engine.view(twin, seat) == engine.view(state, seat)
        mine = choose(level, state, seat, random.Random(5), budget_ms=None, iterations=12)
        theirs = choose(level, twin, seat, random.Random(5), budget_ms=None, iterations=12)
        assert mine == theirs, f"{level} looked past the view of seat {seat}"
        assert mine in engine.legal_actions(state, seat)


@pytest.mark.soak  # a strength check over many games: in .ci/run's soak step
def test_the_search_player_beats_random_at_ninjan() -> None:
    result = arena("ninjan", ["search", "random"], 8, seed=3, budget_ms=None, iterations=60)
    assert result["levels"]["search"]["wins"] >= 7


def test_the_search_level_is_called_search_and_answers_to_its_former_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the lobby and the README call it "search"; "ismcts" is what it was called before
    assert LEVELS == ("random", "greedy", "search")
    ((state, seat),) = states("ninjan", 2, 1, seed=4)
    answers = {
        name: choose(name, state, seat, random.Random(5), budget_ms=None, iterations=20)
        for name in ("search", "ismcts")
    }
    assert answers["search"] == answers["ismcts"]
    old = arena("ninjan", ["ismcts", "random"], 2, seed=1, budget_ms=None, iterations=5)
    assert set(old["levels"]) == {"search", "random"}
    for seats in ("search,random", "ismcts,random"):
        argv = ["arena", "ninjan", "--seats", seats, "--games", "2", "--budget-ms", "0"]
        assert main([*argv, "--iterations", "5"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert _results(report) == _results(old)


TIMES = ("ms_per_decision", "cpu_ms_per_decision")


def _results(report: dict[str, Any]) -> dict[str, Any]:
    """An arena report's figures by level, without the times (which vary run to run)."""
    return {
        level: {key: value for key, value in figures.items() if key not in TIMES}
        for level, figures in report["levels"].items()
    }


def test_unknown_levels_are_refused() -> None:
    state = engine.new_game("ninjan", 2, None, 1)
    with pytest.raises(ValueError, match="unknown automatic player"):
        choose("genius", state, 0, random.Random(1))
    with pytest.raises(ValueError, match="unknown automatic player"):
        arena("ninjan", ["genius", "random"], 1, 1)


def test_the_arena_prints_one_json_line() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "arena",
            "ninjan",
            "--players",
            "2",
            "--seats",
            "greedy,random",
            "--games",
            "4",
            "--seed",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    (line,) = result.stdout.strip().splitlines()
    report = json.loads(line)
    assert report["games"] == 4 and set(report["levels"]) == {"greedy", "random"}
    assert report["levels"]["greedy"]["ms_per_decision"]["mean"] is not None
