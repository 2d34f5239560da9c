"""The metrics endpoint: ``GET /metrics`` in Prometheus's text format, served by aiohttp in the
bot's own event loop with prometheus_client's handler (``make_aiohttp_handler``), so a scrape
reads the bot's state between two of its callbacks, never beside them in a thread."""

from __future__ import annotations

import logging

from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.aiohttp import make_aiohttp_handler

log = logging.getLogger(__name__)


class MetricsServer:
    """Serves ``registry`` at ``http://HOST:PORT/metrics`` between :meth:`start` and
    :meth:`stop`."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        self._runner: web.AppRunner | None = None

    @property
    def listening(self) -> bool:
        """Whether the endpoint is being served."""
        return self._runner is not None

    async def start(self, host: str, port: int) -> bool:
        """Listen on ``host``:``port``; whether it could. A port already taken (another
        process's, or another bot's on the same host) is logged as an error and the bot runs
        on without its metrics (Prometheus then sees the target down)."""
        app = web.Application()
        app.router.add_get("/metrics", make_aiohttp_handler(self.registry))
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:
            await runner.cleanup()
            log.error("metrics are off: cannot listen on %s port %s (%s)", host, port, exc)
            return False
        self._runner = runner
        log.info("metrics served on http://%s:%s/metrics", host, port)
        return True

    async def stop(self) -> None:
        """Stop serving (idempotent)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
