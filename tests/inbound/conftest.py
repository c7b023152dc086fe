"""Fixtures for the inbound edges: settings on SQLite (and on a private PostgreSQL schema).

PostgreSQL comes from the shared ``postgres_url`` fixture: without PBEM_TEST_DATABASE_URL the
cases run on SQLite only; on CI (``CI`` set) an unset or unreachable database fails them.
"""

from __future__ import annotations

import pytest

from pbem.config import Settings
from tests.conftest import DATABASES

from .helpers import inbound_settings


@pytest.fixture
def sqlite_inbound(tmp_path) -> Settings:
    """Settings on a new SQLite file."""
    return inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db")


@pytest.fixture
def postgres_inbound(tmp_path, postgres_url) -> Settings:
    """Settings on a private PostgreSQL schema (tests/conftest.py), dropped afterwards."""
    return inbound_settings(tmp_path, postgres_url)


@pytest.fixture(params=DATABASES)
def any_db(request) -> Settings:
    """The same case on SQLite and on PostgreSQL (when configured)."""
    return request.getfixturevalue(f"{request.param}_inbound")


@pytest.fixture
def enqueued() -> list[int]:
    """The ids handed to the worker (an enqueue that appends)."""
    return []
