"""The seasons' scenario the end-to-end tests play on the SQLite file and on PostgreSQL
(``tests/e2e/test_seasons.py``), and the oracles it reads the bot's answers against."""

from __future__ import annotations

import pytest

from bot.admin_commands import rebuild_ratings
from bot.i18n import translator
from bot.texts import history as history_texts
from bot.texts.history import rated_name
from storage import Leaderboard, Rating, ratings
from tests.e2e.conftest import World
from tests.e2e.helpers import told
from tests.e2e.scenarios import play_ninjan
from tests.fakediscord.errors import CommandUnavailable
from tests.fakediscord.users import User

_ = translator("en")
REFUSED = "⚠️ You need the Manage Server permission to use this command."


def rows(board: Leaderboard) -> list[str]:
    """The leaderboard's lines of players, as the bot writes them (the oracle: storage)."""
    return [f"{r.place}. {rated_name(r, _)} — {r.ordinal:.1f} ({r.games} games)" for r in board.top]


def players(text: str) -> list[str]:
    """The lines of players of a leaderboard the bot showed."""
    return [line for line in text.splitlines() if line[:1].isdigit()]


async def board(world: World, user: User, season: str | None = None) -> str:
    options = {} if season is None else {"season": season}
    return told(await user.slash(world.channel, "game leaderboard", game="ninjan", **options), user)


def figure(rating: Rating | None, players: int) -> str:
    assert rating is not None and rating.place is not None
    games = "game" if rating.games == 1 else "games"
    return f"{rating.ordinal:.1f}, place {rating.place} of {players} ({rating.games} {games})"


async def a_season_closes_and_the_next_starts_fresh(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games, then an admin closes the season (after a refused member, a kept season and a
    restart between the question and the answer); the new season's leaderboard is empty, then
    filled by the next game; the past season is shown by name as it stood, the all-time
    leaderboard goes on, ``/game stats`` shows both, ``season:`` is suggested as one types;
    ``cardroom ratings rebuild`` changes no number."""
    monkeypatch.setattr(ratings, "RATED_AFTER", 1)  # a game makes a leaderboard
    monkeypatch.setattr(history_texts, "RATED_AFTER", 1)
    alice, bob, admin = world.alice, world.bob, world.admin
    guild = world.guild.id
    await play_ninjan(world, [alice, bob], ["random"], rng=1)
    await play_ninjan(world, [alice], ["random"], rng=2)
    before = await board(world, alice)
    assert before.startswith("**Leaderboard · Ninjan**\n-# OpenSkill")  # no season yet
    stored = await world.bot.storage.history.leaderboard(guild, "ninjan", user_id=alice.id)
    assert players(before) == rows(stored) and len(stored.top) == 3

    # a member is refused, privately, and nothing changes
    with pytest.raises(CommandUnavailable):
        await alice.slash(world.channel, "cardroom season start", game="ninjan")
    refused = await alice.slash(
        world.channel, "cardroom season start", game="ninjan", bypass_default_permissions=True
    )
    assert told(refused, alice) == REFUSED

    # the admin is asked first; keeping the season changes nothing
    asked = await admin.slash(world.channel, "cardroom season start", game="ninjan")
    assert told(asked, admin).startswith(
        "Close **Season 1** of Ninjan and start **Season 2**? The leaderboard of Season 1 is kept"
    )
    assert asked.original.labels() == ["Start Season 2", "Keep Season 1 going"]
    kept = await admin.click(asked.original, label="Keep Season 1 going")
    assert kept.answer_text == "Nothing changed: Season 1 of Ninjan goes on."
    assert await board(world, alice) == before

    # a named season, confirmed after a restart; a member's forged click is refused first
    asked = await admin.slash(world.channel, "cardroom season start", game="ninjan", name="Spring")
    assert asked.original.labels() == ["Start Spring", "Keep Season 1 going"]
    await world.restart()
    forged = await alice.forge(asked.original, "cr:season:ninjan:1:yes:Spring")
    assert told(forged, alice) == REFUSED
    assert await board(world, alice) == before
    done = await admin.click(asked.original, label="Start Spring")
    assert done.answer_text == (
        "Season 1 of Ninjan is over, its leaderboard kept as it stood; Spring starts now."
    )
    notice = await world.fake.wait_for_message(world.channel, lambda m: "🏁" in m.text())
    assert notice.text().splitlines() == [
        "🏁 **Season 1** of Ninjan is over.",
        "Final standings:",
        *rows(stored),
        "**Spring** starts now: every rating of it starts afresh. `/game leaderboard` shows it, "
        "and the past seasons by name.",
    ]
    assert notice.mentions == []  # named, not pinged

    # the new season starts empty; the past one is kept as it stood; all time goes on
    fresh = await board(world, alice)
    assert fresh.startswith("**Leaderboard · Ninjan · Spring**\n-# The current season, since <t:")
    assert "Nobody has played 1 rated games yet." in fresh
    assert "You have no rated game of this one here yet." in fresh
    past = await board(world, alice, "season 1")
    assert past.startswith("**Leaderboard · Ninjan · Season 1**\n-# A past season (until <t:")
    assert players(past) == players(before)
    assert players(await board(world, alice, "all-time")) == players(before)

    await play_ninjan(world, [alice], ["random"], rng=3)
    season = await world.bot.storage.seasons.leaderboard(guild, "ninjan", 2, user_id=alice.id)
    all_time = await world.bot.storage.history.leaderboard(guild, "ninjan", user_id=alice.id)
    assert sorted(r.games for r in season.top) == [1, 1] and season.players == 2
    assert players(await board(world, alice)) == rows(season)
    assert players(await board(world, alice, "Season 1")) == players(before)  # unchanged
    everyone = await board(world, alice, "all-time")
    assert everyone.startswith("**Leaderboard · Ninjan · all time**\n-# Every season together.")
    assert players(everyone) == rows(all_time) and all_time.own.games == 3  # type: ignore[union-attr]

    # stats: this season's and the all-time rating
    stats = told(await alice.slash(world.channel, "game stats"), alice)
    assert (
        f"📈 **Ninjan** · Spring: {figure(season.own, season.players)} · "
        f"all time: {figure(all_time.own, all_time.players)}"
    ) in stats.splitlines()

    # the seasons are suggested as one types; an unknown one is refused kindly
    suggested = await alice.autocomplete(
        world.channel, "game leaderboard", focused="season", typed="", game="ninjan"
    )
    assert [c["value"] for c in suggested] == ["current", "Season 1", "all-time"]
    assert suggested[0]["name"] == "Spring · current"
    assert suggested[1]["name"].startswith("Season 1 · ended 20")
    assert suggested[2]["name"] == "All time"
    typed = await alice.autocomplete(
        world.channel, "game leaderboard", focused="season", typed="SEA", game="ninjan"
    )
    assert [c["value"] for c in typed] == ["Season 1"]
    unknown = await alice.slash(world.channel, "game leaderboard", game="ninjan", season="Winter")
    assert told(unknown, alice) == (
        "⚠️ No season of Ninjan is named “Winter” here: pick one from the list."
    )

    # `cardroom ratings rebuild` while the bot is stopped: every leaderboard reads the same
    shown = [await board(world, alice, s) for s in (None, "Season 1", "all-time")]
    assert world.handle is not None
    await world.handle.stop()
    if world.database_url is not None:
        monkeypatch.setenv("DATABASE_URL", world.database_url)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
        monkeypatch.setenv("DATABASE_PATH", str(world.db_path))
    assert await rebuild_ratings() == 0
    await world.start()
    assert [await board(world, alice, s) for s in (None, "Season 1", "all-time")] == shown
