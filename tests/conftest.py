"""Shared fixtures, and the number of workers of `pytest -n auto`."""

import os

from tests.fakediscord.fixtures import fake_discord

pytest_plugins = ["tests.pgserver", "tests.backends"]

__all__ = ["fake_discord"]


def pytest_xdist_auto_num_workers(config: object) -> int:
    """``-n auto``: one worker more than the machine has cores. Much of an end-to-end test is
    spent waiting (on the local fake's sockets, on discord.py's pauses before it retries a
    500), and a spare worker runs another test meanwhile."""
    return (os.cpu_count() or 1) + 1
