"""Database engine and sessions, for SQLite (embedded default) and PostgreSQL alike.

On SQLite every transaction starts with ``BEGIN IMMEDIATE``, so writers are serialized the way
PostgreSQL's row lock (``SELECT ... FOR UPDATE``) serializes moves on one game.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import sys
import threading
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import orjson
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker


def _json_text(value) -> str:
    """A JSON column's value as text, by orjson: the json module's dict keys (a number key is
    written as a string), without its spaces, and its characters beyond ASCII unescaped."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url``, with SQLite tuned for several processes; JSON
    columns (game states) are read and written with orjson, several times faster than the
    json module."""
    json = {"json_serializer": _json_text, "json_deserializer": orjson.loads}
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, **json)
    path = url.split("///", 1)[-1]
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False}, **json)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


@lru_cache(maxsize=8)
def engine_for(url: str) -> Engine:
    """One engine per database URL per process."""
    return make_engine(url)


def sessions(url: str) -> sessionmaker[Session]:
    """A session factory bound to ``url``."""
    return _factory(engine_for(url))


@lru_cache(maxsize=8)
def _factory(engine: Engine) -> sessionmaker[Session]:
    """One factory per engine: making one builds a class (0.19 ms, against 0.01 ms for a
    session of it), and every transaction asked for one."""
    return sessionmaker(engine, expire_on_commit=False, future=True)


#: CPython 3.11 frees an object's inline attribute values twice when a cyclic garbage
#: collection, started by the allocation that turns them into a dict, runs a weakref callback
#: that sets an attribute on that same object. SQLAlchemy's InstanceState does just that when
#: its ORM object dies in a cycle (a seat and its game), so a session full of objects crashed
#: the process (the digest scan: a segmentation fault within seconds; valgrind shows the double
#: free; docs/PROOF.md). 3.12 stores instance attributes differently.
COLLECT_INSIDE_SESSIONS = sys.version_info >= (3, 12)


class _NoCollectionInside:
    """No cyclic garbage collection while any thread is inside a block (CPython 3.11): the
    collector is off from the first block's start to the last one's end, where what the blocks
    left behind is collected, no attribute half stored. Counted, so that one thread's end never
    turns the collector on under another thread's block."""

    def __init__(self):
        self._lock = threading.Lock()
        self._inside = 0
        self._was_enabled = False

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        if COLLECT_INSIDE_SESSIONS:
            yield
            return
        with self._lock:
            if self._inside == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._inside += 1
        try:
            yield
        finally:
            with self._lock:
                self._inside -= 1
                if self._inside == 0 and self._was_enabled:
                    gc.enable()
                    gc.collect(0)  # nothing was collected inside: what was made is in gen. 0


_collected_after = _NoCollectionInside()


@contextlib.contextmanager
def transaction(url: str) -> Iterator[Session]:
    """A session whose work is committed on success and rolled back on any error."""
    with _collected_after():
        session = sessions(url)()
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()


def lock_name(session: Session, name: str) -> None:
    """Hold a lock on ``name`` (an address, say) until the end of the transaction.

    PostgreSQL: a transaction-level advisory lock on a 64-bit hash of the name. SQLite needs
    none: ``BEGIN IMMEDIATE`` holds the whole database for the writer already.
    """
    if session.get_bind().dialect.name == "postgresql":
        key = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
