"""Discord's documented rules, enforced by default: each refused with Discord's answer and
failing the test that broke it, accepted once the test relaxes that rule by name."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, FakeDiscordProblems, InteractionRecord
from tests.fakediscord.responses import API_PREFIX
from tests.fakediscord.rules import BODY_BYTES_LIMIT, RULES, body_bytes
from tests.fakediscord.tinybot import Scene, TinyBot, scene

V2 = 1 << 15


def _v2(*children: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A Components V2 message body: a container of ``children``."""
    return {"flags": V2, "components": [{"type": 17, "components": list(children)}], **extra}


def _text(content: str = "the table", **extra: Any) -> dict[str, Any]:
    return {"type": 10, "content": content, **extra}


def _button(custom_id: str = "b", **extra: Any) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 2, "style": 2, "custom_id": custom_id, **extra}]}


def _select(*options: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": list(options)}]}


def _gallery(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 12, "items": list(items)}


def _item(description: str | None = "alt") -> dict[str, Any]:
    return {"media": {"url": "https://example.com/a.png"}, "description": description}


def _errors(path: str, message: str) -> dict[str, Any]:
    """Discord's nested ``errors`` for one problem at dotted ``path``."""
    node: dict[str, Any] = {"_errors": [{"code": "INVALID", "message": message}]}
    for part in reversed(path.split(".") if path else []):
        node = {part: node}
    return node


WIDE = "ї" * 3990  # two bytes each in UTF-8: 7,980 bytes of text, 3,990 characters


CASES = [
    pytest.param(
        "media_gallery",
        _v2(_text(), _gallery()),
        "components.0.components.1.items",
        "Must be between 1 and 10 in length.",
        id="gallery-empty",
    ),
    pytest.param(
        "media_gallery",
        _v2(_gallery(*[_item()] * 11)),
        "components.0.components.0.items",
        "Must be between 1 and 10 in length.",
        id="gallery-11",
    ),
    pytest.param(
        "media_gallery",
        _v2(_gallery(_item(""))),
        "components.0.components.0.items.0.description",
        "Must be between 1 and 1024 in length.",
        id="alt-empty",
    ),
    pytest.param(
        "media_gallery",
        _v2(_gallery(_item("a" * 1025))),
        "components.0.components.0.items.0.description",
        "Must be between 1 and 1024 in length.",
        id="alt-1025",
    ),
    pytest.param(
        "select_option",
        _v2(_text(), _select({"label": "", "value": "a"})),
        "components.0.components.1.components.0.options.0.label",
        "Must be between 1 and 100 in length.",
        id="option-label-empty",
    ),
    pytest.param(
        "select_option",
        _v2(_text(), _select({"label": "Leek", "value": ""})),
        "components.0.components.1.components.0.options.0.value",
        "Must be between 1 and 100 in length.",
        id="option-value-empty",
    ),
    pytest.param(
        "emoji_name",
        _v2(_text(), _button(label="Play", emoji={"name": "x" * 33})),
        "components.0.components.1.components.0.emoji.name",
        "Must be 32 or fewer in length.",
        id="emoji-33",
    ),
    pytest.param(
        "component_ids",
        _v2(_text(id=7), _text("again", id=7)),
        "components.0.components.1.id",
        "Component id 7 is already used by components.0.components.0.",
        id="ids-twice",
    ),
    pytest.param(
        "allowed_mentions",
        {"content": "<@1> <@2>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
        "allowed_mentions",
        'parse "users" cannot be used with a users list (mutually exclusive).',
        id="parse-and-users",
    ),
    pytest.param(
        "nonce",
        {"content": "hi", "nonce": "n" * 26},
        "nonce",
        "Must be 25 or fewer in length.",
        id="nonce-26",
    ),
    pytest.param(
        "body_bytes",
        _v2(_text(WIDE)),
        "",
        f"Message body is {body_bytes(_v2(_text(WIDE)))} bytes, more than {BODY_BYTES_LIMIT}.",
        id="body-8000",
    ),
]


async def _request(
    fake: FakeDiscord, method: str, path: str, body: dict[str, Any], *, bot: bool = True
) -> tuple[int, dict[str, Any]]:
    """``body`` as JSON to the fake (with the bot's token when ``bot``): status and JSON."""
    headers = {"Authorization": f"Bot {fake.token}"} if bot else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.url + API_PREFIX + path, json=body, headers=headers) as got,
    ):
        return got.status, json.loads(await got.text() or "{}")


@pytest.mark.parametrize(("rule", "body", "path", "message"), CASES)
async def test_a_body_against_a_documented_rule_is_refused_and_fails_the_test(
    rule: str, body: dict[str, Any], path: str, message: str
) -> None:
    with pytest.raises(FakeDiscordProblems, match="refuses") as failed:
        async with FakeDiscord.running() as fake:
            channel = scene(fake).channel
            status, answer = await _request(fake, "POST", f"/channels/{channel.id}/messages", body)
            assert (status, answer) == (
                400,
                {"code": 50035, "message": "Invalid Form Body", "errors": _errors(path, message)},
            )
            assert channel.messages == []
    assert str(failed.value).count("\n- ") == 1

    async with FakeDiscord.running(relax={rule}) as fake:  # relaxed: Discord's way aside
        channel = scene(fake).channel
        status, _answer = await _request(fake, "POST", f"/channels/{channel.id}/messages", body)
        assert status == 200 and len(channel.messages) == 1


async def test_a_body_of_8000_bytes_passes_and_one_byte_more_is_refused() -> None:
    overhead = body_bytes(_v2(_text("")))
    wide, narrow = divmod(BODY_BYTES_LIMIT - overhead, 2)  # "ї" is 2 bytes in UTF-8
    fits = _v2(_text("ї" * wide + "a" * narrow))
    over = _v2(_text("ї" * wide + "a" * (narrow + 1)))
    assert (body_bytes(fits), body_bytes(over)) == (BODY_BYTES_LIMIT, BODY_BYTES_LIMIT + 1)
    with pytest.raises(FakeDiscordProblems, match="bytes, more than 8000"):
        async with FakeDiscord.running() as fake:
            route = f"/channels/{scene(fake).channel.id}/messages"
            # sent as aiohttp writes JSON, "ї" escaped (6 bytes on the wire): counted decoded
            assert (await _request(fake, "POST", route, fits))[0] == 200
            assert (await _request(fake, "POST", route, over))[0] == 400


async def _waiting_interaction(fake: FakeDiscord) -> tuple[Scene, InteractionRecord]:
    """A slash command the bot never answers, for the test to answer in its place."""

    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="wait", description="Never answers")
        async def wait(interaction: discord.Interaction) -> None:
            return None

    s = scene(fake)
    await fake.start_bot(TinyBot(setup))
    return s, await s.alice.slash(s.channel, "wait", wait=False)


@asynccontextmanager
async def _failing(match: str) -> AsyncIterator[None]:
    with pytest.raises(FakeDiscordProblems, match=match):
        yield


async def test_a_deferred_answer_may_only_be_ephemeral() -> None:
    callback = "/interactions/{}/{}/callback"
    async with _failing("the bot sent a body Discord refuses"), FakeDiscord.running() as fake:
        s, record = await _waiting_interaction(fake)
        route = callback.format(record.id, record.token)
        deferred = {"type": 5, "data": {"flags": V2 | 64}}
        assert await _request(fake, "POST", route, deferred, bot=False) == (
            400,
            {
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": _errors("data.flags", "A deferred answer may only set EPHEMERAL (64)."),
            },
        )
        assert record.response_type is None and s.alice.visible_messages(s.channel) == []

    async with FakeDiscord.running(relax={"deferred_flags"}) as fake:  # only EPHEMERAL kept
        s, record = await _waiting_interaction(fake)
        route = callback.format(record.id, record.token)
        deferred = {"type": 5, "data": {"flags": V2 | 64}}
        assert (await _request(fake, "POST", route, deferred, bot=False))[0] == 204
        assert record.original is not None and record.original.flags == 64 | 128


async def test_a_callback_body_is_held_to_the_same_rules() -> None:
    async with _failing("refuses"), FakeDiscord.running() as fake:
        _s, record = await _waiting_interaction(fake)
        route = f"/interactions/{record.id}/{record.token}/callback"
        reply = {"type": 4, "data": {"content": "hi", "nonce": "n" * 26}}
        assert await _request(fake, "POST", route, reply, bot=False) == (
            400,
            {
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": _errors("data.nonce", "Must be 25 or fewer in length."),
            },
        )


@pytest.mark.fake_discord(relax={"nonce", "deadline"})
async def test_the_fixture_takes_its_options_from_the_marker(fake_discord: FakeDiscord) -> None:
    strict = fake_discord.world.strict
    assert [rule for rule in RULES if not strict.enforces(rule)] == ["deadline", "nonce"]


def test_an_unknown_rule_or_mode_is_refused_with_the_names_that_exist() -> None:
    with pytest.raises(ValueError, match="unknown rules \\['deadlines'\\]; the rules: .*'nonce'"):
        FakeDiscord(relax={"deadlines"})
    with pytest.raises(ValueError, match="one of \\('original', 'stale', 'all'\\)"):
        FakeDiscord(refuse_picture_edits="always")
