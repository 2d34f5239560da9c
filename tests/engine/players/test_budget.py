"""The search's budget (``engine.players.budget``): CPU time of its thread, so a busy machine
does not make it think less, with a wall-clock ceiling, so a move never hangs. Clocks are
injected: nothing here depends on how fast the machine runs."""

from __future__ import annotations

import random

import pytest

import engine
from engine.arena import arena
from engine.players import Tally, choose
from engine.players.budget import WALL_CEILING, Budget
from tests.engine.players.helpers import states


class Clocks:
    """A CPU clock and a wall clock moved by hand: each step of a search costs ``cpu``
    seconds of CPU time and ``wall`` seconds of wall time (wall > cpu: the machine is busy)."""

    def __init__(self, cpu: float, wall: float) -> None:
        self.cpu_now = 0.0
        self.wall_now = 0.0
        self.cpu_step = cpu
        self.wall_step = wall

    def step(self) -> None:
        self.cpu_now += self.cpu_step
        self.wall_now += self.wall_step

    def budget(self, budget_ms: float | None, iterations: int | None = None) -> Budget:
        return Budget(budget_ms, iterations, cpu=lambda: self.cpu_now, wall=lambda: self.wall_now)


def steps_within(budget: Budget, clocks: Clocks) -> int:
    done = 0
    while not budget.spent(done):
        clocks.step()
        done += 1
    return done


def test_a_busy_machine_does_not_cut_the_steps_a_cpu_budget_allows() -> None:
    # 250 ms of CPU, 10 ms a step: 25 steps fit, and the search stops while 2 would still fit
    idle = Clocks(cpu=0.010, wall=0.010)
    busy = Clocks(cpu=0.010, wall=0.030)  # the thread gets a third of a core
    assert steps_within(idle.budget(250), idle) == 23
    assert steps_within(busy.budget(250), busy) == 23
    assert busy.cpu_now <= 0.250 and busy.wall_now > 0.250  # more wall time, the same work


def test_the_wall_clock_ceiling_stops_a_search_that_gets_almost_no_cpu() -> None:
    starved = Clocks(cpu=0.001, wall=0.090)
    done = steps_within(starved.budget(250), starved)
    assert starved.wall_now <= WALL_CEILING * 0.250
    assert done == 10  # 10 x 90 ms: 2 more would pass the 1 s ceiling
    assert starved.cpu_now < 0.250


def test_an_iteration_count_alone_bounds_a_search_exactly() -> None:
    clocks = Clocks(cpu=1.0, wall=1.0)
    assert steps_within(clocks.budget(None, iterations=17), clocks) == 17
    assert steps_within(clocks.budget(10_000, iterations=5), clocks) == 5


def test_a_search_needs_a_budget_or_an_iteration_count() -> None:
    with pytest.raises(ValueError, match="budget or an iteration count"):
        Budget(None, None)


def test_fits_says_whether_a_number_of_steps_fits_the_cpu_budget() -> None:
    clocks = Clocks(cpu=0.010, wall=0.050)
    budget = clocks.budget(250)
    for _ in range(4):
        clocks.step()
    assert budget.fits(4, 24)
    assert not budget.fits(4, 26)


@pytest.mark.parametrize(("name", "seats"), [("artichokes", 2), ("verso", 1)])
def test_the_tally_counts_each_searched_decisions_iterations(name: str, seats: int) -> None:
    tally = Tally()
    searched = 0
    for state, seat in states(name, seats, 3, seed=2):
        if len(engine.legal_actions(state, seat)) < 2:
            continue
        choose("search", state, seat, random.Random(1), budget_ms=None, iterations=9, tally=tally)
        searched += 1
    assert searched and tally.iterations == [9] * searched
    assert len(tally.cpu_ms) == searched and all(ms >= 0 for ms in tally.cpu_ms)


def test_the_arena_reports_iterations_per_decision_beside_ms() -> None:
    report = arena("ninjan", ["search", "greedy"], 2, seed=1, budget_ms=None, iterations=9)
    search = report["levels"]["search"]
    assert search["iterations_per_decision"] == {"mean": 9.0, "p1": 9, "median": 9}
    assert search["fallbacks"] == 0  # 9 rounds: enough to weigh the candidates
    few = arena("ninjan", ["search", "greedy"], 2, seed=1, budget_ms=None, iterations=5)
    assert few["levels"]["search"]["fallbacks"] == few["levels"]["search"]["searched"] > 0
    assert search["searched"] >= 1 and search["cpu_ms_per_decision"]["mean"] >= 0
    assert "iterations_per_decision" not in report["levels"]["greedy"]
