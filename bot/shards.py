"""Which guilds a bot process serves when the bot's gateway shards are split across processes.

Discord sends a guild's events and interactions to one shard only, shard ``(guild_id >> 22) %
shard_count``; a process running shards ``SHARD_IDS`` of ``SHARD_COUNT`` therefore sees the
players of its own guilds only, and leaves every other game (its start-up resumption, its turn
clock, its table) to the process that does. This module imports only the standard library (the
Docker HEALTHCHECK reads :func:`shard_ids_text` to name the heartbeat file).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

MAX_SHARDS = 65_536
"""The most shards ``SHARD_COUNT`` may name (far beyond what Discord recommends for any bot)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives the events of guild ``guild_id`` among ``shard_count`` shards
    (Discord's rule: ``(guild_id >> 22) % shard_count``; DMs, ``guild_id`` 0, go to shard 0)."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str) -> list[int]:
    """The shard ids of a ``SHARD_IDS`` setting: ranges and single ids separated by commas,
    ``"0-3"`` -> ``[0, 1, 2, 3]``, ``"0,2"`` -> ``[0, 2]``, ``"0-1,4"`` -> ``[0, 1, 4]``
    (sorted, each once).

    Raises:
        ValueError: a part is not ``N`` or ``N-M`` with ``N <= M < MAX_SHARDS``.
    """
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdecimal() or (dash and not high.isdecimal()):
            raise ValueError(f"{part!r} is not a shard id (N) or a range of them (N-M)")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ValueError(f"the range {part!r} is empty: write the smaller id first")
        if last >= MAX_SHARDS:
            raise ValueError(f"shard id {last} is beyond {MAX_SHARDS - 1}")
        ids.update(range(first, last + 1))
    return sorted(ids)


def shard_ids_text(ids: Iterable[int]) -> str:
    """``ids`` written as :func:`parse_shard_ids` reads them, runs as ranges:
    ``[0, 1, 2, 5]`` -> ``"0-2,5"``."""
    parts: list[str] = []
    run: list[int] = []
    for shard_id in sorted(set(ids)):
        if run and shard_id != run[-1] + 1:
            parts.append(_run_text(run))
            run = []
        run.append(shard_id)
    if run:
        parts.append(_run_text(run))
    return ",".join(parts)


def _run_text(run: Sequence[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"


class Shards:
    """The shards one process runs: ``ids`` of ``count`` (``ids`` ``None``: all of them, as a
    single process does; ``count`` ``None``: not known yet, Discord's recommendation comes
    with the login, and then the process runs every shard)."""

    def __init__(self, count: int | None, ids: Sequence[int] | None) -> None:
        self.count = count
        self.ids = None if ids is None else frozenset(ids)

    @property
    def all(self) -> bool:
        """Whether this process runs every shard (so serves every guild)."""
        return self.ids is None or self.count is None or len(self.ids) >= self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether the guild ``guild_id`` (``None``: a DM, shard 0's) is served here."""
        if self.all:
            return True
        assert self.ids is not None and self.count is not None
        return shard_of(guild_id or 0, self.count) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """Whether this process sends the slash commands (the one running shard 0 does)."""
        return self.ids is None or 0 in self.ids

    def __str__(self) -> str:
        if self.ids is None:
            return "all shards" if self.count is None else f"all {self.count} shards"
        return f"shards {shard_ids_text(self.ids)} of {self.count}"
