"""No cyclic garbage collection starts inside a session on CPython 3.11 (``pbem.db``).

There, a collection that the allocation of an object's attribute dict starts, and whose weakref
callback sets an attribute on that same object, frees the object's attribute values twice (the
callback's attribute is lost, and the debug allocator crashes). SQLAlchemy's InstanceState does
that when its ORM object dies in a cycle: the digest scan died with a segmentation fault within
seconds (docs/PROOF.md). Collections wait for the end of the transaction instead.
"""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from sqlalchemy import select

from pbem import db
from pbem.models import Player


class Node:
    """Something that only a collection frees once it is let go: it refers to itself."""

    def __init__(self):
        self.me = self


def test_no_collection_starts_inside_a_session_and_its_garbage_goes_at_its_end(sqlite_settings):
    started: list[int] = []

    def record(phase, info):
        if phase == "start":
            started.append(info["generation"])

    threshold = gc.get_threshold()
    gc.callbacks.append(record)
    gc.set_threshold(1)  # every other allocation of a tracked object would start one
    try:
        with db.transaction(sqlite_settings.database_url) as session:
            before = len(started)
            session.execute(select(Player)).all()
            garbage = [weakref.ref(Node()) for _ in range(200)]
            inside = len(started) - before
    finally:
        gc.callbacks.remove(record)
        gc.set_threshold(*threshold)
    if not db.COLLECT_INSIDE_SESSIONS:
        assert inside == 0
    assert all(ref() is None for ref in garbage)


def test_one_thread_ending_a_session_leaves_the_collector_off_for_another_still_inside(
    sqlite_settings,
):
    if db.COLLECT_INSIDE_SESSIONS:
        pytest.skip("the collector runs inside sessions on this Python")
    url = sqlite_settings.database_url
    inside, first_done, seen = threading.Event(), threading.Event(), []

    def second():
        with db.transaction(url):
            inside.set()
            first_done.wait(10)
            seen.append(gc.isenabled())

    with db.transaction(url) as session:
        session.execute(select(Player)).all()
        thread = threading.Thread(target=second)
        thread.start()
        inside.wait(10)
    first_done.set()  # the first session has ended; the second is still open
    thread.join(10)
    assert seen == [False]
    assert gc.isenabled()
