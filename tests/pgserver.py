"""A real PostgreSQL server for the tests, started from the machine's binaries (pytest plugin).

One server per test session, so one per pytest-xdist worker, in a temporary folder:
pytest-postgresql's executor runs ``pg_ctl`` (as the ``postgres`` user when the tests run as
root, which PostgreSQL refuses), with durability off (``fsync=off``: a test server). A
template database is migrated once per session and copied once into the session's test
database (pytest-postgresql's janitor); before each test every table of it is emptied
(``TRUNCATE ... RESTART IDENTITY``, milliseconds, where a copy per test took seconds on a busy
machine), so no test runs the migrations again.

Fixtures: ``postgresql_server`` (session: the executor), ``postgresql_url`` (the migrated
test database, emptied, for one test), ``postgresql_empty_url`` (a new database with no
migration applied).
Without the binaries every test that asks for them fails with a message saying what to
install: never a silent skip.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import pwd
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import port_for
import psycopg
import pytest
from pytest_postgresql.executors import PostgreSQLExecutor
from pytest_postgresql.janitor import DatabaseJanitor

BINARIES = ("initdb", "pg_ctl", "postgres")
"""What the server needs on ``PATH``."""

TEMPLATE = "cardroom_template"
"""The migrated template database."""

TESTS = "cardroom_tests"
"""The session's test database (a copy of the template), emptied before each test."""

OPTIONS = (
    " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    " -c max_connections=200 -c shared_buffers=32MB"
)
"""A test server: fast, not durable (the tests never crash the machine)."""

_numbers = itertools.count(1)


def missing_binaries() -> list[str]:
    """The PostgreSQL programs not found on ``PATH``."""
    return [name for name in BINARIES if shutil.which(name) is None]


def url_of(server: PostgreSQLExecutor, dbname: str) -> str:
    """The ``postgresql://`` URL of database ``dbname`` on ``server``."""
    return f"postgresql://{server.user}@{server.host}:{server.port}/{dbname}"


def _runner(folder: Path) -> str:
    """The ``pg_ctl`` to run: itself, or as root a wrapper that runs it as ``postgres``."""
    pg_ctl = shutil.which("pg_ctl")
    assert pg_ctl is not None
    if os.geteuid() != 0:
        return pg_ctl
    try:
        owner = pwd.getpwnam("postgres")
    except KeyError:
        pytest.fail(
            "the tests run as root and PostgreSQL refuses to: create the user `postgres` "
            "(the postgresql package does) or run the tests as another user",
            pytrace=False,
        )
    os.chown(folder, owner.pw_uid, owner.pw_gid)
    wrapper = folder / "pg_ctl"
    wrapper.write_text(f'#!/bin/sh\nexec runuser -u postgres -- "{pg_ctl}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(wrapper)


@contextlib.contextmanager
def running_server(options: str = OPTIONS) -> Iterator[PostgreSQLExecutor]:
    """A PostgreSQL server in a new temporary folder, started with ``options`` (``postgres
    -c ...`` settings; ``""``: PostgreSQL's defaults, durable), stopped and deleted after.

    Raises:
        pytest.fail.Exception: the binaries are missing, or root without a ``postgres`` user.
    """
    missing = missing_binaries()
    if missing:
        pytest.fail(
            f"PostgreSQL's programs {', '.join(missing)} are not on PATH: the storage tests "
            "run against a real PostgreSQL server (Debian: apt-get install postgresql, and "
            "put /usr/lib/postgresql/<version>/bin on PATH)",
            pytrace=False,
        )
    folder = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))
    folder.chmod(0o755)
    server = PostgreSQLExecutor(
        executable=_runner(folder),
        host="127.0.0.1",
        port=port_for.select_random(),
        user="postgres",
        password=None,
        dbname=TEMPLATE,
        options="",
        datadir=str(folder / "data"),
        unixsocketdir=str(folder),
        logfile=str(folder / "postgresql.log"),
        startparams="-w",
        postgres_options=options,
    )
    try:
        server.start()
        server.wait_for_postgres()
        yield server
    finally:
        if server.running():
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def create_database(server: PostgreSQLExecutor, name: str, template: str | None = None) -> str:
    """Create database ``name`` on ``server`` (a copy of ``template``); its URL."""
    DatabaseJanitor(
        user=server.user,
        host=server.host,
        port=server.port,
        dbname=name,
        template_dbname=template,
        password=None,
    ).init()
    return url_of(server, name)


@pytest.fixture(scope="session")
def postgresql_server() -> Iterator[PostgreSQLExecutor]:
    """A running PostgreSQL server of this session (this xdist worker), with the migrated
    template database :data:`TEMPLATE` and the test database :data:`TESTS`."""
    with running_server() as server:
        DatabaseJanitor(
            user=server.user,
            host=server.host,
            port=server.port,
            dbname=TEMPLATE,
            as_template=True,
            password=None,
        ).init()
        asyncio.run(_migrate(url_of(server, TEMPLATE)))
        create_database(server, TESTS, TEMPLATE)
        yield server


async def _migrate(url: str) -> None:
    from storage.postgres import PostgresDatabase

    db = await PostgresDatabase.open(url, pool_size=1)
    await db.close()


def _database(server: PostgreSQLExecutor, *, template: str | None) -> DatabaseJanitor:
    return DatabaseJanitor(
        user=server.user,
        host=server.host,
        port=server.port,
        dbname=f"test_{os.getpid()}_{next(_numbers)}",
        template_dbname=template,
        password=None,
    )


def _emptied(server: PostgreSQLExecutor) -> None:
    """Empty every table of :data:`TESTS` but the migrations' (ending what a failed test
    left connected), identities back to 1."""
    with psycopg.connect(url_of(server, TESTS), autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                "AND tablename <> 'schema_migrations'"
            )
        ]
        conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")


@pytest.fixture
def postgresql_url(postgresql_server: PostgreSQLExecutor) -> str:
    """The URL of the session's test database, every migration applied, every table empty."""
    _emptied(postgresql_server)
    return url_of(postgresql_server, TESTS)


@pytest.fixture
def postgresql_empty_url(postgresql_server: PostgreSQLExecutor) -> Iterator[str]:
    """The URL of a fresh, empty database (no migration applied)."""
    janitor = _database(postgresql_server, template=None)
    janitor.init()
    try:
        yield url_of(postgresql_server, janitor.dbname)
    finally:
        janitor.drop()
