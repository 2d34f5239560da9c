"""Shared fixtures."""

from tests.fakediscord.fixtures import fake_discord

pytest_plugins = ["tests.pgserver", "tests.backends"]

__all__ = ["fake_discord"]
