"""Public pages: the health check (unsubscribe links: :mod:`pbem.web.unsubscribe`)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from pbem.db import engine_for

bp = Blueprint("pages", __name__)


@bp.get("/health")
def health() -> Response:
    """200 "ok" when the database answers ``SELECT 1``, else 503."""
    try:
        with engine_for(current_app.config["PBEM_SETTINGS"].database_url).connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return Response("database unavailable\n", 503, mimetype="text/plain")
    return Response("ok\n", mimetype="text/plain")
