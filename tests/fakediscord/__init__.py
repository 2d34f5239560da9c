"""A local fake of Discord (gateway v10 + REST) for end-to-end tests of the real discord.py client.

See ``README.md`` in this folder. The names a test needs are re-exported here.
"""

from .errors import (
    BotOffline,
    CommandNotFound,
    CommandUnavailable,
    ComponentDisabled,
    ComponentNotFound,
    FakeDiscordError,
    FakeDiscordProblems,
    InteractionFailed,
    NotVisible,
    OptionError,
    WaitTimeout,
)
from .interactions import InteractionRecord, LatencyStats, percentile
from .model import Attachment, Channel, Guild, Member, Message, Role
from .server import BotHandle, FakeDiscord, RequestRecord
from .users import User

__all__ = [
    "Attachment",
    "BotHandle",
    "BotOffline",
    "Channel",
    "CommandNotFound",
    "CommandUnavailable",
    "ComponentDisabled",
    "ComponentNotFound",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeDiscordProblems",
    "Guild",
    "InteractionFailed",
    "InteractionRecord",
    "LatencyStats",
    "Member",
    "Message",
    "NotVisible",
    "OptionError",
    "RequestRecord",
    "Role",
    "User",
    "WaitTimeout",
    "percentile",
]
