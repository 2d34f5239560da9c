"""How the search did against greedy, as data (``engine.players.measured``): the benchmarks
save runs beside each game's rules, the lobby quotes their sum, and ``engine arena --save``
saves only what the lobby can quote: one search seat at the default thinking time against
greedy seats at a default table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import __main__ as command_line
from engine.players.measured import RUNS, measured_file, measured_wins, save_run


def _run(seed: int, games: int, wins: int) -> dict[str, Any]:
    return {"seed": seed, "games": games, "wins": wins, "by": "a test"}


def test_a_saved_run_joins_the_others_and_replaces_the_one_of_its_seed(tmp_path: Path) -> None:
    (tmp_path / "ninjan").mkdir()
    assert measured_wins("ninjan", 3, root=tmp_path) is None
    save_run("ninjan", 3, _run(101, 50, 20), root=tmp_path)
    save_run("ninjan", 3, _run(1, 100, 60), root=tmp_path)
    assert measured_wins("ninjan", 3, root=tmp_path) == (80, 150)
    save_run("ninjan", 3, _run(1, 100, 70), root=tmp_path)  # the same deals, measured again
    assert measured_wins("ninjan", 3, root=tmp_path) == (90, 150)
    assert measured_wins("ninjan", 4, root=tmp_path) is None
    saved = json.loads(measured_file("ninjan", tmp_path).read_text(encoding="utf-8"))
    assert [run["seed"] for run in saved[RUNS]["3"]] == [1, 101]


@pytest.mark.parametrize(
    "run",
    [
        {"seed": 1, "games": 10, "wins": 3},  # who measured it?
        {"seed": 1, "wins": 3, "by": "a test"},
        {"seed": 1, "games": 10, "wins": 11, "by": "a test"},
    ],
)
def test_a_run_that_does_not_say_what_it_measured_is_refused(
    run: dict[str, Any], tmp_path: Path
) -> None:
    (tmp_path / "verso").mkdir()
    with pytest.raises(ValueError):
        save_run("verso", 3, run, root=tmp_path)
    assert not measured_file("verso", tmp_path).exists()


@pytest.mark.parametrize("name", engine.game_names())
def test_every_game_keeps_its_measurements_beside_its_rules(name: str) -> None:
    info = engine.get_game(name).info
    runs = json.loads(measured_file(name).read_text(encoding="utf-8"))[RUNS]
    for seats, kept in runs.items():
        assert max(2, info.min_players) <= int(seats) <= info.max_players
        assert len({run["seed"] for run in kept}) == len(kept)
        assert all(0 <= run["wins"] <= run["games"] and run["by"] for run in kept)


def test_arena_saves_the_search_seats_wins_at_that_table_size(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved: list[tuple[str, int, dict[str, Any]]] = []
    figures = {"levels": {"search": {"wins": 2, "mean_score": 11.5}, "greedy": {"wins": 1}}}
    monkeypatch.setattr(command_line, "arena", lambda *args, **kwargs: figures)
    monkeypatch.setattr(command_line, "save_run", lambda *args: saved.append(args))
    argv = ["arena", "ninjan", "--players", "3", "--seats", "greedy,search", "--games", "4"]
    assert command_line.main([*argv, "--seed", "7", "--save"]) == 0
    assert json.loads(capsys.readouterr().out) == figures
    run = {"seed": 7, "games": 4, "wins": 2, "mean_score": 11.5, "by": "engine arena"}
    assert saved == [("ninjan", 3, run)]


@pytest.mark.parametrize(
    "argv",
    [
        ["--seats", "search,random"],
        ["--seats", "search,search,greedy", "--players", "3"],
        ["--seats", "greedy", "--players", "3"],
        ["--players", "1", "--seats", "search"],
        ["--budget-ms", "1000"],
        ["--iterations", "50"],
        ["--option", "rhubarb=true"],
        ["--round-robin"],
    ],
)
def test_arena_saves_nothing_the_lobby_would_misquote(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("refused before any game is played")

    monkeypatch.setattr(command_line, "arena", played)
    monkeypatch.setattr(command_line, "round_robin", played)
    monkeypatch.setattr(command_line, "save_run", played)
    with pytest.raises(SystemExit) as refused:
        command_line.main(["arena", "artichokes", "--seats", "search,greedy", *argv, "--save"])
    assert refused.value.code == 2
    assert "--save" in capsys.readouterr().err
