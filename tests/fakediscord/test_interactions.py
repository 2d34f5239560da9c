"""Users driving a bot through the fake: slash commands, buttons, selects, ephemerals, deferred
replies and Components V2 layouts."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest
from discord import app_commands

from tests.fakediscord import (
    ComponentDisabled,
    ComponentNotFound,
    FakeDiscord,
    NotVisible,
    OptionError,
)
from tests.fakediscord.tinybot import TinyBot, scene

Calls = list[tuple[str, ...]]


def _game_bot(calls: Calls, release: asyncio.Event) -> TinyBot:
    def setup(bot: TinyBot) -> None:
        game = app_commands.Group(name="game", description="Card games")

        @game.command(name="new", description="Start a game")
        @app_commands.choices(
            game=[
                app_commands.Choice(name="Artichokes", value="artichokes"),
                app_commands.Choice(name="Ninjan", value="ninjan"),
            ]
        )
        async def new(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            calls.append(("new", game.value, interaction.user.name))
            join = discord.ui.Button(label="Join", custom_id="table:join")

            async def joined(click: discord.Interaction) -> None:
                calls.append(("join", click.user.name))
                text = f"{game.name}: {interaction.user.name} vs {click.user.name}"
                await click.response.edit_message(content=text, view=None)

            join.callback = joined  # type: ignore[method-assign]
            view = discord.ui.View(timeout=None)
            view.add_item(join)
            await interaction.response.send_message(f"{game.name}: waiting", view=view)

        @game.command(name="hand", description="Show your hand")
        async def hand(interaction: discord.Interaction) -> None:
            draw = discord.ui.Button(label="Draw", custom_id="hand:draw")

            async def drew(click: discord.Interaction) -> None:
                await click.response.edit_message(content="hand: 6 cards")

            draw.callback = drew  # type: ignore[method-assign]
            view = discord.ui.View()
            view.add_item(draw)
            await interaction.response.send_message("hand: 5 cards", view=view, ephemeral=True)

        @game.command(name="rules", description="Read the rules")
        async def rules(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await release.wait()
            await interaction.followup.send("rules: be nice")
            await interaction.followup.send("and have fun")

        @bot.tree.command(name="pick", description="Pick vegetables")
        async def pick(interaction: discord.Interaction) -> None:
            menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id="pick:veg",
                placeholder="Vegetables",
                max_values=2,
                options=[
                    discord.SelectOption(label=v.title(), value=v) for v in ("leek", "kale", "pea")
                ],
            )

            async def picked(choice: discord.Interaction) -> None:
                await choice.response.edit_message(content="picked: " + ", ".join(menu.values))

            menu.callback = picked  # type: ignore[method-assign]
            view = discord.ui.View()
            view.add_item(menu)
            await interaction.response.send_message("pick two", view=view)

        bot.tree.add_command(game)

    return TinyBot(setup)


async def test_a_slash_command_answered_with_a_button_and_the_click_edits_it(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    calls: Calls = []
    await fake_discord.start_bot(_game_bot(calls, asyncio.Event()))

    reply = await s.alice.slash(s.channel, "game new", game="artichokes")

    assert calls == [("new", "artichokes", "alice")]
    assert reply.response_type == 4 and not reply.ephemeral
    table = reply.original
    assert table is not None and table.text() == "Artichokes: waiting"
    assert table.labels() == ["Join"]
    assert s.bob.visible_messages(s.channel) == [table]

    click = await s.bob.click(table, label="Join")

    assert calls[-1] == ("join", "bob")
    assert click.response_type == 7 and click.original is table
    assert table.text() == "Artichokes: alice vs bob"
    assert table.components == [] and table.edit_count == 1
    assert click.answer_text == "Artichokes: alice vs bob"
    assert reply.answer_text == "Artichokes: waiting", "what the first answer showed is kept"
    assert s.alice.visible_messages(s.channel) == [table]
    assert click.latency is not None and 0 <= click.latency < click.deadline


async def test_an_ephemeral_reply_is_seen_only_by_its_user_and_its_edits_show(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    bot = _game_bot([], asyncio.Event())
    await fake_discord.start_bot(bot)

    reply = await s.alice.slash(s.channel, "game hand")

    hand = reply.original
    assert hand is not None and reply.ephemeral and hand.ephemeral_for is s.alice
    assert s.alice.ephemerals(s.channel) == [hand]
    assert s.bob.visible_messages(s.channel) == []
    with pytest.raises(NotVisible):
        await s.bob.click(hand, label="Draw")

    await s.alice.click(hand, label="Draw")

    assert [m.text() for m in s.alice.visible_messages(s.channel)] == ["hand: 6 cards"]
    assert s.bob.visible_messages(s.channel) == []
    assert bot.seen_messages == []  # bots never hear of ephemeral messages


async def test_a_deferred_reply_is_completed_by_the_first_followup(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    release = asyncio.Event()
    await fake_discord.start_bot(_game_bot([], release))

    record = await s.alice.slash(s.channel, "game rules")

    thinking = record.original
    assert record.response_type == 5 and thinking is not None
    assert thinking.loading and thinking.ephemeral and thinking.text() == ""
    release.set()
    answer = await record.reply()
    assert answer is thinking and not answer.loading and answer.ephemeral
    assert answer.text() == "rules: be nice" and answer.edit_count == 0
    second = await record.followup(1)
    assert second.text() == "and have fun" and not second.ephemeral
    assert s.alice.visible_messages(s.channel) == [answer, second]
    assert s.bob.visible_messages(s.channel) == [second]


async def test_a_select_menu_sends_the_chosen_values(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    await fake_discord.start_bot(_game_bot([], asyncio.Event()))
    menu = (await s.alice.slash(s.channel, "pick")).original
    assert menu is not None

    with pytest.raises(OptionError, match="offers"):
        await s.alice.select(menu, ["turnip"])
    with pytest.raises(OptionError, match="takes 1..2 values, got 3"):
        await s.alice.select(menu, ["leek", "kale", "pea"])
    record = await s.bob.select(menu, ["kale", "pea"], placeholder="Vegetables")

    assert record.data == {"custom_id": "pick:veg", "component_type": 3, "values": ["kale", "pea"]}
    assert menu.text() == "picked: kale, pea"


class Discard(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"g:(?P<game>\d+):v(?P<version>\d+):discard:(?P<card>\w+)",
):
    """A persistent button whose custom_id carries game id, version and card."""

    def __init__(self, game: int, version: int, card: str) -> None:
        custom_id = f"g:{game}:v{version}:discard:{card}"
        super().__init__(discord.ui.Button(label=f"Discard {card}", custom_id=custom_id))
        self.game, self.version, self.card = game, version, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> Discard:
        return cls(int(match["game"]), int(match["version"]), match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        cards = [c for c in ("leek", "kale") if c != self.card]
        await interaction.edit_original_response(view=_layout(self.game, self.version + 1, cards))


def _layout(game: int, version: int, cards: list[str]) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    sections = [
        discord.ui.Section(
            discord.ui.TextDisplay(f"card: {c}"), accessory=Discard(game, version, c)
        )
        for c in cards
    ]
    header = discord.ui.TextDisplay(f"Game {game} v{version}")
    view.add_item(discord.ui.Container(header, discord.ui.Separator(), *sections))
    passing = discord.ui.Button(label="Pass", custom_id=f"g:{game}:v{version}:pass", disabled=True)
    view.add_item(discord.ui.ActionRow(passing))
    return view


async def test_components_v2_buttons_are_found_anywhere_in_the_layout(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)

    def setup(bot: TinyBot) -> None:
        bot.add_dynamic_items(Discard)

        @bot.tree.command(name="layout", description="A V2 layout")
        async def layout(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=_layout(7, 1, ["leek", "kale"]))

    await fake_discord.start_bot(TinyBot(setup))
    message = (await s.alice.slash(s.channel, "layout")).original
    assert message is not None

    assert message.flags & (1 << 15)
    assert message.text() == "Game 7 v1\ncard: leek\ncard: kale"
    assert message.components[0]["type"] == 17
    with pytest.raises(ComponentDisabled):
        await s.alice.click(message, label="Pass")
    with pytest.raises(ComponentNotFound, match="2 components matching custom_id_prefix"):
        await s.alice.click(message, custom_id_prefix="g:7:v1:discard:")

    record = await s.alice.click(message, custom_id_match=r"g:7:v1:discard:leek")

    assert record.response_type == 6 and record.original is message
    assert record.data == {"custom_id": "g:7:v1:discard:leek", "component_type": 2}
    await fake_discord.wait_for(lambda: "v2" in message.text())
    assert message.text() == "Game 7 v2\ncard: kale"
    assert [b["custom_id"] for b in message.buttons()] == ["g:7:v2:discard:kale", "g:7:v2:pass"]


async def test_original_and_followups_are_read_edited_and_deleted(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    steps: list[str] = []

    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="flow", description="Every webhook route")
        async def flow(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            steps.append((await interaction.original_response()).content)
            await interaction.edit_original_response(content="first, edited")
            secret = await interaction.followup.send("for you", ephemeral=True, wait=True)
            await secret.edit(content="for you, edited")
            public = await interaction.followup.send("everyone", wait=True)
            await public.delete()
            await interaction.delete_original_response()
            assert interaction.channel is not None
            await interaction.channel.send("table")  # type: ignore[union-attr]
            steps.append("done")

    await fake_discord.start_bot(TinyBot(setup))

    record = await s.alice.slash(s.channel, "flow")
    table = await fake_discord.wait_for_message(s.channel, lambda m: m.text() == "table")
    secret = await fake_discord.wait_for_message(
        s.channel, lambda m: "for you" in m.text(), user=s.alice
    )
    await fake_discord.wait_for(lambda: "done" in steps)

    assert steps == ["first", "done"]
    assert record.original is not None and record.original.deleted
    assert record.followups[0] is secret and secret.ephemeral
    assert secret.text() == "for you, edited" and record.followups[1].deleted
    assert s.alice.visible_messages(s.channel) == [secret, table]
    assert s.bob.visible_messages(s.channel) == [table]
    hook = "/webhooks/{application_id}/{token}"
    assert {r.route for r in fake_discord.requests if r.route.split()[1].startswith(hook)} == {
        f"POST {hook}",
        f"GET {hook}/messages/{{message_id}}",
        f"PATCH {hook}/messages/{{message_id}}",
        f"DELETE {hook}/messages/{{message_id}}",
    }
