"""The memory of play through the fake Discord: games with people and automatic players, then
each player's stats, the leaderboard, the last games, a replay stepped from the start to the
end (each step the table the bot draws for that step's public view, the last the channel's
final table) and across a restart, an export replayed by ``python -m engine replay``, a
running game shown by none of it, and forget-me."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import translator
from bot.texts import history as history_texts
from storage import ratings
from tests.e2e import scenarios
from tests.e2e.conftest import World
from tests.e2e.helpers import told
from tests.e2e.scenarios import play_ninjan
from tests.fakediscord.errors import CommandUnavailable

_ = translator("en")


async def test_stats_leaderboard_history_replay_export_and_forget_me(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await scenarios.stats_leaderboard_history_replay_export_and_forget_me(
        world, tmp_path, monkeypatch
    )


async def test_a_leaderboard_reset_asks_first_and_only_an_admin_confirms(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings, "RATED_AFTER", 1)
    monkeypatch.setattr(history_texts, "RATED_AFTER", 1)
    alice, admin = world.alice, world.admin
    await play_ninjan(world, [alice], ["random"], rng=3)
    board = told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice)
    assert f"<@{alice.id}>" in board and "Nobody has played" not in board
    stats = told(await alice.slash(world.channel, "game stats"), alice)

    with pytest.raises(CommandUnavailable):  # Discord hides it from members ...
        await alice.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    refused = await alice.slash(  # ... and the bot refuses it if the server unhid it
        world.channel, "cardroom leaderboard reset", game="ninjan", bypass_default_permissions=True
    )
    assert told(refused, alice) == "⚠️ You need the Manage Server permission to use this command."

    asked = await admin.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    assert asked.original.ephemeral_for is admin
    assert told(asked, admin).startswith("Reset this server's leaderboard of Ninjan?")
    assert asked.original.labels() == ["Reset the leaderboard", "Keep the leaderboard"]
    kept = await admin.click(asked.original, label="Keep the leaderboard")
    assert kept.answer_text == "The leaderboard of Ninjan stays as it is."
    same = told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice)
    assert same == board

    asked = await admin.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    forged = await alice.forge(asked.original, "cr:lbreset:ninjan:yes")  # not an admin
    assert "Manage Server" in told(forged, alice)
    assert told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice) == board
    done = await admin.click(asked.original, label="Reset the leaderboard")
    assert done.answer_text == "The leaderboard of Ninjan starts afresh."
    board = told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice)
    assert "Nobody has played 1 rated games yet." in board
    assert "You have no rated game of this one here yet." in board
    after = told(await alice.slash(world.channel, "game stats"), alice).splitlines()
    rating = [line for line in stats.splitlines() if line.startswith("📈 **Ninjan** rating: ")]
    assert len(rating) == 1 and after == [line for line in stats.splitlines() if line != rating[0]]
    # the stats stay; the rating went with the reset


@pytest.mark.parametrize(
    ("locale", "labels"),
    [
        ("en-US", ["Reset the leaderboard", "Keep the leaderboard"]),
        ("fr", ["Remettre le classement à zéro", "Garder le classement"]),
        ("es-ES", ["Reiniciar la clasificación", "Conservar la clasificación"]),
        ("uk", ["Скинути рейтинг", "Залишити рейтинг"]),
    ],
)
async def test_the_reset_question_offers_to_keep_the_leaderboard_in_every_language(
    world: World, locale: str, labels: list[str]
) -> None:
    """Its 'keep' button once shared the abort question's "Keep it", which the translations
    rightly read as "do not abort" ("Ne pas interrompre")."""
    world.admin.locale = locale
    asked = await world.admin.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    assert asked.original.labels() == labels
