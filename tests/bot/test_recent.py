"""What the bot keeps per game while it is used: an entry not used for a while goes (unless
work on it is under way), and the least recently used goes beyond a limit. Time is a number
the test moves."""

from __future__ import annotations

from bot.service.recent import SWEEP_EVERY, Recent


class Time:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_entry_not_used_for_a_while_goes() -> None:
    time = Time()
    busy: set[int] = set()
    kept: Recent[int, str] = Recent(600, busy=busy.__contains__, now=time)
    for game in (1, 2, 3):
        kept[game] = f"game {game}"
    time.now = 500
    assert kept.get(2) == "game 2"  # used: kept longer
    busy.add(3)  # an edit of its message is under way
    time.now = 700
    kept[4] = "game 4"  # a write after SWEEP_EVERY looks for the idle ones
    assert SWEEP_EVERY <= 700
    assert list(kept) == [3, 2, 4]
    assert kept.peek(1) is None and kept.get(1, "gone") == "gone"
    time.now = 1_200
    busy.clear()
    kept[5] = "game 5"
    assert list(kept) == [4, 5]  # 2 was used at 500, 3 is no longer busy


def test_beyond_the_limit_the_least_recently_used_goes() -> None:
    kept: Recent[int, int] = Recent(600, limit=3, now=Time())
    for game in (1, 2, 3):
        kept[game] = game
    kept.get(1)
    kept[4] = 4
    assert list(kept) == [3, 1, 4]
    assert kept.pop(3) == 3 and len(kept) == 2 and 3 not in kept
