"""Cardroom in Ukrainian, Spanish and French, through the fake Discord: whole games whose
public messages follow the server's language and whose private screens follow each player's
own; the admin command that picks the server's language; commands synced with localized names
and descriptions."""

from __future__ import annotations

import random

import pytest

from bot.games import presentation
from bot.i18n import translator
from bot.messages.lobby import lobby_text
from storage import GameRecord, GameStatus, Reliability
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, find_table, public_messages
from tests.e2e.helpers import ARTICHOKE_CARDS, open_lobby, stored

LOCALES = {"uk": "uk", "es": "es-ES", "fr": "fr"}
GAMES = ["artichokes", "ninjan", "verso", "pentaquest"]


async def seated(world: World, record: GameRecord) -> dict[int, Reliability]:
    """The reliability records the lobby shows beside its players' names."""
    return await world.bot.service.fair_play.seated(record)


async def speak(world: World, guild_locale: str, **users: str) -> None:
    """Set the guild's Discord locale and some users' locales, then restart the bot (Discord
    sends the guild's locale when the bot connects)."""
    world.guild.preferred_locale = guild_locale
    for name, locale in users.items():
        world.users[name].locale = locale
    await world.restart()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", sorted(LOCALES))
async def test_a_whole_game_in_the_language_of_the_server_and_its_players(
    world: World, language: str, game: str
) -> None:
    locale = LOCALES[language]
    await speak(world, locale, alice=locale, bob=locale)
    tr = translator(locale)
    secret = ARTICHOKE_CARDS if game == "artichokes" else ()
    driver = Driver(world, [world.alice, world.bob], random.Random(3), game, secret)
    await driver.open_and_start()  # every screen is checked in the player's language
    record = (await stored(world, driver.game_id)).record
    lobby = next(m for m in public_messages(world) if f"#{driver.game_id}" in m.text())
    assert lobby.text() == lobby_text(record, tr, await seated(world, record))
    started = tr("Game #{game} has started: {players}. {start}")  # the template, unfilled
    opening = started.split("{players}")[0].split("{start}")[0].format(game=driver.game_id)
    assert opening.strip() and started != "Game #{game} has started: {players}. {start}"
    await world.bot.wait_idle()  # the announcement follows the start
    assert any(opening in m.content for m in public_messages(world))
    label = tr(presentation(game).private_label)
    assert label != presentation(game).private_label and label in driver.table.labels()

    await driver.play_to_the_end()

    assert (await stored(world, driver.game_id)).record.status == GameStatus.FINISHED
    assert find_table(world, driver.game_id) is driver.table  # checked against the oracle


async def test_public_texts_follow_the_server_and_private_ones_each_player(
    world: World,
) -> None:
    await speak(world, "fr", alice="uk", bob="es-419")
    driver = Driver(world, [world.alice, world.bob], random.Random(5), "ninjan")
    await driver.open_and_start()
    french, ukrainian, spanish = translator("fr"), translator("uk"), translator("es")
    label = presentation("ninjan").private_label
    assert french(label) in driver.table.labels()
    alice, bob = await driver.show_screen(world.alice), await driver.show_screen(world.bob)
    assert ukrainian(label) != spanish(label)
    for _ in range(6):  # the driver checks each screen in its owner's language
        assert await driver.step()
    assert alice.text() != bob.text()
    await driver.play_to_the_end()  # and the table, after every click, in the server's
    assert find_table(world, driver.game_id) is driver.table


async def test_an_admin_chooses_the_servers_language(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice, game="ninjan")
    english = lobby.text()
    refused = await world.alice.slash(
        world.channel, "cardroom language", language="es", bypass_default_permissions=True
    )
    assert "Manage Server" in refused.answer_text and lobby.text() == english

    answer = await world.admin.slash(world.channel, "cardroom language", language="es")
    await world.bot.wait_idle()
    assert answer.original.ephemeral_for is world.admin and "Español" in answer.answer_text
    record = (await stored(world, game_id)).record
    expected = lobby_text(record, translator("es"), await seated(world, record))
    assert lobby.text() == expected != english
    await world.restart()  # the choice is stored
    await world.bob.click(lobby, custom_id=f"cr:lobby:{game_id}:join")
    record = (await stored(world, game_id)).record
    assert lobby.text() == lobby_text(record, translator("es"), await seated(world, record))

    world.guild.preferred_locale = "uk"
    await world.restart()
    await world.admin.slash(world.channel, "cardroom language", language="discord")
    await world.bot.wait_idle()
    assert lobby.text() == lobby_text(record, translator("uk"), await seated(world, record))


async def test_commands_are_synced_with_names_and_descriptions_in_every_language(
    world: World,
) -> None:
    synced = {c["name"]: c for c in world.fake.world.commands.list(None)}
    game = synced["game"]
    for language, locale in LOCALES.items():
        tr = translator(language)
        assert game["name_localizations"][locale] == tr.context("command name", "game")
        assert game["description_localizations"][locale] == tr("Play card games in this channel")
        new = next(o for o in game["options"] if o["name"] == "new")
        assert new["name_localizations"][locale] == tr.context("command name", "new")
    assert "es-419" in game["name_localizations"]
