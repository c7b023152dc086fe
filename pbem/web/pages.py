"""Public pages: the health check and RFC 8058 one-click unsubscribe."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, url_for
from markupsafe import escape
from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError

from pbem import games
from pbem.db import engine_for, transaction
from pbem.models import Seat

bp = Blueprint("pages", __name__)

CONFIRM_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Unsubscribe</title></head>
<body><form method="post" action="{action}">
<p>Stop all mail from this service to this address? Your running games go on with a bot
in your seat, open invitations are declined, and you get no invitations or digests any more.</p>
<button type="submit">Unsubscribe</button></form></body></html>
"""
DONE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Unsubscribed</title></head>
<body><p>You are unsubscribed: this service will not mail you any more.</p></body></html>
"""


@bp.get("/health")
def health() -> Response:
    """200 "ok" when the database answers ``SELECT 1``, else 503."""
    try:
        with engine_for(current_app.config["PBEM_SETTINGS"].database_url).connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return Response("database unavailable\n", 503, mimetype="text/plain")
    return Response("ok\n", mimetype="text/plain")


@bp.get("/unsubscribe/<token>")
def unsubscribe_page(token: str) -> Response:
    """A confirmation page: a GET changes nothing (link scanners prefetch links)."""
    with transaction(current_app.config["PBEM_SETTINGS"].database_url) as session:
        if session.scalar(select(Seat.id).where(Seat.token == token)) is None:
            abort(404)
    action = escape(url_for("pages.unsubscribe", token=token))
    return Response(CONFIRM_PAGE.format(action=action), mimetype="text/html")


@bp.post("/unsubscribe/<token>")
def unsubscribe(token: str) -> Response:
    """One-click unsubscribe (RFC 8058): the seat's player gets no more mail.

    The other players' mails this causes are sent by the worker's next sweep.
    """
    settings = current_app.config["PBEM_SETTINGS"]
    with transaction(settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.token == token))
        if seat is None:
            abort(404)
        games.unsubscribe(session, settings, seat.player)
    return Response(DONE_PAGE, mimetype="text/html")
