"""Seasons through the fake Discord, driving the real bot (on the SQLite file and on
PostgreSQL): a season closed after some games, its leaderboard kept by name as it stood, the
next one empty then filled, all time going on, stats showing both, a member refused, a kept
season, a restart between question and answer; and a second admin's stale confirmation, a
taken name and a reserved one changing nothing."""

from __future__ import annotations

import pytest

from tests.e2e import season_scenarios
from tests.e2e.conftest import World
from tests.e2e.helpers import told
from tests.e2e.scenarios import play_ninjan


async def test_a_season_closes_and_the_next_starts_fresh(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await season_scenarios.a_season_closes_and_the_next_starts_fresh(world, monkeypatch)


async def test_a_season_closes_and_the_next_starts_fresh_on_postgresql(
    postgresql_world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert postgresql_world.bot.storage.db.dialect == "postgresql"
    await season_scenarios.a_season_closes_and_the_next_starts_fresh(postgresql_world, monkeypatch)


async def test_a_stale_confirmation_and_a_taken_name_change_nothing(world: World) -> None:
    admin, carol = world.admin, world.carol
    world.fake.make_admin(carol)
    await play_ninjan(world, [world.alice], ["random"], rng=4)
    first = await admin.slash(world.channel, "cardroom season start", game="ninjan")
    second = await carol.slash(world.channel, "cardroom season start", game="ninjan", name="Two")
    await admin.click(first.original, label="Start Season 2")
    late = await carol.click(second.original, label="Start Two")
    assert told(late, carol) == "⚠️ That season of Ninjan is already over: nothing changed."
    seasons = await world.bot.storage.seasons.seasons(world.guild.id, "ninjan")
    assert [s.name for s in seasons] == ["Season 2", "Season 1"]

    taken = await carol.slash(
        world.channel, "cardroom season start", game="ninjan", name="  season   1 "
    )
    assert told(taken, carol) == (
        "⚠️ A season of Ninjan is already named “season 1”: choose another name."
    )
    reserved = await carol.slash(
        world.channel, "cardroom season start", game="ninjan", name="All-Time"
    )
    assert "pick another" in told(reserved, carol)
    assert len(await world.bot.storage.seasons.seasons(world.guild.id, "ninjan")) == 2


@pytest.mark.parametrize(
    ("language", "question", "labels", "notice"),
    [
        (
            "fr",
            "Clore **Saison 1** de Ninjan et commencer **Saison 2**\u00a0?",
            ["Commencer Saison 2", "Continuer Saison 1"],
            "🏁 **Saison 1** de Ninjan est terminée.",
        ),
        (
            "es",
            "¿Cerrar **Temporada 1** de Ninjan y empezar **Temporada 2**?",
            ["Empezar Temporada 2", "Conservar Temporada 1 en curso"],
            "🏁 **Temporada 1** de Ninjan ha terminado.",
        ),
        (
            "uk",
            "Завершити **Сезон 1** гри Ninjan і почати **Сезон 2**?",
            ["Почати Сезон 2", "Продовжити Сезон 1"],
            "🏁 **Сезон 1** гри Ninjan завершено.",
        ),
    ],
)
async def test_seasons_are_named_in_the_servers_language(
    world: World, language: str, question: str, labels: list[str], notice: str
) -> None:
    """A season's name is the server's, as a channel's is: the default names follow the
    language an admin chose for the server; the question and buttons follow the admin's."""
    admin = world.admin
    admin.locale = language
    await admin.slash(world.channel, "cardroom language", language=language)
    asked = await admin.slash(world.channel, "cardroom season start", game="ninjan")
    assert told(asked, admin).startswith(question)
    assert asked.original.labels() == labels
    await admin.click(asked.original, label=labels[0])
    posted = await world.fake.wait_for_message(world.channel, lambda m: "🏁" in m.text())
    assert posted.text().splitlines()[0] == notice
    world.alice.locale = "en-US"
    shown = told(
        await world.alice.slash(
            world.channel, "game leaderboard", game="ninjan", season="all-time"
        ),
        world.alice,
    )
    assert shown.startswith("**Leaderboard · Ninjan · all time**")
    named = labels[0].split(" ", 1)[1]  # "Saison 2": chosen by its name in any reader's language
    current = told(
        await world.alice.slash(world.channel, "game leaderboard", game="ninjan", season=named),
        world.alice,
    )
    assert current.startswith(f"**Leaderboard · Ninjan · {named}**")


async def test_all_time_is_suggested_however_many_seasons_there_are(world: World) -> None:
    # Discord shows 25 suggestions at most: a server's 25th season must not push "All time"
    # out of the list (it was the last one suggested, cut after the 25 seasons)
    seasons = world.bot.storage.seasons
    for number in range(1, 26):
        await seasons.start(
            world.guild.id,
            "ninjan",
            current=number,
            name=f"Round {number + 1}",
            first_name="Round 1",
        )
    suggested = await world.alice.autocomplete(
        world.channel, "game leaderboard", focused="season", typed="", game="ninjan"
    )
    assert len(suggested) == 25
    assert suggested[0]["value"] == "current" and suggested[-1]["value"] == "all-time"
    assert [c["value"] for c in suggested[1:3]] == ["Round 25", "Round 24"]  # newest first
