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

It serves ``redis://`` and ``rediss://`` (TLS) alike: kombu has one transport class for both
and decides TLS by the URL's scheme, which a named transport hides from it
(:func:`configuration` asks for TLS in its place).
"""

from __future__ import annotations

import ssl

from kombu.transport import redis

#: the broker URLs this transport serves: Redis, and Redis over TLS
SCHEMES = ("redis://", "rediss://")


class Channel(redis.Channel):
    """Closing is a no-op once the connection was collected."""

    def close(self):
        if self.connection is not None and self.connection.client is None:
            return
        super().close()


class Transport(redis.Transport):
    Channel = Channel


def configuration(url: str) -> dict:
    """The Celery settings that have the broker at ``url`` (one of :data:`SCHEMES`) served by
    this transport.

    Under a named transport kombu no longer sees the scheme ``rediss``, by which it turns TLS
    on when the URL has no ``ssl_*`` options (then without checking the certificate): it would
    connect in the clear. So TLS is asked for here, the certificate checked against the
    system's CAs and the host name matched (redis-py's defaults). The URL's ``ssl_*`` options
    (``ssl_ca_certs=/etc/pbem/redis-ca.pem``, ``ssl_cert_reqs=none``) replace this, as they
    replace ``broker_use_ssl`` under kombu's own transport.
    """
    settings = {"broker_transport": f"{__name__}:Transport"}
    if url.startswith("rediss://"):
        settings["broker_use_ssl"] = {"ssl_cert_reqs": ssl.CERT_REQUIRED}
    return settings
