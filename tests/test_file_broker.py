"""The embedded broker hands out whole messages only, each to one consumer."""

from __future__ import annotations

import threading
import time
import uuid
from queue import Empty

import pytest
from kombu import Connection

from worker.file_broker import PARTIAL, Transport


@pytest.fixture
def broker(tmp_path):
    """A connection to a filesystem broker in a fresh folder, and a queue name of its own.

    (kombu keeps the declared queues of a process in one class-wide state, so a name reused
    with a new folder would be taken as bound already and its messages would go nowhere.)
    """
    queue, processed, control = (tmp_path / name for name in ("queue", "processed", "control"))
    for folder in (queue, processed, control):
        folder.mkdir()
    options = {
        "data_folder_in": str(queue),
        "data_folder_out": str(queue),
        "processed_folder": str(processed),
        "control_folder": str(control),
        "store_processed": False,
        "polling_interval": 0.01,
    }
    with Connection("filesystem://", transport=Transport, transport_options=options) as connection:
        yield connection, queue, f"work-{uuid.uuid4().hex}"


def test_a_message_round_trips(broker):
    connection, _folder, name = broker
    with connection.SimpleQueue(name) as queue:
        queue.put({"mail": 1})
        message = queue.get(timeout=10)
        assert message.payload == {"mail": 1}
        message.ack()


def test_a_message_still_being_written_is_not_taken(broker):
    connection, folder, name = broker
    (folder / f"1_abc.{name}.msg{PARTIAL}").write_bytes(b"")  # a writer has just opened it
    with connection.SimpleQueue(name) as queue:
        with pytest.raises(queue.Empty):
            queue.get(timeout=0.2)
        queue.put({"mail": 2})
        assert queue.get(timeout=10).payload == {"mail": 2}


def test_a_consumer_polling_while_a_producer_writes_reads_every_message_whole(broker):
    connection, _folder, name = broker
    count, body = 300, "x" * 200_000  # large enough that a write takes a while
    got = []

    def produce():
        with connection.clone() as producer, producer.SimpleQueue(name) as queue:
            for number in range(count):
                queue.put({"number": number, "body": body})

    writer = threading.Thread(target=produce)
    writer.start()
    channel, deadline = connection.default_channel, time.monotonic() + 60
    while len(got) < count and time.monotonic() < deadline:
        # poll as fast as a consumer can, to meet a write half done
        try:
            payload = channel.message_to_python(channel._get(name)).payload
        except Empty:
            continue
        assert payload["body"] == body
        got.append(payload["number"])
    writer.join()
    assert sorted(got) == list(range(count))
