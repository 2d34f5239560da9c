"""A CPU budget for a process and its children: the kernel's CFS bandwidth control (a cgroup's
``cpu.max`` on cgroup v2, ``cpu.cfs_quota_us`` on v1), as ``docker run --cpus`` sets it.

``benchmarks/scale.py --bot-cores`` gives every bot process the same budget, so that a setup
of two processes has twice the bot CPU of a setup of one while the machine keeps CPU to spare
for the fake and PostgreSQL: the way a process per core scales on a machine with more cores,
read on a small one. Needs root and a writable cgroup file system; :func:`available` tells.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PERIOD_US = 10_000
"""The accounting period: short, so that a process out of budget waits at most ~10 ms."""


def _folder() -> tuple[Path, bool]:
    """Where budgets go, and whether it is cgroup v2 (one unified tree)."""
    if (ROOT / "cgroup.controllers").exists():
        return ROOT, True
    return ROOT / "cpu", False


def available() -> str | None:
    """``None`` when budgets can be set here, else why not (for the benchmark's output)."""
    folder, unified = _folder()
    if os.geteuid() != 0:
        return "needs root"
    if unified and "cpu" not in (ROOT / "cgroup.subtree_control").read_text().split():
        return "cgroup v2 without the cpu controller at the root"
    if not unified and not (folder / "cpu.cfs_quota_us").exists():
        return "no cgroup cpu controller"
    probe = folder / f"cardroom-bench-{os.getpid()}-probe"
    try:  # a read-only or delegated-away cgroup file system refuses here
        probe.mkdir()
        probe.rmdir()
    except OSError as exc:
        return f"cannot make a cgroup in {folder}: {exc.strerror}"
    return None


def family(root: int) -> list[int]:
    """``root`` and every process descending from it, by pid."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


@contextlib.contextmanager
def budget(name: str, pid: int, cores: float) -> Iterator[Path]:
    """Hold process ``pid`` and its children (those it starts later too) to ``cores`` cores
    of CPU time (0.5: half a core) while the block runs; yields the cgroup's folder.

    Raises:
        OSError: the cgroup could not be made or written (see :func:`available`).
    """
    folder, unified = _folder()
    group = folder / f"cardroom-bench-{os.getpid()}-{name}"
    group.mkdir()
    try:
        quota = max(1_000, round(cores * PERIOD_US))
        if unified:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        for member in family(pid):
            with contextlib.suppress(ProcessLookupError, OSError):
                (group / "cgroup.procs").write_text(str(member))
        yield group
    finally:
        for member in (group / "cgroup.procs").read_text().split():  # back to the root
            with contextlib.suppress(ProcessLookupError, OSError):
                (folder / "cgroup.procs").write_text(member)
        group.rmdir()


def throttled_s(group: Path) -> float:
    """Seconds the group's processes spent waiting for budget so far."""
    stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
    if "throttled_usec" in stat:
        return int(stat["throttled_usec"]) / 1e6
    return int(stat.get("throttled_time", 0)) / 1e9
