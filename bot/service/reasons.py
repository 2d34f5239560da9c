"""Stored result reasons for games that end outside the rules (the engine's own reasons, such
as ``"turn_limit"``, come with its outcomes)."""

FORFEIT = "forfeit"
"""Won because everyone else left (a game that started with people only)."""
ABANDONED = "abandoned"
"""Ended because no person is seated any more; nobody wins."""
ADMIN_ABORT = "aborted by an admin"
"""Ended by a server admin; nobody wins."""
CANCELLED = "cancelled"
"""A lobby its host closed."""
LOBBY_LOST = "lobby message failed"
"""A lobby closed because its message could not be posted (nobody could see it)."""
