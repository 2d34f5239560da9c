"""How the search level did against greedy, as measured: data the benchmarks write and the
lobby quotes ("won 72 of 100 test games against greedy").

Each game package holds its own ``measured.json``: per table size, the runs of one search seat
against greedy seats at the default thinking time (``engine.players.DEFAULT_BUDGET_MS``),
each ``{"seed", "games", "wins", "by"}`` and, where the game ends with scores,
``"mean_score"`` (the search seat's) and ``"greedy_best"`` (the best greedy seat's mean).
``python -m engine arena GAME --seats search,greedy[,greedy...] --save`` and
``benchmarks/table_sizes.py --save`` write them (:func:`save_run`); the lobby reads the sum of
a table size's runs (:func:`measured_wins`). A run replaces the one of the same seed (the same
deals, measured again) and joins the others.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

RUNS = "search_against_greedy"
"""The key of the runs in a game's file: table size (a string, JSON's keys are) -> runs."""
FILE_NAME = "measured.json"
ABOUT = (
    "One search seat against greedy seats at 250 ms a move, per table size: the runs of "
    "`python -m engine arena GAME --seats search,greedy --save` and "
    "`benchmarks/table_sizes.py --save` (engine.players.measured). The lobby quotes the sum "
    "of a table size's runs."
)
ENGINE = Path(__file__).resolve().parent.parent
"""The engine's package folder, which holds every game package."""


def measured_file(game: str, root: Path = ENGINE) -> Path:
    """Where ``game``'s measurements are: ``<root>/<game>/measured.json``."""
    return root / game / FILE_NAME


@functools.cache
def _runs(game: str, root: Path) -> dict[str, list[dict[str, Any]]]:
    path = measured_file(game, root)
    if not path.exists():
        return {}
    runs: dict[str, list[dict[str, Any]]] = json.loads(path.read_text(encoding="utf-8"))[RUNS]
    return runs


def measured_wins(game: str, seats: int, root: Path = ENGINE) -> tuple[int, int] | None:
    """How one search seat did against greedy seats at a table of ``seats`` of ``game``: the
    games it won (a shared win counts) and the games played, over every run saved; ``None``
    where nothing was measured at that size."""
    runs = _runs(game, root).get(str(seats))
    if not runs:
        return None
    return sum(run["wins"] for run in runs), sum(run["games"] for run in runs)


def save_run(game: str, seats: int, run: dict[str, Any], root: Path = ENGINE) -> Path:
    """Add ``run`` (``seed``, ``games``, ``wins``, ``by`` and optionally ``mean_score`` and
    ``greedy_best``) to ``game``'s measurements at ``seats``, in place of a run of the same
    seed; returns the file written.

    Raises:
        ValueError: a run without ``seed``, ``games``, ``wins`` and ``by``, or with more wins
            than games.
    """
    missing = {"seed", "games", "wins", "by"} - set(run)
    if missing:
        raise ValueError(f"a measured run needs {', '.join(sorted(missing))}")
    if not 0 <= run["wins"] <= run["games"]:
        raise ValueError(f"{run['wins']} wins of {run['games']} games")
    path = measured_file(game, root)
    data: dict[str, Any] = (
        json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"about": ABOUT}
    )
    sizes: dict[str, list[dict[str, Any]]] = data.setdefault(RUNS, {})
    kept = [r for r in sizes.get(str(seats), []) if r["seed"] != run["seed"]]
    sizes[str(seats)] = sorted([*kept, run], key=lambda r: r["seed"])
    data[RUNS] = dict(sorted(sizes.items(), key=lambda item: int(item[0])))
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    _runs.cache_clear()
    return path
