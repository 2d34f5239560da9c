"""``cardroom check --channel ID``'s command line, apart from ``bot.check`` (which runs it) so that
building the ``cardroom`` parser loads neither discord.py nor aiohttp."""

from __future__ import annotations

from typing import Any


def add_parser(commands: Any) -> None:
    """Add ``check --channel ID`` to the ``cardroom`` subcommands (``argparse`` subparsers)."""
    check = commands.add_parser(
        "check",
        help="try in one channel everything the bot does there, then delete what it made; "
        "one PASS or FAIL line per step, exit 0 when all pass",
        description="With the bot's token, try against Discord, in one channel, the bot's "
        "permissions there, a table with its picture, an edit to a new picture, an edit that "
        "keeps it and the largest message the bot sends, then delete them. One PASS or FAIL "
        "line per step, with Discord's code and message. Exit 0 when every step passed, 1 "
        "when one failed, 2 for the token, 3 when Discord cannot be reached.",
    )
    check.add_argument(
        "--channel",
        required=True,
        type=int,
        metavar="ID",
        help="the channel's id (Discord's developer mode: right-click it, Copy Channel ID)",
    )
