"""Errors shown to the user who caused them, as a short ephemeral message."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import N_


class UserError(Exception):
    """Something the user asked cannot be done; nothing has changed.

    Attributes:
        msgid: the English text (a catalog msgid) with ``{field}`` placeholders.
        fields: values for the placeholders.
    """

    def __init__(self, msgid: str, **fields: object) -> None:
        super().__init__(msgid.format(**self.shown_fields(str, fields)) if fields else msgid)
        self.msgid = msgid
        self.fields = fields

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


class OutOfDate(UserError):
    """The user acted on a game as it no longer stands: a click on a decision that has moved
    on or was re-stamped, a choice already made, a move no longer legal, a game that ended
    meanwhile. Nothing changed; what they see of the game is behind it (a caller may show
    them the game as it is now)."""


class ChannelHasGame(UserError):
    """A lobby cannot open in a channel that already has an open game (only one is allowed).

    Attributes:
        game_id: the open game already there.
    """

    def __init__(self, game_id: int) -> None:
        super().__init__(
            N_("There is already a game in this channel (game #{game})."), game=game_id
        )
        self.game_id = game_id
