"""``/game away`` and ``/game back``: a player's banks pause in every turn-based game of the
server (not in real-time games, not in other servers), up to 14 days in any 30; the table,
the lobby and ``/game mine`` say "away until …"; ``/game back`` ends it early."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driver import find_table
from tests.e2e.helpers import open_lobby, stored, told
from tests.e2e.slow_play import DAY, HOUR, mine, paced_game, user_of, waited


async def test_away_time_pauses_the_banks_and_shows_on_the_table_lobby_and_list(
    world: World,
) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    start = world.clock.now()
    slow_id, table = await paced_game(world, [alice, bob], "1 day")
    record = (await stored(world, slow_id)).record
    (seat,) = await waited(world, slow_id)
    player, other = user_of(world, record, seat), user_of(world, record, 1 - seat)
    quick_channel = world.guild.add_text_channel("quick")
    quick_lobby, quick_id = await open_lobby(world, player, quick_channel, game="verso")
    await other.click(quick_lobby, custom_id=f"cr:lobby:{quick_id}:join")
    await player.click(quick_lobby, label="Start")  # no pace: nothing to pause
    lobby_channel = world.guild.add_text_channel("later")
    lobby, _lobby_id = await open_lobby(world, carol, lobby_channel, game="verso")
    await player.click(lobby, label="Join")
    await world.bot.wait_idle()

    world.clock.advance(HOUR.total_seconds())
    answer = told(await player.slash(world.channel, "game away", until="3 days"), player)
    assert answer.startswith("🏖️ You are away until Fri, Dec 4 (<t:"), answer
    await world.bot.wait_idle()
    assert (await stored(world, slow_id)).record.deadline == start + 4 * DAY  # 23 h after it
    assert f"⏳ <@{player.id}>: away until Fri, Dec 4" in table.text().splitlines()
    # beside the reliability record every lobby shows since fair play
    assert f"<@{player.id}> (new) (away until Fri, Dec 4)" in lobby.text()
    listed = await mine(world, other)
    assert f"<@{player.id}> to move, away until Fri, Dec 4" in listed, listed
    assert (await stored(world, quick_id)).record.deadline is None

    world.clock.advance(DAY.total_seconds())
    answer = told(await player.slash(world.channel, "game back"), player)
    assert answer.startswith("👋 Welcome back")
    await world.bot.wait_idle()
    assert (await stored(world, slow_id)).record.deadline == start + 2 * DAY  # a day paused
    assert f"⏳ <@{player.id}>: 23 hr left (until <t:" in table.text()
    assert f"<@{player.id}> (away" not in lobby.text()
    listed = await mine(world, player)
    assert listed.splitlines()[1].startswith(f"- **Verso #{slow_id}**: your move, 23 hr left")
    again = told(await player.slash(world.channel, "game back"), player)
    assert "You are not away" in again
    assert find_table(world, slow_id) is table


async def test_away_time_is_refused_beyond_14_days_in_30_and_for_what_is_no_time(
    world: World,
) -> None:
    alice = world.alice
    unread = told(await alice.slash(world.channel, "game away", until="soon"), alice)
    assert "I cannot read “soon” as a date or a time from now" in unread
    past = told(await alice.slash(world.channel, "game away", until="2026-11-01"), alice)
    assert "Choose a time in the future." in past
    too_long = told(await alice.slash(world.channel, "game away", until="20 days"), alice)
    assert "at most 14 days in any 30: at most until Tue, Dec 15 12:00" not in too_long
    assert "at most 14 days in any 30: at most until Tue, Dec 15" in too_long
    ok = told(await alice.slash(world.channel, "game away", until="2026-12-15"), alice)
    assert ok.startswith("🏖️ You are away until Tue, Dec 15 (")  # 13.5 days: allowed
    alice.locale = "es"
    more = told(await alice.slash(world.channel, "game away", until="3 semanas"), alice)
    assert "como mucho hasta el" in more  # in her language, read in her words


async def test_forget_me_ends_the_away_time_the_bot_keeps(world: World) -> None:
    """Forget-me deletes a player's away times, in the bot's memory too: a lobby they join
    afterwards does not show them away (nor would their banks stay paused)."""
    alice, bob = world.alice, world.bob
    told(await bob.slash(world.channel, "game away", until="3 days"), bob)
    question = await bob.slash(world.channel, "game forget-me")
    done = await bob.click(question.original, label="Forget me")
    assert done.answer_text is not None and done.answer_text.startswith("Done:")

    lobby, game_id = await open_lobby(world, alice, game="verso")
    await bob.click(lobby, custom_id=f"cr:lobby:{game_id}:join")
    await world.bot.wait_idle()
    assert f"<@{bob.id}> (new)" in lobby.text()
    assert "away until" not in lobby.text()
