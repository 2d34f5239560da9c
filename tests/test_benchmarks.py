"""The benchmarks run, small: the reliability one (one kill of the bot process and a
hundred-odd bad inputs, every figure that must be 0 at 0; the full run is
``benchmarks/reliability.py``), the game memory one (every game within its budgets) and the
engine speed one (both of its paths, against a second tree)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_benchmark(script: str, *args: str) -> dict[str, Any]:
    """Run ``benchmarks/<script>`` with ``args``; it must succeed and print one JSON line,
    returned parsed."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures: dict[str, Any] = json.loads(line)
    return figures


@pytest.mark.soak
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_reliability_benchmark_in_small() -> None:
    figures = run_benchmark(
        "reliability.py", "--kills", "1", "--bad-inputs", "120", "--games", "2", "--seed", "2"
    )  # fmt: skip
    crashes, bad = figures["crashes"], figures["bad_inputs"]
    assert crashes["kills"] == crashes["restarts"] == 1
    assert crashes["acknowledged"] > 0 and crashes["games_unfinished"] == 0
    for key in ("lost", "twice", "corrupt", "unanswered_while_up", "stuck_channels",
                "tables_behind", "tables_orphaned"):  # fmt: skip
        assert crashes[key] == 0, (key, crashes)
    assert bad["bad_inputs"] == 120
    for key in ("crashes", "games_changed", "unanswered", "leaks", "foreign_screens_written",
                "admin_commands_obeyed", "errors_logged"):  # fmt: skip
        assert bad[key] == 0, (key, bad)


def test_every_game_stays_within_its_size_budgets_in_the_memory_benchmark() -> None:
    figures = run_benchmark("game_memory.py", "--games", "5")["figures"]
    assert {key.split("-")[0] for key in figures} == {
        "artichokes", "ninjan", "pentaquest", "verso"
    }  # fmt: skip
    for key, sizes in figures.items():
        assert 0 < sizes["json_bytes_max"] <= 4096, (key, sizes)
        assert 0 < sizes["memory_kb_per_game"] <= 20, (key, sizes)


@pytest.mark.parametrize("path", ["simulate", "api"])
def test_the_engine_speed_benchmark_compares_two_trees(path: str) -> None:
    # this tree against itself: both runs play the same seeded games through the same code
    figures = run_benchmark(
        "engine_speed.py", "--games", "3", "--rounds", "2", "--path", path, "--baseline", str(ROOT)
    )  # fmt: skip
    assert figures["path"] == path and figures["rounds"] == 2
    assert len(figures["actions_per_second"]["all"]) == 2
    assert len(figures["baseline_actions_per_second"]["all"]) == 2
    assert figures["ratio"] > 0 and figures["round_ratio_median"] > 0


def test_the_solo_search_budget_benchmark_measures_the_decisions_it_names() -> None:
    figures = run_benchmark(
        "solo_search_budget.py", "--game", "verso", "--games", "1", "--decisions", "3",
        "--rounds", "4",
    )  # fmt: skip
    assert figures["game"] == "verso" and figures["decisions_measured"] == 3
    assert 0 <= figures["with_a_better_candidate"] <= 3
    assert figures["ms_per_round_median"] > 0


def test_the_pictures_benchmark_draws_the_largest_table() -> None:
    figures = run_benchmark(
        "pictures.py", "--game", "verso", "--games", "1", "--pictures", "4", "--seed", "3"
    )  # fmt: skip
    verso = figures["verso-8p"]
    assert verso["pictures"] == 4 and 0 < verso["p50_ms"] <= verso["p99_ms"] <= verso["max_ms"]
    assert 0 < verso["kb_max"] <= 150
