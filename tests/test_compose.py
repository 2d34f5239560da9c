"""``compose.yaml`` runs PostgreSQL and two bot processes of two shards each: it parses, every
setting it gives a bot is one the bot reads, and the bots' shard ranges cover every shard of
their one count exactly once, so every guild has exactly one process."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from bot.settings import BotSettings
from bot.shards import parse_shard_ids

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_postgresql_and_two_processes_of_two_shards_each() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    bots = {name: s for name, s in services.items() if s.get("build") == "."}
    assert set(services) - set(bots) == {"postgres"}
    assert services["postgres"]["image"].startswith("postgres:")
    assert len(bots) == 2
    settings = {name.upper() for name in BotSettings.model_fields}
    counts, shards = set(), []
    for name, bot in bots.items():
        env = bot["environment"]
        unknown = set(env) - settings
        assert not unknown, f"{name} sets {unknown}, which the bot does not read"
        assert env["DATABASE_URL"].startswith("postgresql://")
        assert "postgres" in bot["depends_on"]
        counts.add(int(env["SHARD_COUNT"]))
        ids = parse_shard_ids(env["SHARD_IDS"])
        assert len(ids) == 2
        shards += ids
    (count,) = counts  # one count for all
    assert sorted(shards) == list(range(count)) == [0, 1, 2, 3]  # each shard once
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert "SHARD_IDS" in example
    # every value compose.yaml takes from .env is one .env.example shows how to give
    wanted = set(re.findall(r"\$\{?(\w+)", (ROOT / "compose.yaml").read_text(encoding="utf-8")))
    assert wanted == {"POSTGRES_PASSWORD"}
    for name in wanted:
        assert re.search(rf"^# {name}=", example, re.MULTILINE), name
