"""Durable game storage on SQLite (aiosqlite)."""

from storage.database import Database
from storage.errors import DatabaseBusy, SchemaTooNew, StorageError
from storage.settings import StorageSettings

__all__ = ["Database", "DatabaseBusy", "SchemaTooNew", "StorageError", "StorageSettings"]
