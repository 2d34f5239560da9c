"""Errors shown to the user who caused them, as a short ephemeral message."""

from __future__ import annotations


class UserError(Exception):
    """Something the user asked cannot be done; nothing has changed.

    Attributes:
        msgid: the English text (a catalog msgid) with ``{field}`` placeholders.
        fields: values for the placeholders.
        refresh_screen: the reply should also show the user's current private screen (stale
            or refused clicks), so they can go on playing at once.
    """

    def __init__(self, msgid: str, *, refresh_screen: bool = False, **fields: object) -> None:
        super().__init__(msgid.format(**fields) if fields else msgid)
        self.msgid = msgid
        self.fields = fields
        self.refresh_screen = refresh_screen
