"""Direct messages with the bot as Discord gives them to a bot's interactions
(tests/fakediscord/dms.py): a click on a button of the bot's DM reaches discord.py with no
guild, a ``user`` rather than a ``member``, the BOT_DM context and only the documented DM
``app_permissions``; the answer (an ephemeral one too) lands in the DM; a user who accepts no
direct messages makes the bot's DM fail with 50007."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.dms import BOT_DM, DM_APP_PERMISSIONS
from tests.fakediscord.tinybot import TinyBot, scene


def _bot(seen: list[discord.Interaction]) -> TinyBot:
    def setup(bot: TinyBot) -> None:
        class Open(discord.ui.DynamicItem[discord.ui.Button], template=r"dm:open:(?P<n>\d+)"):
            def __init__(self, n: int) -> None:
                super().__init__(discord.ui.Button(label="Open", custom_id=f"dm:open:{n}"))
                self.n = n

            @classmethod
            async def from_custom_id(cls, interaction, item, match, /):  # type: ignore[no-untyped-def]  # noqa: ANN001, ANN206
                return cls(int(match["n"]))

            async def callback(self, interaction: discord.Interaction) -> None:
                seen.append(interaction)
                await interaction.response.send_message(f"screen {self.n}", ephemeral=True)

        bot.add_dynamic_items(Open)
        bot.open_item = Open  # type: ignore[attr-defined]

    return TinyBot(setup)


async def test_a_click_in_a_dm_arrives_as_discord_sends_it(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    seen: list[discord.Interaction] = []
    bot = _bot(seen)
    await fake_discord.start_bot(bot)
    user = await bot.fetch_user(s.alice.id)
    view = discord.ui.View(timeout=None)
    view.add_item(bot.open_item(12))  # type: ignore[attr-defined]
    await user.send("Your move in game #12", view=view)
    (dm,) = s.alice.dms()

    record = await s.alice.click(dm, label="Open")

    payload = record.payload()
    assert "guild_id" not in payload and "member" not in payload and "guild" not in payload
    assert payload["user"]["id"] == str(s.alice.id) and payload["context"] == BOT_DM
    assert payload["authorizing_integration_owners"] == {"0": "0"}
    (interaction,) = seen
    assert interaction.guild_id is None and interaction.guild is None
    assert isinstance(interaction.user, discord.User)  # not a Member
    assert interaction.context.dm_channel and not interaction.context.guild
    granted = interaction.app_permissions
    assert granted.value == DM_APP_PERMISSIONS
    assert not granted.view_channel and not granted.send_messages
    assert granted.attach_files and granted.embed_links and granted.use_external_emojis
    answer = await record.reply()
    assert answer.text() == "screen 12" and answer in s.alice.dms()
    assert answer.ephemeral_for is s.alice and answer not in s.bob.visible_messages()


async def test_a_dm_to_a_user_who_accepts_none_is_refused_with_50007(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    bot = _bot([])
    await fake_discord.start_bot(bot)
    s.bob.dms_open = False
    channel = await bot.create_dm(discord.Object(s.bob.id))  # opening the channel works
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("Your move")
    assert refused.value.code == 50007 and s.bob.dms() == []
    s.bob.dms_open = True  # they allow them again
    await channel.send("Your move")
    assert [m.text() for m in s.bob.dms()] == ["Your move"]
