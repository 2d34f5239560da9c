"""Players' private screens the bot can still edit, kept current after every change.

Discord lets the bot edit an interaction's messages for 15 minutes; within that time a screen a
player has open is edited when what it shows changed (their turn came, their hand changed, the
game ended) or something happened only they may see (cards passed to them), so they need not
ask again. Screens show public information only while their player has a decision, so a
waiting player's screen does not go stale as others play.

A screen carries its seat's picture, uploaded with each edit (``bot.messages.pictures``). An
edit Discord refuses with it (as it refuses an ``@original`` edit that uploads a picture a
media gallery shows, discord/discord-api-docs#7529) is made again at once without, and the
channel's screen edits go without pictures for a while (``bot.messages.picture_guard``): the
screen goes on following the game. A screen is let go only when Discord refuses its edit
without a picture too (its interaction expired, its message deleted).

Each screen's edits go through a ``bot.timing.debounce.Debouncer``, keyed by game and user:
one at a time, and refreshes asked for while one is made are merged into one more edit (the
newest state, with the private lines of each). They are :data:`SCREEN_EDIT_INTERVAL` apart.
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass, replace

import discord

from bot.games import presentation
from bot.messages import layouts
from bot.messages.languages import tr
from bot.messages.picture_guard import ORIGINAL, Route
from bot.messages.pictures import Pictures, edit_files
from bot.pictures.base import Picture
from bot.service import GameSnapshot, Played
from bot.texts.rendering import private_lines, seat_screen
from bot.texts.specs import Screen
from bot.timing.debounce import Debouncer
from storage import GameStatus

log = logging.getLogger(__name__)

SCREEN_LIFETIME = 14 * 60
"""Seconds a player's screen is kept up to date (Discord allows edits for 15 minutes)."""

WATCHING = 60.0
"""Seconds after their last click on a game during which a player with a screen open counts
as watching it: their screen shows their turn, so a ping need not notify them."""

SCREEN_EDIT_INTERVAL = 0.0
"""Seconds between two edits of one screen (none: the follow-ups of one game run one at a
time, so each change of a screen is its own edit)."""


@dataclass
class OpenScreen:
    """A player's private screen the bot can still edit, and what it shows."""

    interaction: discord.Interaction
    opened: float
    shown: bytes  # fingerprint of what it shows apart from private event lines
    version: int
    edited: float | None = None  # when the bot last edited it (``Debouncer`` time)


@dataclass(frozen=True)
class ScreenChange:
    """What an edit of a seat's screen is to show: the game as ``snapshot``, with the
    ``private`` event lines (already in the screen's language) of the changes since the
    screen's last edit."""

    snapshot: GameSnapshot
    seat: int
    private: tuple[str, ...] = ()


def _merged(older: ScreenChange | None, newer: ScreenChange | None) -> ScreenChange | None:
    """Two changes of one screen in one edit: the newer state, the private lines of both."""
    if older is None or newer is None:
        return newer or older
    return replace(newer, private=older.private + newer.private)


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
        self._edits: Debouncer[tuple[int, int], ScreenChange] = Debouncer(
            self._edit,
            state=self._screens.get,
            spacing=SCREEN_EDIT_INTERVAL,
            merge=_merged,
            label="screen",
        )

    def remember(
        self,
        interaction: discord.Interaction,
        snapshot: GameSnapshot,
        screen: Screen,
    ) -> bool:
        """``interaction``'s answer now shows ``screen`` of this game, ``screen`` rendered
        without private event lines (screens Discord no longer lets the bot edit are
        forgotten on the way). Whether an edit of this player's screen showed a newer state
        of the game meanwhile (an automatic player moved while the answer was made): then
        the answer is behind, and :meth:`catch_up` brings it up to date."""
        mine = (snapshot.id, interaction.user.id)
        before = self._screens.get(mine)
        for name in _NOT_FOR_EDITS:
            if hasattr(interaction, name):  # a later discord.py may rename one
                setattr(interaction, name, None)
        now = time.monotonic()
        if now - self._swept > 60:  # not at every click: there may be thousands of screens
            self._swept = now
            for key in [k for k, s in self._screens.items() if now - s.opened > SCREEN_LIFETIME]:
                del self._screens[key]
        self._screens[mine] = OpenScreen(
            interaction, now, fingerprint(screen), snapshot.record.version
        )
        return before is not None and before.version > snapshot.record.version

    async def catch_up(self, snapshot: GameSnapshot, seat: int, user_id: int) -> None:
        """Edit ``user_id``'s screen of this game (``seat``'s) to show ``snapshot``, if it
        shows an older state and would look different."""
        await self._edits.run((snapshot.id, user_id), ScreenChange(snapshot, seat), wait=True)

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
        assert snapshot.state is not None
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
            private = private_lines(record, events, seat.seat, tr(screen.interaction))
            change = ScreenChange(snapshot, seat.seat, tuple(private))
            await self._edits.run(key, change, wait=True)
        if record.status != GameStatus.ACTIVE:
            self.forget_game(record.id)

    async def _edit(self, key: tuple[int, int], change: ScreenChange | None) -> bool:
        """Edit the screen of ``key`` (game, user) to show ``change``, if it still shows an
        older state and would look different (``Debouncer``'s edit; never to try again)."""
        screen = self._screens.get(key)
        if change is None or screen is None:
            return False
        record, state = change.snapshot.record, change.snapshot.state
        assert state is not None
        if record.version <= screen.version:
            return False  # a newer answer of the player's shows it already
        _ = tr(screen.interaction)
        bare = seat_screen(record, state, change.seat, _)
        shown = fingerprint(bare)
        if shown == screen.shown and not change.private:
            screen.version = record.version
            return False
        private = list(change.private)
        fresh = seat_screen(record, state, change.seat, _, private) if private else bare
        route = Route.of_interaction(screen.interaction, ORIGINAL)
        picture = None
        if self.pictures is not None:
            picture = await self.pictures.seat(
                record, state, change.seat, _.language, urgent=False, route=route
            )
        accent = presentation(record.game_name).accent

        async def edit(shown: Picture | None) -> None:
            await screen.interaction.edit_original_response(
                view=layouts.seat(record.id, fresh, accent=accent, picture=shown),
                **edit_files(shown),
            )

        try:
            if self.pictures is not None:
                await self.pictures.guard.carry(route, picture, edit)
            else:
                await edit(None)
            screen.shown = shown
            screen.version = record.version
            self._edits.mark_edited(screen)
            now = self._screens.get(key)
            if now is not None and now is not screen and now.version < record.version:
                self._edits.request(key, change)  # answered meanwhile, older: it too
        except discord.HTTPException as exc:
            log.info("screen of game %s seat %s not editable: %s", record.id, change.seat, exc)
            self._screens.pop(key, None)
        return False
