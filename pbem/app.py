"""The Flask application: inbound webhooks, health check, one-click unsubscribe.

Run with ``pbem web``. ``PBEM_INBOUND_SECRET`` guards the raw
``/inbound/raw`` endpoint; while it is unset that endpoint only answers loopback clients.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from flask import Flask

from pbem import config
from pbem.web import game_pages, mailbox, pages, unsubscribe, webhooks


def create_app(settings: config.Settings, enqueue: Callable[[int], object]) -> Flask:
    """The application for ``settings``; ``enqueue`` hands a stored mail's id to the worker."""
    app = Flask(__name__)
    app.config.update(
        # room for a maximal message plus a provider's form or JSON wrapping around it
        MAX_CONTENT_LENGTH=4 * settings.max_message_bytes + 1024 * 1024,
        INBOUND_SECRET=os.environ.get("PBEM_INBOUND_SECRET", ""),
        PBEM_SETTINGS=settings,
    )
    app.extensions["pbem_enqueue"] = enqueue
    app.register_blueprint(webhooks.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(unsubscribe.bp)
    app.register_blueprint(mailbox.bp)
    app.register_blueprint(game_pages.bp)
    return app
