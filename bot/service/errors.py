"""Errors shown to the user who caused them, as a short ephemeral message."""

from __future__ import annotations

from collections.abc import Callable


class UserError(Exception):
    """Something the user asked cannot be done; nothing has changed.

    Attributes:
        msgid: the English text (a catalog msgid) with ``{field}`` placeholders.
        fields: values for the placeholders.
        refresh_screen: the reply should also show the user's current private screen (stale
            or refused clicks), so they can go on playing at once.
    """

    def __init__(self, msgid: str, *, refresh_screen: bool = False, **fields: object) -> None:
        super().__init__(msgid.format(**self.shown_fields(str, fields)) if fields else msgid)
        self.msgid = msgid
        self.fields = fields
        self.refresh_screen = refresh_screen

    def text(self, translate: Callable[..., str]) -> str:
        """The message in ``translate``'s language (a ``Translator``); a field given as a
        list of msgids (names of permissions, say) is translated too and joined by commas."""
        return translate(self.msgid, **self.shown_fields(translate, self.fields))

    @staticmethod
    def shown_fields(
        translate: Callable[[str], str], fields: dict[str, object]
    ) -> dict[str, object]:
        return {
            name: ", ".join(translate(v) for v in value) if isinstance(value, list) else value
            for name, value in fields.items()
        }
