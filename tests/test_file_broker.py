"""The embedded broker hands out whole messages only, each to one consumer."""

from __future__ import annotations

import threading
from queue import Empty

import pytest
from kombu import Connection

from worker.file_broker import PARTIAL, Transport


@pytest.fixture
def broker(tmp_path):
    """A connection to a filesystem broker in a fresh folder."""
    queue, processed = tmp_path / "queue", tmp_path / "processed"
    queue.mkdir()
    processed.mkdir()
    options = {
        "data_folder_in": str(queue),
        "data_folder_out": str(queue),
        "processed_folder": str(processed),
        "store_processed": False,
    }
    with Connection("filesystem://", transport=Transport, transport_options=options) as connection:
        yield connection, queue


def test_a_message_round_trips(broker):
    connection, _queue = broker
    with connection.SimpleQueue("work") as queue:
        queue.put({"mail": 1})
        message = queue.get(timeout=1)
        assert message.payload == {"mail": 1}
        message.ack()


def test_a_message_still_being_written_is_not_taken(broker):
    connection, folder = broker
    (folder / f"1_abc.work.msg{PARTIAL}").write_bytes(b"")  # a writer has just opened it
    with connection.SimpleQueue("work") as queue:
        with pytest.raises(queue.Empty):
            queue.get(timeout=0.2)
        queue.put({"mail": 2})
        assert queue.get(timeout=1).payload == {"mail": 2}


def test_a_consumer_polling_while_a_producer_writes_reads_every_message_whole(broker):
    connection, _folder = broker
    count, body = 300, "x" * 200_000  # large enough that a write takes a while
    got = []

    def produce():
        with connection.clone() as producer, producer.SimpleQueue("work") as queue:
            for number in range(count):
                queue.put({"number": number, "body": body})

    writer = threading.Thread(target=produce)
    writer.start()
    channel = connection.default_channel
    while len(got) < count:  # poll as fast as a consumer can, to meet a write half done
        try:
            payload = channel.message_to_python(channel._get("work")).payload
        except Empty:
            continue
        assert payload["body"] == body
        got.append(payload["number"])
    writer.join()
    assert sorted(got) == list(range(count))
