"""Shared fixtures: settings on a fresh SQLite file, and on a private PostgreSQL schema.

PostgreSQL and Redis come from PBEM_TEST_DATABASE_URL and PBEM_TEST_REDIS_URL (``.ci/run``
sets both). Tests over ``settings`` run on SQLite always and on PostgreSQL as well when it is
configured; tests that need a server run only there. Without them a fresh clone runs every
test on SQLite and skips only what needs a server; on CI (``CI`` set) a missing server fails
those tests instead, so they can never silently not run there.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from pbem import migrate
from pbem.config import Settings

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def _wanted(*variables: str) -> bool:
    """Run the tests on these servers: they are configured, or this is CI (which must)."""
    return bool(os.environ.get("CI")) or all(os.environ.get(name) for name in variables)


#: the databases a test over ``settings`` runs on
DATABASES = ["sqlite", "postgres"] if _wanted("PBEM_TEST_DATABASE_URL") else ["sqlite"]
#: PostgreSQL and Redis both there, for tests of the service at scale
SERVERS = _wanted("PBEM_TEST_DATABASE_URL", "PBEM_TEST_REDIS_URL")


def _required(what: str) -> None:
    message = f"{what} is not available"
    if os.environ.get("CI"):
        pytest.fail(f"{message}, and on CI the integration tests must run")
    pytest.skip(message)


def make_settings(var_dir: Path, database_url: str, **extra) -> Settings:
    """Settings for a test: its own var folder and database, a test domain."""
    return Settings(
        var_dir=var_dir,
        database_url=database_url,
        domain="pbem.test",
        smtp_url=extra.pop("smtp_url", ""),
        **extra,
    )


@pytest.fixture
def sqlite_settings(tmp_path) -> Settings:
    """Settings on a new SQLite file, migrated to the newest schema."""
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path}/pbem.db")
    migrate.upgrade(settings.database_url)
    return settings


@pytest.fixture
def postgres_url():
    """A PostgreSQL URL on a private, freshly migrated schema, dropped afterwards."""
    base = os.environ.get("PBEM_TEST_DATABASE_URL")
    if not base:
        _required("PostgreSQL (PBEM_TEST_DATABASE_URL)")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    try:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # noqa: BLE001 - any connection failure means "not available"
        admin.dispose()
        _required(f"PostgreSQL at {base} ({exc.__class__.__name__})")
    separator = "&" if "?" in base else "?"
    url = f"{base}{separator}options=-csearch_path%3D{schema}"
    migrate.upgrade(url)
    yield url
    from pbem.db import engine_for

    engine_for(url).dispose()
    with admin.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture
def postgres_settings(tmp_path, postgres_url) -> Settings:
    """Settings on a private PostgreSQL schema."""
    return make_settings(tmp_path, postgres_url)


@pytest.fixture(params=DATABASES)
def settings(request) -> Settings:
    """The same test on the embedded database and on PostgreSQL (when configured)."""
    return request.getfixturevalue(f"{request.param}_settings")


@pytest.fixture
def redis_url(worker_id) -> str:
    """A Redis URL for the broker, flushed before use.

    Each pytest-xdist worker gets its own database number, counting down from the one in
    PBEM_TEST_REDIS_URL (15, 14, ...), so brokers of tests running at the same time never hand
    one test's tasks to another test's worker.
    """
    base = os.environ.get("PBEM_TEST_REDIS_URL")
    if not base:
        _required("Redis (PBEM_TEST_REDIS_URL)")
    import redis

    index = int(worker_id[2:]) if worker_id.startswith("gw") else 0
    server, _slash, number = base.rpartition("/")
    url = f"{server}/{(int(number) if number.isdigit() else 15) - index}"

    try:
        redis.Redis.from_url(url).flushdb()
    except redis.RedisError as exc:
        _required(f"Redis at {url} ({exc.__class__.__name__})")
    return url
