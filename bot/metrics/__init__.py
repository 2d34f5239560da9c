"""This process's metrics, for whoever runs the bot: counted here, served in Prometheus's text
format on ``METRICS_PORT`` (:mod:`bot.metrics.server`), each one listed in
docs/operations.md.

One :class:`Metrics` per bot, in a registry of its own (not prometheus_client's global one),
so that several bots in one process (the tests) count apart. What happens at a moment —
an interaction and its answer, a request to Discord (:mod:`bot.metrics.rest`), an action's
commit, a picture a message went without — is counted when it happens, through the methods
here; what is a reading of the moment — live games, turn clocks, gateway latency, pictures
drawn — is read when Prometheus scrapes (:meth:`Metrics.watch`). The package imports nothing
of the bot, so any layer may count; the service is given a hook instead (its commits' time),
and what is read at a scrape needs nothing of the parts it reads.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from prometheus_client import (
    CollectorRegistry,
    Counter,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily, Metric

from bot.metrics.rest import RestCounts, rest_trace
from bot.metrics.server import MetricsServer

if TYPE_CHECKING:
    import aiohttp

ANSWERED, REFUSED, FAILED = "answered", "refused", "failed"
"""An interaction's outcome: answered as asked; refused (bad input or a moment that does not
allow it: the user was told why); failed (an error on Cardroom's side: the user got an
apology, or the database was away and they were asked to try again)."""

ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
"""Seconds; Discord gives an interaction 3 s for its first answer."""

COMMIT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds; a commit waits for the disk (SQLite's fsync) or PostgreSQL's round trips."""


class Painted(Protocol):
    """What the readings need of the painter (``bot.pictures.painter.Painter``)."""

    rendered: int
    late: int


@dataclass(slots=True)
class Handling:
    """How an interaction's handling ended: its handler sets ``outcome`` (default
    :data:`ANSWERED`) when it refuses or fails."""

    outcome: str = ANSWERED


class Metrics:
    """One bot's metrics and their registry (see the module).

    Attributes:
        registry: every metric of this bot, for ``prometheus_client.generate_latest``.
        interactions: ``cardroom_interactions_total{kind, outcome}``.
        answer_seconds: ``cardroom_interaction_answer_seconds{kind}``.
        discord_requests: ``cardroom_discord_requests_total{method, route, status}``.
        discord_refusals: ``cardroom_discord_refusals_total{method, route, status, code}``.
        commit_seconds: ``cardroom_commit_seconds``.
    """

    def __init__(self) -> None:
        # a counter's creation time would be a metric of its own in the text format (one
        # more series each): left out, as prometheus_client allows (for its whole process)
        disable_created_metrics()
        self.registry = registry = CollectorRegistry()
        self.interactions = Counter(
            "cardroom_interactions",
            "Interactions handled, by kind (the command, button or menu) and outcome "
            "(answered, refused: bad input the user was told about, failed: an error).",
            ["kind", "outcome"],
            registry=registry,
        )
        self.answer_seconds = Histogram(
            "cardroom_interaction_answer_seconds",
            "Seconds from an interaction's handler starting to Discord accepting its first "
            "answer (Discord allows 3).",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.discord_requests = Counter(
            "cardroom_discord_requests",
            "Requests to Discord's REST API, by method, route template and HTTP status "
            "(error: no answer); every try counts, 429s included.",
            ["method", "route", "status"],
            registry=registry,
        )
        self.discord_refusals = Counter(
            "cardroom_discord_refusals",
            "Requests Discord refused (4xx but 429), by method, route, status and Discord's "
            "JSON error code (50013: missing permissions, 40005: too large, ...).",
            ["method", "route", "status", "code"],
            registry=registry,
        )
        self.commit_seconds = Histogram(
            "cardroom_commit_seconds",
            "Seconds to commit a move (queued, written and on disk) before it is shown.",
            buckets=COMMIT_BUCKETS,
            registry=registry,
        )
        self._readings = Readings()
        registry.register(self._readings)
        ProcessCollector(registry=registry)  # CPU, memory, open files of this process
        PlatformCollector(registry=registry)  # python_info
        GCCollector(registry=registry)  # the interpreter's garbage collections
        self._answering: dict[int, tuple[str, float]] = {}
        self.server = MetricsServer(registry)
        """The endpoint (:meth:`serve`)."""

    def rest_trace(self) -> aiohttp.TraceConfig:
        """The trace config that counts the client's requests to Discord (give it to the
        client as ``http_trace``; :mod:`bot.metrics.rest`)."""
        return rest_trace(RestCounts(self.discord_requests, self.discord_refusals, self.answered))

    async def serve(self, host: str, port: int | None) -> bool:
        """Serve these metrics at ``http://host:port/metrics`` until :meth:`stop` (no
        ``port``: not at all, the default); whether they are served
        (:meth:`bot.metrics.server.MetricsServer.start`)."""
        return port is not None and await self.server.start(host, port)

    async def stop(self) -> None:
        """Stop serving them (nothing if not served)."""
        await self.server.stop()

    def watch(
        self,
        live_games: Callable[[], int],
        turn_clocks: Callable[[], int],
        gateway: Callable[[], Iterable[tuple[int, float]]],
        painter: Painted,
    ) -> None:
        """Read these when Prometheus scrapes: the running games held (``live_games``), the
        turn clocks due within the hour (``turn_clocks``), each shard's gateway latency in
        seconds (``gateway``: ``(shard_id, latency)`` pairs, ``inf`` before the first
        heartbeat's answer), and the painter's pictures drawn and late."""
        readings = self._readings
        readings.live_games, readings.turn_clocks, readings.gateway = (
            live_games,
            turn_clocks,
            gateway,
        )
        readings.painter = painter

    @contextmanager
    def handling(self, interaction_id: int, kind: str) -> Iterator[Handling]:
        """Count interaction ``interaction_id``, handled by the handler ``kind``, by the
        outcome the block leaves in the :class:`Handling` it yields (an exception escaping
        the block: :data:`FAILED`); its first answer accepted meanwhile (:meth:`answered`)
        is timed from the block's start."""
        handled = Handling()
        self._answering[interaction_id] = (kind, time.perf_counter())
        try:
            yield handled
        except BaseException:
            handled.outcome = FAILED
            raise
        finally:
            self._answering.pop(interaction_id, None)
            self.interactions.labels(kind, handled.outcome).inc()

    def answered(self, interaction_id: int) -> None:
        """Discord accepted the first answer of ``interaction_id`` (its callback): observe the
        time since its handling started (nothing if it is not being handled here)."""
        started = self._answering.pop(interaction_id, None)
        if started is not None:
            kind, since = started
            self.answer_seconds.labels(kind).observe(time.perf_counter() - since)

    def picture_degraded(self, reason: str) -> None:
        """Count a picture a message went without; ``reason`` is why, one of a few words
        (``"refused"``: Discord refused the upload, so the message went as text)."""
        degraded = self._readings.degraded
        degraded[reason] = degraded.get(reason, 0) + 1


class Readings:
    """The metrics read when Prometheus scrapes (a prometheus_client collector), and the
    pictures degraded (the painter counts the late ones itself)."""

    def __init__(self) -> None:
        self.live_games: Callable[[], int] = lambda: 0
        self.turn_clocks: Callable[[], int] = lambda: 0
        self.gateway: Callable[[], Iterable[tuple[int, float]]] = tuple
        self.painter: Painted | None = None
        self.degraded: dict[str, int] = {}

    def collect(self) -> Iterator[Metric]:
        """The metric families of this moment."""
        yield GaugeMetricFamily(
            "cardroom_live_games",
            "Running games this process holds in memory (those played in the last 10 minutes).",
            value=self.live_games(),
        )
        yield GaugeMetricFamily(
            "cardroom_turn_clocks",
            "Turn clocks due within the hour, held in memory (the later ones stay stored).",
            value=self.turn_clocks(),
        )
        latency = GaugeMetricFamily(
            "cardroom_gateway_latency_seconds",
            "Each gateway shard's heartbeat latency, in seconds (+Inf: no answer yet).",
            labels=["shard"],
        )
        for shard, seconds in self.gateway():
            latency.add_metric([str(shard)], seconds)
        yield latency
        painter = self.painter
        yield CounterMetricFamily(
            "cardroom_pictures_drawn",
            "Pictures drawn (not found in the painter's cache).",
            value=painter.rendered if painter is not None else 0,
        )
        degraded = CounterMetricFamily(
            "cardroom_pictures_degraded",
            "Pictures a message went without, by reason (late: not drawn within "
            "PICTURE_WAIT; refused: Discord refused the upload, the message went as text).",
            labels=["reason"],
        )
        counts = {"late": painter.late if painter is not None else 0, "refused": 0}
        for reason, count in sorted({**counts, **self.degraded}.items()):
            degraded.add_metric([reason], count)
        yield degraded


def of(owner: object) -> Metrics | None:
    """The metrics ``owner`` keeps (the bot's ``metrics``), or ``None`` (a client that keeps
    none, such as the tests' small ones)."""
    found = getattr(owner, "metrics", None)
    return found if isinstance(found, Metrics) else None


@contextmanager
def handling(owner: object, interaction_id: int, kind: str) -> Iterator[Handling]:
    """:meth:`Metrics.handling` on ``owner``'s metrics (the interaction's client); without
    any, the block runs uncounted."""
    metrics = of(owner)
    if metrics is None:
        yield Handling()
        return
    with metrics.handling(interaction_id, kind) as handled:
        yield handled


def picture_degraded(owner: object, reason: str) -> None:
    """:meth:`Metrics.picture_degraded` on ``owner``'s metrics (the client a message keeper
    was given); nothing without any."""
    metrics = of(owner)
    if metrics is not None:
        metrics.picture_degraded(reason)
