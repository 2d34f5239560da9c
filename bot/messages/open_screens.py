"""Players' private screens the bot can still edit, kept current after every change.

Discord lets the bot edit an interaction's messages for 15 minutes; within that time a screen a
player has open is edited when what it shows changed (their turn came, their hand changed, the
game ended) or something happened only they may see (cards passed to them), so they need not
ask again. Screens show public information only while their player has a decision, so a
waiting player's screen does not go stale as others play.
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass

import discord

from bot.games import presentation
from bot.messages import layouts
from bot.messages.languages import tr
from bot.messages.pictures import Pictures, edit_files
from bot.service import GameSnapshot, Played
from bot.texts.rendering import private_lines, seat_screen
from bot.texts.specs import Screen
from storage import GameStatus

log = logging.getLogger(__name__)

SCREEN_LIFETIME = 14 * 60
"""Seconds a player's screen is kept up to date (Discord allows edits for 15 minutes)."""

WATCHING = 60.0
"""Seconds after their last click on a game during which a player with a screen open counts
as watching it: their screen shows their turn, so a ping need not notify them."""


@dataclass
class OpenScreen:
    """A player's private screen the bot can still edit, and what it shows."""

    interaction: discord.Interaction
    opened: float
    shown: bytes  # fingerprint of what it shows apart from private event lines
    version: int
    picture: str | None = None  # the name of the picture it shows


def fingerprint(screen: Screen) -> bytes:
    """16 bytes that differ between any two different screens (a digest of its text and
    components): an open screen keeps this rather than the whole screen it shows."""
    return hashlib.blake2b(repr(screen).encode(), digest_size=16).digest()


_NOT_FOR_EDITS = (
    "message",
    "data",
    "_original_response",
    "user",
    "extras",
    "entitlements",
    "entitlement_sku_ids",
    "_integration_owners",
)
"""What an interaction kept for later edits lets go of: its component's message, the raw
payload, the answer as discord.py parsed it, the member who clicked (the screen is keyed by
their id) and data about the app's subscriptions: about 4 KB per screen, kept for 14
minutes. Editing needs only its state, token, application id, channel and locale."""


class OpenScreens:
    """The open private screens, by (game, user)."""

    def __init__(self, pictures: Pictures | None = None, watching: float = WATCHING) -> None:
        self.pictures = pictures
        self._screens: dict[tuple[int, int], OpenScreen] = {}
        self._swept = time.monotonic()
        self.watching_seconds = watching

    def remember(
        self,
        interaction: discord.Interaction,
        snapshot: GameSnapshot,
        screen: Screen,
        picture: str | None = None,
    ) -> None:
        """``interaction``'s answer now shows ``screen`` of this game, ``screen`` rendered
        without private event lines, and the picture named ``picture`` (screens Discord no
        longer lets the bot edit are forgotten on the way)."""
        mine = (snapshot.id, interaction.user.id)
        for name in _NOT_FOR_EDITS:
            if hasattr(interaction, name):  # a later discord.py may rename one
                setattr(interaction, name, None)
        now = time.monotonic()
        if now - self._swept > 60:  # not at every click: there may be thousands of screens
            self._swept = now
            for key in [k for k, s in self._screens.items() if now - s.opened > SCREEN_LIFETIME]:
                del self._screens[key]
        self._screens[mine] = OpenScreen(
            interaction, now, fingerprint(screen), snapshot.record.version, picture
        )

    def watching(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` has a screen of ``game_id`` open and clicked on the game in the
        last ``watching_seconds`` (default :data:`WATCHING`)."""
        screen = self._screens.get((game_id, user_id))
        return screen is not None and time.monotonic() - screen.opened <= self.watching_seconds

    def forget_game(self, game_id: int) -> None:
        """Drop every screen of ``game_id`` (nothing will change them any more)."""
        for key in [k for k in self._screens if k[0] == game_id]:
            del self._screens[key]

    def __len__(self) -> int:
        return len(self._screens)

    async def refresh(self, played: Played, actor: int | None) -> None:
        """Edit the screens other players have open where they would now look different, or
        where something happened that only they may see."""
        snapshot = played.snapshot
        record = snapshot.record
        state = snapshot.state
        assert state is not None
        accent = presentation(record.game_name).accent
        events = played.events()
        for seat in record.seats:
            if not seat.is_human or seat.seat == actor or seat.user_id is None:
                continue
            key = (snapshot.id, seat.user_id)
            screen = self._screens.get(key)
            if screen is None or record.version <= screen.version:
                continue  # none open, or it already shows this state or a newer one
            if time.monotonic() - screen.opened > SCREEN_LIFETIME:
                del self._screens[key]
                continue
            _ = tr(screen.interaction)
            private = private_lines(record, events, seat.seat, _)
            bare = seat_screen(record, state, seat.seat, _)
            shown = fingerprint(bare)
            if shown == screen.shown and not private:
                screen.version = record.version
                continue
            fresh = seat_screen(record, state, seat.seat, _, private) if private else bare
            picture = None
            if self.pictures is not None:
                picture = await self.pictures.seat(
                    record, state, seat.seat, _.language, urgent=False
                )
            try:
                await screen.interaction.edit_original_response(
                    view=layouts.seat(record.id, fresh, accent=accent, picture=picture),
                    **edit_files(picture, screen.picture),
                )
                screen.shown = shown
                screen.version = record.version
                screen.picture = picture.name if picture is not None else None
            except discord.HTTPException as exc:
                log.info("screen of game %s seat %s not editable: %s", record.id, seat.seat, exc)
                self._screens.pop(key, None)
        if record.status != GameStatus.ACTIVE:
            self.forget_game(record.id)
