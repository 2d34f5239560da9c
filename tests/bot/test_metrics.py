"""The route labels of the requests to Discord (``bot.metrics.rest.route_template``): every
path the bot may call becomes Discord's documented route, with no id or token left in it, and
what is not a REST call (the gateway, an attachment) is no route at all."""

from __future__ import annotations

import pytest

from bot.metrics import Metrics
from bot.metrics.rest import route_template

API = "/api/v10"


@pytest.mark.parametrize(
    ("path", "route"),
    [
        ("/channels/1234567890123/messages", "/channels/{channel_id}/messages"),
        (
            "/channels/1234567890123/messages/98765432109876",
            "/channels/{channel_id}/messages/{message_id}",
        ),
        (
            "/interactions/111122223333/aW50ZXJhY3Rpb246MTIz-_x/callback",
            "/interactions/{interaction_id}/{interaction_token}/callback",
        ),
        (
            "/webhooks/444455556666/aW50ZXJhY3Rpb246/messages/@original",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        ),
        (
            "/webhooks/444455556666/aW50ZXJhY3Rpb246/messages/777788889999",
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        ),
        ("/webhooks/444455556666/lowercasetoken", "/webhooks/{webhook_id}/{webhook_token}"),
        (
            "/applications/1/guilds/2/commands/3",
            "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
        ),
        ("/guilds/2/members/5/roles/6", "/guilds/{guild_id}/members/{member_id}/roles/{role_id}"),
        (
            "/channels/1/messages/2/reactions/%F0%9F%8E%B2/@me",
            "/channels/{channel_id}/messages/{message_id}/reactions/{value}/@me",
        ),
        ("/users/@me", "/users/@me"),
        ("/gateway/bot", "/gateway/bot"),
        ("/channels/1/messages/bulk-delete", "/channels/{channel_id}/messages/bulk-delete"),
    ],
)
def test_a_request_path_becomes_its_route_without_ids_or_tokens(path: str, route: str) -> None:
    assert route_template(API + path) == route
    # behind a proxy with a base of its own (DISCORD_API_URL), the same route
    assert route_template("/discord-proxy" + API + path) == route


@pytest.mark.parametrize("path", ["/", "/gateway", "/attachments/1/2/table.png", "/api/users"])
def test_what_is_not_a_rest_call_has_no_route(path: str) -> None:
    assert route_template(path) is None


def test_two_bots_in_one_process_count_apart() -> None:
    first, second = Metrics(), Metrics()
    with first.handling(1, "action button") as handled:
        handled.outcome = "refused"
    first.picture_degraded("refused")

    def count(metrics: Metrics, name: str, **labels: str) -> float:
        found = metrics.registry.get_sample_value(name, labels)
        return found or 0.0

    assert count(first, "cardroom_interactions_total", kind="action button", outcome="refused") == 1
    assert (
        count(second, "cardroom_interactions_total", kind="action button", outcome="refused") == 0
    )
    assert count(first, "cardroom_pictures_degraded_total", reason="refused") == 1
    assert count(second, "cardroom_pictures_degraded_total", reason="refused") == 0


def test_an_exception_escaping_a_handler_counts_as_failed() -> None:
    metrics = Metrics()
    with pytest.raises(RuntimeError), metrics.handling(7, "/game new"):
        raise RuntimeError("boom")
    value = metrics.registry.get_sample_value(
        "cardroom_interactions_total", {"kind": "/game new", "outcome": "failed"}
    )
    assert value == 1
    metrics.answered(7)  # its handling is over: no answer time is made up for it
    assert (
        metrics.registry.get_sample_value(
            "cardroom_interaction_answer_seconds_count", {"kind": "/game new"}
        )
        is None
    )
