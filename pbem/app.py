"""The Flask application: inbound webhooks, health check, one-click unsubscribe.

Run with ``flask --app pbem.app:create_app run``. ``PBEM_INBOUND_SECRET`` guards the raw
``/inbound/raw`` endpoint; while it is unset that endpoint only answers loopback clients.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from pbem import config
from pbem.mail.accept import default_enqueue
from pbem.web import game_pages, mailbox, pages, webhooks

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def create_app(
    settings: config.Settings | None = None, enqueue: Callable[[int], object] | None = None
) -> Flask:
    """The application for ``settings`` (default: the environment); ``enqueue`` for tests."""
    settings = settings or config.load()
    app = Flask(__name__, template_folder=str(TEMPLATES))
    app.config.update(
        # room for a maximal message plus a provider's form or JSON wrapping around it
        MAX_CONTENT_LENGTH=4 * settings.max_message_bytes + 1024 * 1024,
        INBOUND_SECRET=os.environ.get("PBEM_INBOUND_SECRET", ""),
        PBEM_SETTINGS=settings,
    )
    app.extensions["pbem_enqueue"] = enqueue or default_enqueue
    app.register_blueprint(webhooks.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(mailbox.bp)
    app.register_blueprint(game_pages.bp)
    return app
