"""Durable game storage on SQLite (aiosqlite)."""
