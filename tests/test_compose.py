"""The two Docker Compose files: ``compose.yaml`` (the default) runs one bot on SQLite in the
volume ``docker run`` uses; ``compose.large.yaml`` runs PostgreSQL and two bot processes of two
shards each. Both parse, every setting they give a bot is one the bot reads, and the large
one's shard ranges cover every shard of their one count exactly once (so every guild has
exactly one process), with the database password beside its URL, not inside it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from bot.settings import BotSettings
from bot.shards import parse_shard_ids

ROOT = Path(__file__).resolve().parents[1]

SETTINGS = {name.upper() for name in BotSettings.model_fields}
LIBPQ = {"PGPASSWORD"}
"""libpq's variables the bot's PostgreSQL driver (asyncpg) reads when the URL leaves them out."""

EXAMPLE = (ROOT / ".env.example").read_text(encoding="utf-8")


def compose(name: str) -> tuple[dict[str, Any], str]:
    """The compose file ``name`` parsed, and as written."""
    text = (ROOT / name).read_text(encoding="utf-8")
    return yaml.safe_load(text), text


def bots_of(services: dict[str, Any]) -> dict[str, Any]:
    """The services that run the bot (built from this folder)."""
    return {name: s for name, s in services.items() if s.get("build") == "."}


def taken_from_env(text: str) -> set[str]:
    """Every value a compose file takes from ``.env`` (``${NAME}``), each shown in
    ``.env.example``."""
    wanted = set(re.findall(r"\$\{?(\w+)", text))
    for name in wanted:
        assert re.search(rf"^# {name}=", EXAMPLE, re.MULTILINE), name
    return wanted


def test_the_default_compose_file_runs_one_bot_on_sqlite_in_the_docker_run_volume() -> None:
    parsed, text = compose("compose.yaml")
    services = parsed["services"]
    (bot,) = bots_of(services).values()
    assert set(services) == {"bot"}, "one server needs no database server"
    assert "environment" not in bot  # no DATABASE_URL: SQLite, the image's /data path
    assert bot["env_file"] == ".env" and bot["stop_signal"] == "SIGTERM"
    (volume,) = bot["volumes"]
    source, target = volume.split(":")
    assert target == "/data"
    # the volume the README's `docker run -v cardroom-data:/data` uses, not a project-named one
    assert parsed["volumes"][source]["name"] == "cardroom-data"
    assert taken_from_env(text) == set()
    assert "compose.large.yaml" in text  # says where the large setup is


def test_the_large_compose_file_runs_postgresql_and_two_processes_of_two_shards_each() -> None:
    parsed, text = compose("compose.large.yaml")
    services = parsed["services"]
    bots = bots_of(services)
    assert set(services) - set(bots) == {"postgres"}
    assert services["postgres"]["image"].startswith("postgres:")
    assert len(bots) == 2
    counts, shards = set(), []
    for name, bot in bots.items():
        env = bot["environment"]
        unknown = set(env) - SETTINGS - LIBPQ
        assert not unknown, f"{name} sets {unknown}, which the bot does not read"
        assert env["DATABASE_URL"].startswith("postgresql://")
        # a password is never written into the URL, where an @, :, / or % would break it
        assert "$" not in env["DATABASE_URL"] and "@postgres:" in env["DATABASE_URL"]
        assert env["PGPASSWORD"] == "${POSTGRES_PASSWORD}"
        assert "postgres" in bot["depends_on"]
        counts.add(int(env["SHARD_COUNT"]))
        ids = parse_shard_ids(env["SHARD_IDS"])
        assert len(ids) == 2
        shards += ids
    (count,) = counts  # one count for all
    assert sorted(shards) == list(range(count)) == [0, 1, 2, 3]  # each shard once
    assert "SHARD_IDS" in EXAMPLE
    assert taken_from_env(text) == {"POSTGRES_PASSWORD"}
