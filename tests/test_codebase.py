"""Checks on the code base itself: layering and the documented commands."""

from __future__ import annotations

import ast
import csv
import importlib
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

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


def test_every_registered_game_has_a_presentation() -> None:
    import engine
    from bot.games import presented_games

    assert presented_games() == engine.game_names()


def _game_words() -> dict[str, set[str]]:
    """Each game's own words, from what the game itself declares: its name and title, and the
    terms its glossary rows give (``bot/locales/*/glossary.csv``, column ``game``) that are
    names — capitalised (card and zone names) or of several words — and that no other game
    and no row for ``all`` games also lists (a word two games share is a common word)."""
    import engine

    listed: dict[str, set[str]] = {}
    for glossary in sorted((ROOT / "bot" / "locales").glob("*/glossary.csv")):
        with glossary.open(encoding="utf-8", newline="") as rows:
            for row in csv.DictReader(rows):
                listed.setdefault(row["game"], set()).add(row["english"])
    owners: dict[str, set[str]] = {}
    for game, terms in listed.items():
        for term in terms:
            owners.setdefault(term.lower(), set()).add(game)
    words = {}
    for name in engine.game_names():
        own = {
            term
            for term in listed.get(name, set())
            if (term[:1].isupper() or " " in term) and owners[term.lower()] == {name}
        }
        words[name] = own | {name.capitalize(), engine.get_game(name).info.title}
    return words


GAME_SHAPE = {
    "__init__.py", "cards.py", "state.py", "setup.py", "rules.py", "view.py", "hidden.py",
    "describe.py", "game.py", "greedy.py", "players.py", "measured.json", "undo.py",
}  # fmt: skip
"""What every game package holds: its rules behind the contract (``game``, with what makes a
step final for ``engine.undo`` in ``undo``), its automatic
players (``greedy``, ``players``) and how its search did against greedy (``measured.json``)."""


def test_every_game_package_is_of_the_same_shape() -> None:
    import engine
    from engine.registry import get_players

    for name in engine.game_names():
        package = importlib.import_module(f"engine.{name}")
        files = {path.name for path in (ROOT / "engine" / name).iterdir()}
        assert files >= GAME_SHAPE, (name, sorted(GAME_SHAPE - files))
        assert package.GAME is engine.get_game(name) and package.PLAYERS is get_players(name)


def test_every_game_has_words_of_its_own_to_look_for() -> None:
    words = _game_words()
    assert words["artichokes"] >= {"Artichoke", "Compost", "Rhubarb"}
    assert words["ninjan"] >= {"Ninjan", "Scissors"}
    assert words["verso"] >= {"Verso", "Draw Pile", "final series"}
    assert words["pentaquest"] >= {"Pentaquest", "quest area", "free reroll"}
    assert all(len(own) >= 2 for own in words.values())


def test_no_game_is_named_in_the_generic_layers() -> None:
    # each game lives in its two packages; the generic code knows only the contract
    import engine

    game_dirs = [ROOT / "engine" / g for g in engine.game_names()]
    game_dirs += [ROOT / "bot" / "games" / g for g in engine.game_names()]
    words = {word for own in _game_words().values() for word in own}
    named = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(words, key=len)[::-1])) + r")\b")
    leaks = []
    for package in ("engine", "storage", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            if any(path.is_relative_to(d) for d in game_dirs):
                continue
            rel = path.relative_to(ROOT)
            text = path.read_text(encoding="utf-8")
            leaks += [f"{rel}: {m.group(0)}" for m in named.finditer(text)]
    assert leaks == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_imports(path: Path, modules: set[str] | None = None) -> set[str]:
    """What ``path`` imports: at the top, inside functions and under ``TYPE_CHECKING`` alike
    (a cycle is a cycle, wherever its import hides); relative imports are resolved. Given
    ``modules``, only those: ``from m import n`` imports ``m.n`` when that is one of them, else
    ``m``. Without, every name: ``m`` and ``m.n`` both."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = _module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                name = f"{module}.{alias.name}"
                if modules is None:
                    found.update((module, name))
                else:
                    found.add(name if name in modules else module)
    return found if modules is None else found & modules


def _import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports (itself left out). Importing a
    submodule runs its parents' ``__init__`` first, but that is not an arrow: a package's
    ``__init__`` re-exports its modules, and only an explicit import of it counts."""
    paths = {_module_name(path): path for path in (ROOT / package).rglob("*.py")}
    return {name: _module_imports(path, set(paths)) - {name} for name, path in paths.items()}


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (its modules in order, the first repeated last), or
    ``None`` when every arrow runs one way."""
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> list[str] | None:
        if name in done:
            return None
        if name in visiting:
            return [*visiting[visiting.index(name) :], name]
        visiting.append(name)
        for target in sorted(graph[name]):
            if cycle := visit(target):
                return cycle
        visiting.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        if cycle := visit(name):
            return cycle
    return None


def test_no_test_module_imports_another() -> None:
    # what several test modules (or benchmarks) share lives in a helper module
    # (tests/e2e/helpers.py, ...), never in a test module another one imports
    wrong = []
    for path in sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]):
        for name in _module_imports(path):
            parts = name.split(".")
            if any(part.startswith("test_") for part in parts[:-1]) or (
                name.startswith("tests.") and parts[-1].startswith("test_")
            ):
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert wrong == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": {"b", "a"}}) == ["a", "b", "a"]


def test_the_bot_has_no_import_cycle() -> None:
    cycle = _find_cycle(_import_graph("bot"))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_storage_has_no_import_cycle() -> None:
    cycle = _find_cycle(_import_graph("storage"))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def _package_graph(package: str) -> dict[str, set[str]]:
    """Package -> the packages of ``package`` its modules import: a module counts as the
    sub-package it is in (``bot.service.commits`` as ``bot.service``), a module right in
    ``package`` as itself (``bot.app``). Two packages that import each other are a cycle even
    when none of their modules is in one."""

    def unit(module: str) -> str:
        parts = module.split(".")
        return ".".join(parts[:2]) if (ROOT / Path(*parts[:2])).is_dir() else module

    graph: dict[str, set[str]] = {}
    for module, targets in _import_graph(package).items():
        graph.setdefault(unit(module), set()).update(unit(t) for t in targets)
    return {name: targets - {name} for name, targets in graph.items()}


PACKAGE_ARROWS_TO_UNDO = {
    # arrows that close a cycle between two packages, left out until they are turned round
    ("bot.pictures", "bot.games"),  # bot.pictures.samples draws the games' sample pictures
    ("bot.games", "bot.texts"),  # bot.games.base uses bot.texts.specs
}


def test_the_cycle_finder_finds_package_cycles() -> None:
    graph = _package_graph("bot")
    assert "bot.service" in graph["bot.timing"]  # the turn clocks call the service
    graph["bot.service"].add("bot.timing")
    assert _find_cycle(graph) is not None


@pytest.mark.parametrize("package", ["bot", "engine"])
def test_no_two_packages_import_each_other(package: str) -> None:
    graph = _package_graph(package)
    for source, target in PACKAGE_ARROWS_TO_UNDO:
        graph.get(source, set()).discard(target)
    cycle = _find_cycle(graph)
    assert cycle is None, "import cycle between packages: " + " -> ".join(cycle or [])


def test_the_engine_has_no_import_cycle() -> None:
    # the contract at the bottom, the core (registry, api) above it, the games, playouts and
    # players above that. The registry imports every game package when it looks for games
    # (engine.registry._discover, by name): an arrow like any other, so no game may import
    # what imports the registry.
    import engine

    graph = _import_graph("engine")
    assert {"engine.contract", "engine.api", "engine.registry"} <= set(graph)
    for game in engine.game_names():
        graph["engine.registry"].add(f"engine.{game}")
    cycle = _find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


LAYERS = {
    # package: what it may not import (imports run one way: handlers -> messages -> texts,
    # games -> service, timing -> service; nothing below knows Discord)
    "bot/service": (
        "discord",
        "bot.texts",
        "bot.messages",
        "bot.handlers",
        "bot.games",
        "bot.timing",
    ),
    "bot/texts": ("discord", "bot.messages", "bot.handlers"),
    "bot/games": ("discord", "bot.messages", "bot.handlers"),
    "bot/timing": ("discord", "bot.messages", "bot.handlers"),
    "bot/pictures": ("discord", "bot.messages", "bot.handlers", "bot.service"),
    "bot/messages": ("bot.handlers", "bot.app"),
    "bot/terminal": ("discord", "bot.messages", "bot.handlers", "bot.app", "bot.context"),
    # every layer may count: the metrics know nothing of the bot, the engine or storage
    "bot/metrics": (
        "discord",
        "engine",
        "storage",
        "bot.app",
        "bot.context",
        "bot.games",
        "bot.handlers",
        "bot.i18n",
        "bot.messages",
        "bot.pictures",
        "bot.service",
        "bot.terminal",
        "bot.texts",
        "bot.timing",
    ),
}


@pytest.mark.parametrize("where", sorted(LAYERS))
def test_the_bot_layers_import_one_way(where: str) -> None:
    root = ROOT / where
    paths = [root] if root.is_file() else sorted(root.rglob("*.py"))
    wrong = []
    for path in paths:
        for name in _module_imports(path):
            if any(name == f or name.startswith(f + ".") for f in LAYERS[where]):
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert wrong == []


def test_modules_stay_small() -> None:
    big = []
    for package in ("engine", "storage", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > 400:
                big.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert big == []


def test_the_docker_image_keeps_games_in_its_volume_and_stops_cleanly() -> None:
    # no Docker engine runs here: these are the properties `docker run --env-file .env` needs
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    base = re.search(r"^FROM (\S+)", dockerfile, flags=re.MULTILINE)
    assert base and re.fullmatch(r"python:3\.11\.\d+-slim-\w+", base.group(1)), "pin the base"
    assert "DATABASE_PATH=/data/cardroom.sqlite3" in dockerfile and 'VOLUME ["/data"]' in dockerfile
    deps = dockerfile.index("pip install --no-cache-dir --requirement requirements.lock")
    assert deps < dockerfile.index("COPY engine"), "dependencies in a layer before the source"
    # the project itself adds no unlocked package, and the lock satisfies it
    assert "pip install --no-cache-dir --no-deps --no-build-isolation . && pip check" in dockerfile
    assert 'CMD ["cardroom", "run"]' in dockerfile  # the process that handles SIGTERM
    env = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert not re.search(r"^DATABASE_PATH=", env, flags=re.MULTILINE), (
        ".env must not override the image's /data path"
    )


def test_the_files_the_readme_makes_are_not_committed_by_mistake() -> None:
    # the README's own examples write the database and backups inside the checkout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (backup,) = re.findall(r"cardroom backup (?!/data/)(\S+\.sqlite3)`", readme)  # not Docker's
    made = ["data/cardroom.sqlite3", backup, ".env"]
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", *made],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert sorted(result.stdout.split()) == sorted(made), "add them to .gitignore"


def test_the_docker_image_says_whether_the_bot_is_alive_cheaply() -> None:
    from bot.timing import heartbeat

    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    check = re.search(r"^HEALTHCHECK (.*?)\\?\n\s*CMD (\[.*\])$", dockerfile, re.MULTILINE)
    assert check, "a HEALTHCHECK"
    assert check.group(2) == '["python", "-m", "bot.timing.heartbeat"]'
    interval = re.search(r"--interval=(\d+)s", check.group(1))
    assert interval and int(interval.group(1)) <= heartbeat.STALE_AFTER
    # two beats may be missed before the check fails
    assert heartbeat.BEAT_SECONDS * 3 <= heartbeat.STALE_AFTER
    # the check starts no heavier than Python: the standard library only (and bot.shards, the
    # shard ids it names the file by, which is the standard library only too)
    from bot import shards

    imported = set()
    for module in (heartbeat, shards):
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in tree.body:  # module level; the TYPE_CHECKING block is not run
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
    assert {name.split(".")[0] for name in imported - {"bot.shards", "__future__"}} <= (
        sys.stdlib_module_names
    )
    assert (ROOT / "bot" / "__init__.py").read_text(encoding="utf-8").count("import") == 0


def _lock() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        requirement = Requirement(line)
        (spec,) = requirement.specifier
        assert spec.operator == "==" and not requirement.marker, f"not a pin: {line}"
        pins[canonicalize_name(requirement.name)] = Version(spec.version)
    return pins


def test_the_lock_pins_every_dependency_within_the_declared_ranges() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = _lock()
    declared = [*pyproject["project"]["dependencies"], *pyproject["build-system"]["requires"]]
    for text in declared:
        requirement = Requirement(text)
        if requirement.marker and not requirement.marker.evaluate():
            continue
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock: refresh it (see there)"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock has {name} {pins[name]}, pyproject.toml wants {text}"
        )
    # and what they need in turn (as far as this environment holds the same versions)
    for name, version in pins.items():
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if Version(dist.version) != version:
            continue
        for text in dist.requires or ():
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
                continue
            assert canonicalize_name(requirement.name) in pins, f"{name} needs {text}"
