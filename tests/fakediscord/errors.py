"""Errors of the fake: the JSON error answers Discord gives, and what the test-facing API raises.

Everything a test can see raised derives from :class:`FakeDiscordError`, an ``AssertionError``, so
pytest reports it as a failed expectation with the message the fake wrote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .interactions import InteractionRecord


class DiscordHTTPError(Exception):
    """An error answer of the fake REST API, shaped like Discord's:
    ``{"message", "code"[, "errors"]}``.

    Raised inside route handlers; the server turns it into a JSON response with ``status``.
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        rule: str | None = None,
        discord_bug: bool = False,
        detail: str = "",
    ) -> None:
        super().__init__(f"{status} {message} (code {code})")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.rule = rule
        """The documented rule (a key of ``rules.RULES``) the request broke: the fake answers
        like Discord and the test fails."""
        self.discord_bug = discord_bug
        """Discord refuses a valid request (``refuse_picture_edits``): the fake answers like
        Discord and records it, and the test goes on."""
        self.detail = detail
        """What the test's failure says besides Discord's answer."""

    def body(self) -> dict[str, Any]:
        """The JSON body Discord would send."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def unknown_channel() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10003, "Unknown Channel")


def unknown_message() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10008, "Unknown Message")


def unknown_webhook() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10015, "Unknown Webhook")


def unknown_user() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10013, "Unknown User")


def unknown_interaction() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10062, "Unknown interaction")


def already_acknowledged() -> DiscordHTTPError:
    return DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")


def missing_access() -> DiscordHTTPError:
    return DiscordHTTPError(403, 50001, "Missing Access")


def missing_permissions() -> DiscordHTTPError:
    return DiscordHTTPError(403, 50013, "Missing Permissions")


def cannot_message_user() -> DiscordHTTPError:
    return DiscordHTTPError(403, 50007, "Cannot send messages to this user")


def not_author() -> DiscordHTTPError:
    return DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")


def invalid_webhook_token() -> DiscordHTTPError:
    return DiscordHTTPError(401, 50027, "Invalid Webhook Token")


def unauthorized() -> DiscordHTTPError:
    return DiscordHTTPError(401, 0, "401: Unauthorized")


def bad_callback(message: str) -> DiscordHTTPError:
    """A 400 for an interaction callback Discord refuses (wrong type for the interaction...)."""
    return invalid_form_body({"type": message})


FormProblems = dict[str, str | tuple[str, str]]
"""Dotted paths to what is wrong there: a message (code ``INVALID``), or ``(code, message)``."""


def invalid_form_body(problems: FormProblems, **kw: Any) -> DiscordHTTPError:
    """A 400/50035 with Discord's nested ``errors`` object (developers/reference.mdx, Error
    Messages); ``problems`` maps dotted paths to text: ``{"content": "Too long."}`` ->
    ``{"content": {"_errors": [{"code": "INVALID", "message": "Too long."}]}}``; the path
    ``""`` is the request as a whole (``{"_errors": [...]}``). ``kw``: ``rule``,
    ``discord_bug`` (:class:`DiscordHTTPError`).
    """
    errors: dict[str, Any] = {}
    for path, problem in problems.items():
        code, text = problem if isinstance(problem, tuple) else ("INVALID", problem)
        node = errors
        for part in path.split(".") if path else ():
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": text})
    return DiscordHTTPError(400, 50035, "Invalid Form Body", errors, **kw)


class FakeDiscordError(AssertionError):
    """Base of everything the test-facing API raises."""


class CommandNotFound(FakeDiscordError):
    """The slash command (or subcommand) is not among the commands the bot synced."""


class CommandUnavailable(FakeDiscordError):
    """Discord would not offer the command to this user (``default_member_permissions``, DMs)."""


class OptionError(FakeDiscordError):
    """A slash option is unknown, missing, of the wrong type or not one of the choices."""


class ComponentNotFound(FakeDiscordError):
    """No component (or more than one) on the message matches what the test asked to click."""


class ComponentDisabled(FakeDiscordError):
    """The component exists but is disabled: a user cannot click or select it."""


class NotVisible(FakeDiscordError):
    """The user cannot see the message or channel (someone else's ephemeral, no View Channel...)."""


class BotOffline(FakeDiscordError):
    """No bot session is connected or resumable, so Discord could not deliver the interaction."""


class InteractionFailed(FakeDiscordError):
    """The bot did not answer the interaction in time: the user sees "This interaction failed".

    ``record`` is the :class:`~tests.fakediscord.interactions.InteractionRecord`.
    """

    def __init__(self, message: str, record: InteractionRecord) -> None:
        super().__init__(message)
        self.record = record


class WaitTimeout(FakeDiscordError):
    """A ``wait_for`` condition did not become true in time."""


class FakeDiscordProblems(FakeDiscordError):
    """The bot did something the fake could not serve (unknown route, invalid body, fake bug)."""
