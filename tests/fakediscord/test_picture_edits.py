"""Discord refusing picture edits (``refuse_picture_edits``), each mode with the exact answer
Discord gives (discord/discord-api-docs#7529), without failing the test."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, InteractionRecord
from tests.fakediscord.responses import API_PREFIX
from tests.fakediscord.tinybot import Scene, TinyBot, scene

V2 = 1 << 15
REFUSED = {
    "code": 50035,
    "message": "Invalid Form Body",
    "errors": {
        "components": {
            "0": {
                "components": {
                    "1": {
                        "items": {
                            "0": {
                                "media": {
                                    "url": {
                                        "_errors": [
                                            {
                                                "code": "UNFURLED_MEDIA_ITEM_REFERENCED_"
                                                "ATTACHMENT_NOT_FOUND",
                                                "message": "Unfurled media attachment not found.",
                                            }
                                        ]
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    },
}
"""Discord's answer to a refused picture edit: the gallery item's ``media.url`` not found."""


def _table(name: str) -> dict[str, Any]:
    """A table: a container of a text and a gallery showing ``attachment://name``."""
    gallery = {"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}]}
    return {
        "flags": V2,
        "components": [{"type": 17, "components": [{"type": 10, "content": "t"}, gallery]}],
    }


async def _send(
    fake: FakeDiscord,
    method: str,
    path: str,
    body: dict[str, Any],
    *files: str,
    bot: bool = True,
) -> tuple[int, dict[str, Any]]:
    """``body`` with ``files`` uploaded (multipart, as discord.py sends), the bot's token when
    ``bot``; the status and JSON answer."""
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(body), content_type="application/json")
    for i, name in enumerate(files):
        form.add_field(f"files[{i}]", b"PNG " + name.encode(), filename=name)
    headers = {"Authorization": f"Bot {fake.token}"} if bot else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.url + API_PREFIX + path, data=form, headers=headers) as got,
    ):
        return got.status, json.loads(await got.text() or "{}")


async def _interaction(fake: FakeDiscord, s: Scene) -> InteractionRecord:
    """A slash command the bot leaves to the test to answer."""
    return await s.alice.slash(s.channel, "wait", wait=False)


async def _started(fake: FakeDiscord) -> Scene:
    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="wait", description="Never answers")
        async def wait(interaction: discord.Interaction) -> None:
            return None

    s = scene(fake)
    await fake.start_bot(TinyBot(setup))
    return s


def _hook(fake: FakeDiscord, record: InteractionRecord, tail: str = "") -> str:
    return f"/webhooks/{fake.bot.id}/{record.token}{tail}"


def _callback(record: InteractionRecord) -> str:
    return f"/interactions/{record.id}/{record.token}/callback"


async def test_original_refuses_an_edit_of_the_original_uploading_a_gallery_picture() -> None:
    async with FakeDiscord.running(refuse_picture_edits="original") as fake:
        s = await _started(fake)
        record = await _interaction(fake, s)
        text = {"type": 4, "data": {"flags": V2, "components": [{"type": 10, "content": "hi"}]}}
        assert (await _send(fake, "POST", _callback(record), text, bot=False))[0] == 204
        original = _hook(fake, record, "/messages/@original")

        refused = await _send(fake, "PATCH", original, _table("a.png"), "a.png", bot=False)

        assert refused == (400, REFUSED)
        assert record.original is not None and record.original.pictures() == []
        # without the upload, or as a new follow-up, the same picture passes (#7529)
        followup = await _send(fake, "POST", _hook(fake, record), _table("a.png"), "a.png")
        assert followup[0] == 200 and len(fake.message(int(followup[1]["id"])).pictures()) == 1
        plain = {"components": [{"type": 10, "content": "no picture"}]}
        assert (await _send(fake, "PATCH", original, plain, "a.png", bot=False))[0] == 200
        # a deferral completed by the first follow-up edits @original: refused too
        deferred = await _interaction(fake, s)
        assert (await _send(fake, "POST", _callback(deferred), {"type": 5}, bot=False))[0] == 204
        completing = await _send(fake, "POST", _hook(fake, deferred), _table("b.png"), "b.png")
        assert completing == (400, REFUSED)
        assert [r.route for r in fake.refused_picture_edits] == [
            "PATCH /webhooks/{application_id}/{token}/messages/{message_id}",
            "POST /webhooks/{application_id}/{token}",
        ]
    assert fake.problems == []  # Discord's bug, not the bot's: the test goes on


async def test_stale_refuses_an_edit_naming_a_file_of_an_earlier_request() -> None:
    async with FakeDiscord.running(refuse_picture_edits="stale") as fake:
        s = await _started(fake)
        posts = f"/channels/{s.channel.id}/messages"
        status, posted = await _send(fake, "POST", posts, _table("a.png"), "a.png")
        assert status == 200
        table = fake.message(int(posted["id"]))

        kept = await _send(fake, "PATCH", f"{posts}/{table.id}", _table("a.png"))
        assert kept == (400, REFUSED) and table.edit_count == 0
        # a new upload in the same edit passes, as does the @original edit that uploads
        replaced = await _send(fake, "PATCH", f"{posts}/{table.id}", _table("b.png"), "b.png")
        assert replaced[0] == 200 and [a.filename for a in table.pictures()] == ["b.png"]
        record = await _interaction(fake, s)
        reply = {"type": 4, "data": _table("c.png")}
        assert (await _send(fake, "POST", _callback(record), reply, "c.png", bot=False))[0] == 204
        original = _hook(fake, record, "/messages/@original")
        assert await _send(fake, "PATCH", original, _table("c.png"), bot=False) == (400, REFUSED)
        assert (await _send(fake, "PATCH", original, _table("d.png"), "d.png", bot=False))[0] == 200
        assert len(fake.refused_picture_edits) == 2
    assert fake.problems == []


async def test_all_refuses_every_edit_and_callback_showing_a_gallery_picture() -> None:
    async with FakeDiscord.running(refuse_picture_edits="all") as fake:
        s = await _started(fake)
        record = await _interaction(fake, s)
        reply = {"type": 4, "data": _table("a.png")}
        refused = await _send(fake, "POST", _callback(record), reply, "a.png", bot=False)
        assert refused[0] == 400 and refused[1]["errors"] == {"data": REFUSED["errors"]}
        assert record.response_type is None  # still unanswered: the bot may answer again
        # a new message may show it: a channel post, a new follow-up
        posts = f"/channels/{s.channel.id}/messages"
        status, posted = await _send(fake, "POST", posts, _table("a.png"), "a.png")
        assert status == 200 and len(fake.message(int(posted["id"])).pictures()) == 1
        edit = await _send(fake, "PATCH", f"{posts}/{posted['id']}", _table("b.png"), "b.png")
        assert edit == (400, REFUSED)
        assert len(fake.refused_picture_edits) == 2
    assert fake.problems == []


async def test_without_the_mode_every_picture_edit_passes() -> None:
    async with FakeDiscord.running() as fake:
        s = await _started(fake)
        record = await _interaction(fake, s)
        reply = {"type": 4, "data": _table("a.png")}
        assert (await _send(fake, "POST", _callback(record), reply, "a.png", bot=False))[0] == 204
        original = _hook(fake, record, "/messages/@original")
        assert (await _send(fake, "PATCH", original, _table("b.png"), "b.png", bot=False))[0] == 200
        assert (await _send(fake, "PATCH", original, _table("b.png"), bot=False))[0] == 200
        assert fake.refused_picture_edits == []


@pytest.mark.fake_discord(refuse_picture_edits="stale")
async def test_the_marker_chooses_the_mode(fake_discord: FakeDiscord) -> None:
    s = await _started(fake_discord)
    posts = f"/channels/{s.channel.id}/messages"
    _status, posted = await _send(fake_discord, "POST", posts, _table("a.png"), "a.png")
    assert await _send(fake_discord, "PATCH", f"{posts}/{posted['id']}", _table("a.png")) == (
        400,
        REFUSED,
    )
