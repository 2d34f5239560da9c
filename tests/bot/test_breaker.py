"""The circuit breakers that hold pictures off where Discord refused one: closed, open for a
hold, half-open for one trial, open for twice as long after a failed trial, closed by a
passing one — on a clock the test moves by hand."""

from __future__ import annotations

from bot.timing.breaker import CircuitBreakers


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_failure_holds_its_key_off_and_no_other() -> None:
    clock = Clock()
    breakers: CircuitBreakers[str] = CircuitBreakers(hold=60, longest=600, clock=clock)
    assert breakers.allows("a") and not breakers.held("a")
    assert breakers.failed("a") is True  # it opened
    assert breakers.failed("a") is False  # a request let through before: nothing new
    assert breakers.held("a") and not breakers.allows("a")
    assert breakers.allows("b") and not breakers.held("b")
    assert list(breakers.opened()) == ["a"] and breakers.hold_of("a") == 60
    clock.now += 59.9
    assert not breakers.allows("a")


def test_after_its_hold_one_trial_goes_and_its_verdict_closes_or_reopens_for_longer() -> None:
    clock = Clock()
    breakers: CircuitBreakers[str] = CircuitBreakers(hold=60, longest=200, clock=clock)
    breakers.failed("a")
    clock.now += 60
    assert not breakers.held("a")  # asking changes nothing
    assert breakers.allows("a")  # the trial
    assert not breakers.allows("a") and breakers.held("a")  # one at a time
    breakers.failed("a")
    assert breakers.hold_of("a") == 120 and not breakers.allows("a")
    clock.now += 120
    assert breakers.allows("a")
    breakers.failed("a")
    assert breakers.hold_of("a") == 200  # never longer than the longest
    clock.now += 200
    assert breakers.allows("a")
    breakers.released("a")  # no verdict: the next caller tries
    assert breakers.allows("a")
    assert breakers.succeeded("a") is True
    assert breakers.allows("a") and breakers.allows("a") and list(breakers.opened()) == []
    assert breakers.succeeded("a") is False  # it was closed
    breakers.failed("a")
    assert breakers.hold_of("a") == 60  # a new failure starts from the first hold
