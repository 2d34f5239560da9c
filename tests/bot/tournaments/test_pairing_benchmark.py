"""benchmarks/tournament_pairing.py runs, in small, and reports what docs/tournaments.md
quotes from it (no timing is asserted: figures come from the benchmark itself)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_pairing_benchmark_in_small_reports_every_figure() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "tournament_pairing.py"), "--players", "41",
         "--seats", "2,3", "--rounds", "3", "--runs", "2"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar off a terminal
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    assert (figures["players"], figures["rounds"], figures["runs"]) == (41, 3, 2)
    for seats in ("2", "3"):
        assert len(figures[seats]["round_median_s"]) == 3
        spread = figures[seats]["round_s"]
        assert 0 < spread["min"] <= spread["median"] <= spread["max"]
        assert figures[seats]["repeats"] == figures[seats]["repeated_byes"] == 0
