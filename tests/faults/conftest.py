"""Servers of the fault tests' own: PostgreSQL and Redis they may stop and kill.

One PostgreSQL cluster and one Redis for the fault tests, each on its own free port and data
directory (never the machine's shared 5432/6379); every test gets a fresh database cloned from
a migrated template and an empty Redis, and its own service processes (``harness.Stack``).
"""

from __future__ import annotations

import itertools

import pytest
import redis as redis_client

from pbem import migrate
from pbem.bench_servers import Postgres, Redis, Unavailable
from pbem.db import engine_for
from tests.conftest import _required

from .harness import Stack

_databases = itertools.count(1)


@pytest.fixture(scope="module")
def fault_servers(tmp_path_factory):
    """(postgres, redis), started; stopped after the last test of the module, not at the end
    of the whole run."""
    try:
        postgres = Postgres(tmp_path_factory.mktemp("postgres"), durable=False)
        redis = Redis(tmp_path_factory.mktemp("redis"))
    except Unavailable as exc:
        _required(str(exc))
    try:
        postgres.start()
        redis.start()
        template = postgres.create_database("pbem_template")
        migrate.upgrade(template)
        engine_for(template).dispose()
        yield postgres, redis
    finally:
        redis.close()
        postgres.close()


@pytest.fixture
def stack(tmp_path, fault_servers):
    """The service running on a fresh database: SMTP receiver, one worker, the test as beat."""
    postgres, redis = fault_servers
    if not postgres.running():
        postgres.start()  # a test that failed while it was stopped
    if redis.process is None:
        redis.start()
    name = f"faults_{next(_databases)}"
    url = postgres.create_database(name, template="pbem_template")
    redis_client.Redis.from_url(redis.url()).flushall()
    service = Stack(tmp_path, url, redis.url())
    service.postgres, service.redis = postgres, redis
    service.start()
    try:
        yield service
    finally:
        service.stop()
        engine_for(url).dispose()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed fault test shows the logs of the service processes."""
    report = yield
    stack = getattr(item, "funcargs", {}).get("stack")
    if report.when == "call" and report.failed and stack is not None:
        report.sections.append(("service logs", stack.logs_text()))
    return report
