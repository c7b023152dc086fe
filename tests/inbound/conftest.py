"""Fixtures for the inbound edges: settings on SQLite (and on a private PostgreSQL schema).

PostgreSQL comes from PBEM_TEST_DATABASE_URL: without it those cases skip locally; on CI
(``CI`` set) an unset or unreachable database fails them instead.
"""

from __future__ import annotations

import os
import uuid

import pytest
from sqlalchemy import create_engine, text

from pbem.config import Settings
from pbem.db import engine_for

from .helpers import inbound_settings


def _unavailable(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{message}, and on CI the PostgreSQL cases must run")
    pytest.skip(message)


@pytest.fixture
def sqlite_inbound(tmp_path) -> Settings:
    """Settings on a new SQLite file."""
    return inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db")


@pytest.fixture
def postgres_inbound(tmp_path):
    """Settings on a private PostgreSQL schema, dropped afterwards."""
    base = os.environ.get("PBEM_TEST_DATABASE_URL")
    if not base:
        _unavailable("PBEM_TEST_DATABASE_URL is unset")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    try:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # any connection failure means "not available"
        admin.dispose()
        _unavailable(f"PostgreSQL at {base} is unreachable ({exc.__class__.__name__})")
    separator = "&" if "?" in base else "?"
    url = f"{base}{separator}options=-csearch_path%3D{schema}"
    try:
        yield inbound_settings(tmp_path, url)
    finally:
        engine_for(url).dispose()
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request) -> Settings:
    """The same case on SQLite and on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_inbound")


@pytest.fixture
def enqueued() -> list[int]:
    """The ids handed to the worker (an enqueue that appends)."""
    return []
