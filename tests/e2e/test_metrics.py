"""The metrics endpoint as an operator's Prometheus sees it: scraped over HTTP while a game is
played through the fake Discord, each family of docs/operations.md there with the values the
game gave it; and without ``METRICS_PORT``, nothing listening at all."""

from __future__ import annotations

import math
import random
import re
import socket
from collections import Counter
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample

from storage import TABLE
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, find_table
from tests.e2e.helpers import act_by, log_rows, open_lobby, set_clock, start_game, told
from tests.e2e.processes import BotProcess
from tests.fakediscord import FakeDiscord
from tests.fakediscord.permissions import ATTACH_FILES
from tests.fakediscord.responses import API_PREFIX

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"

ROOT = Path(__file__).resolve().parents[2]


def documented() -> set[str]:
    """The metrics docs/operations.md lists (its table's first column)."""
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `(cardroom_\w+)` \|", text, flags=re.MULTILINE))


def free_port() -> int:
    """A TCP port nothing listens on now (the kernel's pick)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening_ports() -> set[int]:
    """The TCP ports this process listens on (its sockets in /proc/self/fd, looked up in the
    kernel's tables)."""
    inodes = set()
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = fd.readlink().name
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def scrape(port: int) -> list[Sample]:
    """Every sample the endpoint on ``port`` serves now, read with prometheus_client's own
    parser (so the text is what Prometheus reads); its metrics are exactly those
    docs/operations.md lists."""
    url = f"http://127.0.0.1:{port}/metrics"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        assert response.status == 200
        text = await response.text()
    families = list(text_string_to_metric_families(text))
    names = {f.name + ("_total" if f.type == "counter" else "") for f in families}
    assert {name for name in names if name.startswith("cardroom_")} == documented()
    assert "process_resident_memory_bytes" in names
    return [sample for family in families for sample in family.samples]


def value(samples: list[Sample], name: str, **labels: str) -> float:
    """The sum of the samples ``name`` whose labels include ``labels``."""
    return sum(s.value for s in samples if s.name == name and labels.items() <= s.labels.items())


def shape(route: str) -> str:
    """A route template with its placeholders unnamed: the fake's router names a token
    differently from Discord's docs, and takes ``@original`` for a message id."""
    return re.sub(r"\{[^}]*\}|@original", "{}", route)


async def test_a_scrape_during_a_game_shows_what_the_game_did(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world.metrics_port = free_port()
    await world.bot.room.pictures.choose(world.guild.id, True)
    assert world.handle is not None
    await world.handle.stop()
    first_request = len(world.fake.requests)  # the new bot's, from its login on
    await world.start()
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")
    await set_clock(world.alice, lobby, "1 min")
    await world.alice.click(lobby, label="Start")
    driver = Driver(world, [world.alice, world.bob], random.Random(0), "artichokes")
    driver.game_id = game_id
    driver.table = await world.fake.wait_for_message(
        world.channel, lambda m: find_table(world, game_id) is m
    )
    await world.fake.wait_for_message(  # the start ping follows the table
        world.channel, lambda m: f"Game #{game_id} has started" in m.content
    )

    for _move in range(2):
        await act_by(driver, lambda keys: keys[0])
    bad = await world.eve.slash(world.channel, "game leave")  # not playing
    assert told(bad, world.eve) == "⚠️ You are not playing in this game."
    world.fake.rate_limit(TABLE_EDIT, retry_after=0.01)  # the next table edit: 429, again
    # a moderator took Attach Files away and the bot has not heard yet: the next table
    # picture is refused (403, 50013) and the table goes on as text
    world.channel.overwrites[world.fake.bot.id] = (1, 0, ATTACH_FILES)
    await act_by(driver, lambda keys: keys[0])
    await world.bot.wait_idle()

    samples = await scrape(world.metrics_port)

    # interactions by kind and outcome; each answer timed
    assert value(samples, "cardroom_interactions_total", kind="action button") == 3
    assert value(samples, "cardroom_interactions_total", outcome="answered") >= 8
    assert value(samples, "cardroom_interactions_total", kind="/game leave", outcome="refused") == 1
    assert value(samples, "cardroom_interactions_total", outcome="failed") == 0
    answered = value(samples, "cardroom_interactions_total", outcome="answered")
    refused = value(samples, "cardroom_interactions_total", outcome="refused")
    assert value(samples, "cardroom_interaction_answer_seconds_count") == answered + refused
    assert value(samples, "cardroom_interaction_answer_seconds_count", kind="action button") == 3
    assert 0 < value(samples, "cardroom_interaction_answer_seconds_sum") < 60 * (answered + 1)
    # every REST request the fake served, by route template and status: 2xx, the 429, the 403
    served = Counter(
        (r.method, shape(r.route.split(" ", 1)[1]), str(r.status))
        for r in world.fake.requests[first_request:]
        if r.path.startswith(API_PREFIX)
    )
    counted = Counter(
        {
            (s.labels["method"], shape(s.labels["route"]), s.labels["status"]): int(s.value)
            for s in samples
            if s.name == "cardroom_discord_requests_total"
        }
    )
    assert +counted == served
    assert value(samples, "cardroom_discord_requests_total", status="429") == 1
    routes = {s.labels["route"] for s in samples if s.name == "cardroom_discord_requests_total"}
    assert "/interactions/{interaction_id}/{interaction_token}/callback" in routes
    assert "/channels/{channel_id}/messages/{message_id}" in routes
    assert not [r for r in routes if re.search(r"\d{5}", r)], "no id in a label"
    refusals = value(
        samples,
        "cardroom_discord_refusals_total",
        route="/channels/{channel_id}/messages/{message_id}",
        status="403",
        code="50013",
    )
    assert refusals >= 1
    # the count read the refusal's body, and discord.py still read it after
    assert "refused a picture on a message edit (403/50013 Missing Permissions)" in caplog.text
    # pictures: drawn, and the refused one degraded to text
    assert value(samples, "cardroom_pictures_drawn_total") >= 3
    assert value(samples, "cardroom_pictures_degraded_total", reason="refused") == refusals
    table = world.fake.message(
        (await world.bot.storage.messages.get(driver.game_id, TABLE)).message_id
    )
    assert not table.attachments, "the table went on as text"
    # the moves' commits, the running game, its turn clock, the gateway's latency
    moves = len(await log_rows(world, driver.game_id))
    assert moves >= 3
    assert value(samples, "cardroom_commit_seconds_count") == moves
    assert value(samples, "cardroom_live_games") == 1
    assert value(samples, "cardroom_turn_clocks") == 1  # the game's 1 min clock
    (latency,) = [s for s in samples if s.name == "cardroom_gateway_latency_seconds"]
    assert latency.labels == {"shard": "0"} and 0 <= latency.value < 10
    assert not math.isnan(latency.value)
    assert value(samples, "process_resident_memory_bytes") > 0


async def test_without_metrics_port_nothing_listens_and_with_it_the_endpoint_does(
    world: World,
) -> None:
    before = listening_ports()
    await world.restart()
    assert listening_ports() == before, "no METRICS_PORT: the bot listens on nothing"

    world.metrics_port = free_port()
    await world.restart()
    assert listening_ports() - before == {world.metrics_port}
    samples = await scrape(world.metrics_port)
    assert value(samples, "cardroom_live_games") == 0

    assert world.handle is not None
    await world.handle.stop()
    assert listening_ports() == before, "a stopped bot's endpoint is closed"


async def test_a_port_already_taken_leaves_the_bot_running_without_its_metrics(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        world.metrics_port = int(taken.getsockname()[1])
        await world.restart()

        assert f"metrics are off: cannot listen on 127.0.0.1 port {world.metrics_port}" in (
            caplog.text
        )
        driver = await start_game(world, [world.alice, world.bob])  # the bot plays on
        await act_by(driver, lambda keys: keys[0])


@pytest.mark.soak  # two bot processes: in .ci/run's soak step
async def test_two_shard_processes_on_one_host_each_serve_their_own_metrics(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    for _guild in range(4):  # one guild per shard
        fake_discord.add_guild(f"guild {_guild}", shard=(_guild, 4))
    ports = [free_port(), free_port()]
    processes = [
        BotProcess(
            fake_discord,
            tmp_path / "cardroom.sqlite3",
            4,
            shards,
            {"METRICS_PORT": str(port), "METRICS_HOST": "127.0.0.1"},
        )
        for shards, port in zip(("0-1", "2-3"), ports, strict=True)
    ]
    try:
        for process in processes:
            await process.start()
        scraped = [await scrape(port) for port in ports]
    finally:
        for process in processes:
            await process.stop()

    shards = [
        {s.labels["shard"] for s in samples if s.name == "cardroom_gateway_latency_seconds"}
        for samples in scraped
    ]
    assert shards == [{"0", "1"}, {"2", "3"}]
    syncs = [
        value(
            samples,
            "cardroom_discord_requests_total",
            route="/applications/{application_id}/commands",
            method="PUT",
        )
        for samples in scraped
    ]
    assert syncs == [1, 0], "only the process of shard 0 syncs the commands"
