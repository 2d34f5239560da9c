"""What the bot keeps of players' notification settings (``/game notify``): read from storage,
kept a minute so that a choice made through another process is followed, then let go, so that
memory grows with the players being notified, not with every player notified since the start."""

from __future__ import annotations

from bot.messages.notices import SETTINGS_KEPT, Notices
from bot.service.recent import SWEEP_EVERY
from storage import PlayerSettings
from tests.e2e.clock import ManualClock


class Players:
    """Storage's players, counting the reads."""

    def __init__(self) -> None:
        self.reads = 0
        self.notify = "mention"

    async def get(self, user_id: int) -> PlayerSettings:
        self.reads += 1
        return PlayerSettings(user_id, notify=self.notify)


class Stored:
    def __init__(self) -> None:
        self.players = Players()


async def test_settings_are_kept_a_minute_then_let_go() -> None:
    clock = ManualClock()
    storage = Stored()
    notices = Notices(
        None,  # type: ignore[arg-type]  # no notice is sent here
        storage,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        now=lambda: clock.now().timestamp(),
    )
    for user in range(1000):
        assert (await notices.settings(user)).notify == "mention"
    storage.players.notify = "dm"  # chosen through another process
    assert (await notices.settings(7)).notify == "mention"  # kept: no read
    assert storage.players.reads == 1000
    clock.advance(SETTINGS_KEPT + SWEEP_EVERY)
    assert (await notices.settings(7)).notify == "dm"  # read again after a minute
    assert len(notices._settings) == 1  # the others, unused, are let go
