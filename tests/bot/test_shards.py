"""The shard settings: ``SHARD_COUNT`` and ``SHARD_IDS`` as a server admin writes them, and
which guilds (so which games) a process with some shards looks after."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import BotSettings
from bot.shards import Shards, parse_shard_ids, shard_ids_text, shard_of
from bot.timing.heartbeat import heartbeat_path


def settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> BotSettings:
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return BotSettings()  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("text", "ids"),
    [("0-3", [0, 1, 2, 3]), ("0,2", [0, 2]), ("0-1, 4", [0, 1, 4]), ("3,1,1-2", [1, 2, 3])],
)
def test_shard_ids_are_ranges_and_single_ids(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, text: str, ids: list[int]
) -> None:
    read = settings(monkeypatch, tmp_path, SHARD_COUNT="8", SHARD_IDS=text)
    assert (read.shard_count, read.shard_ids) == (8, ids)
    assert parse_shard_ids(shard_ids_text(ids)) == ids


def test_unset_means_one_process_with_every_shard_discord_recommends(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for read in (settings(monkeypatch, tmp_path), settings(monkeypatch, tmp_path, SHARD_IDS="")):
        assert (read.shard_count, read.shard_ids) == (None, None)
        assert read.shards.all and read.shards.syncs_commands and read.shards.owns(12345 << 22)
    read = settings(monkeypatch, tmp_path, SHARD_COUNT="4")
    assert read.shards.all and str(read.shards) == "all 4 shards"


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0-1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1-2"}, "names shard 2, but SHARD_COUNT=2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "write the smaller id first"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "one"}, "'one' is not a shard id"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1-"}, "'1-' is not a shard id"),
        ({"SHARD_COUNT": "0"}, "greater than or equal to 1"),
    ],
)
def test_shard_settings_that_cannot_work_are_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str], says: str
) -> None:
    with pytest.raises(ValidationError, match=says):
        settings(monkeypatch, tmp_path, **env)


def test_a_process_looks_after_the_guilds_of_its_shards_only() -> None:
    guilds = [(n << 22) + 17 for n in range(1000, 1012)]  # milliseconds 1000..1011
    assert [shard_of(g, 4) for g in guilds] == [0, 1, 2, 3] * 3
    first, second = Shards(4, [0, 1]), Shards(4, [2, 3])
    for guild in guilds:
        assert first.owns(guild) != second.owns(guild)  # each guild has one process
    assert first.syncs_commands and not second.syncs_commands
    assert first.owns(None) and not second.owns(None)  # DMs reach shard 0
    assert str(second) == "shards 2-3 of 4"
    assert Shards(2, [0, 1]).all and Shards(None, None).all


def test_processes_of_some_shards_each_have_their_own_heartbeat() -> None:
    database = Path("/data/cardroom.sqlite3")
    assert heartbeat_path(database) == Path("/data/cardroom.sqlite3.heartbeat")  # as before
    assert heartbeat_path(database, shard_ids=[0, 1]) == Path(
        "/data/cardroom.sqlite3.shards-0-1.heartbeat"
    )
    assert heartbeat_path(database, shard_ids=[2, 3]) != heartbeat_path(database, shard_ids=[0, 1])
