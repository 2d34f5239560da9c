"""Shared fixtures."""

from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]
