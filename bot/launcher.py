"""The ``cardroom`` command's entry point (also ``python -m bot``).

``cardroom play`` (``bot.terminal``) starts without loading discord.py and the bot, in half
the time; every other command is ``bot.cli``'s, whose ``--help`` lists ``play`` too.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the ``cardroom`` command ``argv`` (default: the process's arguments); the exit
    code."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["play"]:
        from bot.terminal.command import main as play

        return play(args[1:])
    from bot.cli import main as cli

    return cli(argv)
