"""Checks on the code base itself: layering and the documented commands."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
    return found


def test_engine_has_no_io_dependencies() -> None:
    forbidden = {"discord", "aiosqlite", "sqlite3", "storage", "bot", "asyncio", "aiohttp"}
    assert _imports("engine") & forbidden == set()


def test_storage_does_not_import_the_bot() -> None:
    assert "discord" not in _imports("storage")
    assert "bot" not in _imports("storage")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^(python3 -m venv .*)$", readme, flags=re.MULTILINE)
    assert len(commands) == 2, "README must start with exactly two set-up commands"
    run_bot, run_tests = commands
    assert run_bot.endswith("python -m bot")
    assert "pytest" in run_tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert run_tests in ci
