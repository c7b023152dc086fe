"""kombu's Redis transport, with a channel a second close leaves alone once its connection
was collected.

When the worker loses Redis, Celery 5.7.0 collects the lost connection and then closes it once
more (celery/celery#10242, for celery/celery#9705). ``collect()`` detaches kombu's transport
from the connection (``transport.client`` becomes None) but keeps the default channel, and that
channel's own close may have failed at its start, on the dead socket of the BRPOP it had
pending. Closed again, the channel restores its unacknowledged messages (acks_late: the tasks
in flight) through a connection pool built afresh from the detached transport's client:
``AttributeError: 'NoneType' object has no attribute 'hostname'`` (the failure of
celery/kombu#582 on another path). That is no connection error, so Celery does not retry: the
worker shuts down once its tasks are done, and nothing starts it again.

Here such a channel is left as ``collect()`` left it, as under Celery 5.6: the tasks in flight
still ack through its pool (to the Redis that came back, or the ack fails as a connection error
Celery logs), and what they had not acked stays in Redis's unacked index until the visibility
timeout (or went with a Redis that kept nothing: the sweeper queues that work again).
"""

from __future__ import annotations

from kombu.transport import redis


class Channel(redis.Channel):
    """Closing is a no-op once the connection was collected."""

    def close(self):
        if self.connection is not None and self.connection.client is None:
            return
        super().close()


class Transport(redis.Transport):
    Channel = Channel
