"""The embedded broker: kombu's filesystem transport, with messages that appear whole.

kombu writes a message file in place and a consumer may take it before it is written
(celery/kombu#1551): the worker then reads an empty file and dies of the JSONDecodeError, and the
game waits for ever. Here a message is written under a name consumers skip and renamed into the
queue once complete, and a consumer takes it by renaming it into the processed folder, on the
same filesystem: both renames are atomic, so a message is read whole, and by one consumer.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.transport import filesystem
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

#: what a message being written is called until it is complete (consumers skip it)
PARTIAL = ".partial"


class Channel(filesystem.Channel):
    """Writes by rename, takes by rename."""

    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        with open(final + PARTIAL, "wb") as partial:
            partial.write(str_to_bytes(dumps(payload)))
        os.replace(final + PARTIAL, final)

    def _get(self, queue):
        wanted = f"{queue}.msg"
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.partition(".")[2] != wanted:
                continue
            taken = os.path.join(self.processed_folder, name)
            try:
                os.rename(os.path.join(self.data_folder_in, name), taken)
            except FileNotFoundError:
                continue  # another consumer took it
            with open(taken, "rb") as message:
                payload = message.read()
            if not self.store_processed:
                os.remove(taken)
            return loads(bytes_to_str(payload))
        raise filesystem.Empty()


class Transport(filesystem.Transport):
    """The filesystem transport with the channel above."""

    Channel = Channel
