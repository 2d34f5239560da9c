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
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PERIOD_US = 10_000
"""The accounting period: short, so that a process out of budget waits at most ~10 ms."""
PREFIX = "cardroom-bench-"
"""The name of every group made here: ``cardroom-bench-<pid of the benchmark>-<name>``."""


def _folder() -> tuple[Path, bool]:
    """Where budgets go, and whether it is cgroup v2 (one unified tree)."""
    if (ROOT / "cgroup.controllers").exists():
        return ROOT, True
    return ROOT / "cpu", False


def available() -> str | None:
    """``None`` when budgets can be set here, else why not (for the benchmark's output).
    Removes the groups of benchmarks that ended without removing theirs (killed)."""
    folder, unified = _folder()
    if os.geteuid() != 0:
        return "needs root"
    if unified and "cpu" not in (ROOT / "cgroup.subtree_control").read_text().split():
        return "cgroup v2 without the cpu controller at the root"
    if not unified and not (folder / "cpu.cfs_quota_us").exists():
        return "no cgroup cpu controller"
    _sweep(folder)
    probe = folder / f"{PREFIX}{os.getpid()}-probe"
    try:  # a read-only or delegated-away cgroup file system refuses here
        probe.mkdir()
        (probe / ("cpu.max" if unified else "cpu.cfs_quota_us")).read_text()
        probe.rmdir()
    except OSError as exc:
        return f"cannot make a cgroup in {folder}: {exc.strerror}"
    return None


def _sweep(folder: Path) -> None:
    """Remove the groups left by benchmarks no longer running (their processes go back to
    the root group)."""
    for group in folder.glob(f"{PREFIX}*"):
        owner = re.match(rf"{PREFIX}(\d+)-", group.name)
        if owner is None or Path(f"/proc/{owner.group(1)}").exists():
            continue
        with contextlib.suppress(OSError):
            for member in (group / "cgroup.procs").read_text().split():
                with contextlib.suppress(ProcessLookupError):
                    (folder / "cgroup.procs").write_text(member)
            group.rmdir()


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


def group_of(pid: int, unified: bool) -> str:
    """The path (from the hierarchy's root) of the group of ``pid`` that holds its CPU."""
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _number, controllers, path = line.split(":", 2)
        if (unified and controllers == "") or (not unified and "cpu" in controllers.split(",")):
            return path
    raise OSError(f"process {pid} is in no cpu cgroup")


@contextlib.contextmanager
def budget(name: str, pid: int, cores: float) -> Iterator[Path]:
    """Hold process ``pid`` and its children (those it starts later too) to ``cores`` cores
    of CPU time (0.5: half a core) while the block runs; yields the cgroup's folder. After
    the block, the processes still running go back to the group they came from.

    Raises:
        OSError: the cgroup could not be made or written, or ``pid`` could not be moved
            into it (see :func:`available`).
    """
    folder, unified = _folder()
    home = folder / group_of(pid, unified).lstrip("/")
    group = folder / f"{PREFIX}{os.getpid()}-{name}"
    group.mkdir()
    try:
        quota = max(1_000, round(cores * PERIOD_US))
        if unified:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        (group / "cgroup.procs").write_text(str(pid))  # the process itself must go in
        for member in family(pid)[1:]:
            with contextlib.suppress(ProcessLookupError):  # a child that just ended
                (group / "cgroup.procs").write_text(str(member))
        if group_of(pid, unified) != "/" + group.name:
            raise OSError(f"process {pid} did not join {group}")
        yield group
    finally:
        for member in (group / "cgroup.procs").read_text().split():
            with contextlib.suppress(ProcessLookupError):
                (home / "cgroup.procs").write_text(member)
        try:
            group.rmdir()
        except OSError as exc:  # never hides what ended the block
            print(f"cpu_quota: could not remove {group}: {exc.strerror}", file=sys.stderr)


def throttled_s(group: Path) -> float:
    """Seconds the group's processes were held back for want of budget so far, summed over
    the CPUs' run queues (so a second of wall time may count more than once)."""
    stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
    if "throttled_usec" in stat:
        return int(stat["throttled_usec"]) / 1e6
    return int(stat.get("throttled_time", 0)) / 1e9
