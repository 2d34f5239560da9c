"""Answering in time: unanswered and late interactions, expired tokens, latency figures."""

from __future__ import annotations

import asyncio
import math

import discord
import pytest

from tests.fakediscord import FakeDiscord, FakeDiscordProblems, InteractionFailed, percentile
from tests.fakediscord.tinybot import TinyBot, scene


def _slow_bot(release: asyncio.Event, failures: list[discord.HTTPException]) -> TinyBot:
    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="silent", description="Never answers")
        async def silent(interaction: discord.Interaction) -> None:
            return None

        @bot.tree.command(name="slow", description="Answers when released")
        async def slow(interaction: discord.Interaction) -> None:
            await release.wait()
            await interaction.response.send_message("finally")

        @bot.tree.command(name="later", description="Defers, follows up when released")
        async def later(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            await release.wait()
            try:
                await interaction.followup.send("done")
            except discord.HTTPException as error:
                failures.append(error)

    return TinyBot(setup)


async def test_unanswered_and_late_interactions_are_recorded() -> None:
    release = asyncio.Event()
    async with FakeDiscord.running(interaction_deadline=0.05, relax={"deadline"}) as fake:
        s = scene(fake)
        await fake.start_bot(_slow_bot(release, []))

        with pytest.raises(InteractionFailed, match="did not answer .*/silent") as failed:
            await s.alice.slash(s.channel, "silent", timeout=0.2)
        slow = await s.alice.slash(s.channel, "slow", wait=False)
        await fake.wait_for(lambda: slow.outcome == "unanswered")
        release.set()
        await slow.answered

        assert failed.value.record.outcome == "unanswered"
        assert slow.outcome == "late" and slow.late and slow.latency is not None
        assert slow.original is not None and slow.original.text() == "finally"
        stats = fake.latency_stats()
        assert (stats.count, stats.answered, stats.late, stats.unanswered) == (2, 0, 1, 1)
        assert stats.p50 == stats.p99 == stats.max == slow.latency


async def test_a_late_first_answer_is_refused_like_discord_and_fails_the_test() -> None:
    release = asyncio.Event()
    with pytest.raises(FakeDiscordProblems, match="rule 'deadline'.*within 3 seconds"):
        async with FakeDiscord.running(interaction_deadline=0.05) as fake:
            s = scene(fake)
            bot = _slow_bot(release, [])
            await fake.start_bot(bot)

            slow = await s.alice.slash(s.channel, "slow", wait=False)
            await fake.wait_for(lambda: slow.outcome == "unanswered")
            release.set()
            await fake.wait_for(lambda: bot.errors)

            error = bot.errors[0]
            assert isinstance(error, discord.app_commands.CommandInvokeError)
            assert isinstance(error.original, discord.NotFound) and error.original.code == 10062
            assert error.original.text == "Unknown interaction"
            assert slow.callback_at is None and slow.refused_late_at is not None
            assert s.alice.visible_messages(s.channel) == []
            late = s.alice.slash(s.channel, "slow", timeout=5)  # released: answers at once
            with pytest.raises(InteractionFailed, match="answered .* after"):
                async with asyncio.timeout(5):
                    fake.world.interaction_deadline = 0.0  # every answer is late now
                    await late


async def test_an_expired_token_refuses_followups(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    release = asyncio.Event()
    failures: list[discord.HTTPException] = []
    await fake_discord.start_bot(_slow_bot(release, failures))

    record = await s.alice.slash(s.channel, "later")
    fake_discord.expire(record)
    release.set()
    await fake_discord.wait_for(lambda: failures)

    assert (failures[0].status, failures[0].code) == (401, 50027)
    assert record.original is not None and record.original.loading


async def test_latency_is_recorded_for_every_interaction(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    release = asyncio.Event()
    release.set()
    await fake_discord.start_bot(_slow_bot(release, []))

    records = [await s.alice.slash(s.channel, "slow") for _ in range(5)]

    latencies = sorted(r.latency for r in records if r.latency is not None)
    stats = fake_discord.latency_stats()
    assert len(latencies) == 5 and stats.answered == 5
    assert stats.p50 == latencies[2] and stats.p99 == stats.max == latencies[-1]
    assert str(stats).startswith("5 interactions: p50 ")


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(100, 0, -1)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile([3.0], 99) == 3.0
    assert math.isnan(percentile([], 50))
