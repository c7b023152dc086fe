"""A page per game: the public board, and each seat's private page with a form to play.

``GET /game/<id>``: the picture (no hand), the scores and the whole public log.
``GET /game/<id>/<page token>``: the seat's view (its hand), the commands legal now as buttons
and a box for any command. The form becomes an ordinary mail from the seat to its reply
address and goes through :func:`pbem.mail.accept.accept_and_enqueue` like any other mail: the
page token (:mod:`pbem.links`) proves the seat as the reply address does. Pages are rendered
server-side from the mail templates and the same picture; they need no JavaScript.
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from sqlalchemy.orm import selectinload

import engine
from engine.i18n import language, use
from pbem import i18n, links, notify
from pbem.db import transaction
from pbem.mail import commands, compose, menu
from pbem.mail.accept import accept_and_enqueue
from pbem.models import Game, Seat

bp = Blueprint("game_pages", __name__, url_prefix="/game")

MAX_COMMANDS = 4000  # characters of one form: a mail of commands, not a document


def _settings():
    return current_app.config["PBEM_SETTINGS"]


def _game(session, game_id: int) -> Game:
    game = session.get(Game, game_id, options=[selectinload(Game.seats)])
    if game is None or game.status == "cancelled":
        abort(404)
    return game


def _seat(game: Game, token: str) -> Seat:
    """The seat whose page token is ``token``; 404 for any other."""
    for seat in game.seats:
        if links.is_page_token(token, seat.token, game.id):
            return seat
    abort(404)


def _answers() -> list[str]:
    """What an invited seat may answer, in the reader's words ("unirse", "rechazar")."""
    return [commands.word(name, language()) for name in ("join", "decline")]


def _context(game: Game, seat: Seat | None, locale: str) -> tuple[dict, object]:
    """The page's template context and picture, from the seat's view (None: the public one)."""
    settings = _settings()
    with use(i18n.translations(locale)):
        if game.state is None:  # still inviting: no board yet
            context = {
                "game_title": engine.load(game.kind).title,
                "game_id": game.id,
                "view": None,
                "legal": _answers() if seat and seat.status == "invited" else [],
                "version": None,
                "help": "",
            }
            picture = None
        else:
            state = engine.load(game.kind).restore(game.state)
            name = seat.name if seat and seat.status == "joined" else None
            context, picture = notify.position(game, state, name, 0)
            context["log"] = context.pop("events")
            context["events"] = []
            context["refused"] = None
    thread = notify.thread(settings, game, seat)
    version = context["version"]
    ranked = compose.standings(context.get("result"))
    context.update(
        locale=locale,
        standings=ranked,
        status=game.status,
        players=[s.name for s in game.seats],
        menu=menu.menu(context["legal"]),
        form=seat is not None,
        sent=request.args.get("sent") == "1",
        mailto=lambda command: menu.mailto(thread.reply_to, thread.subject, version, command),
        picture_src=None,
        public_url=links.public_url(settings, game.id),
        term=compose.term_for(game.kind, locale.split("_")[0].split("-")[0]),  # "barco", "río"
    )
    return context, picture


def _render(context: dict, locale: str) -> Response:
    return Response(i18n.render("web/game.html", locale, **context), mimetype="text/html")


@bp.get("/<int:game_id>")
def public_page(game_id: int) -> Response:
    """The board for everybody: the picture without any hand, the scores and the log."""
    with transaction(_settings().database_url) as session:
        game = _game(session, game_id)
        context, picture = _context(game, None, "en")
        if picture:
            context["picture_src"] = url_for(".public_picture", game_id=game_id)
    return _render(context, "en")


@bp.get("/<int:game_id>/picture.png")
def public_picture(game_id: int) -> Response:
    with transaction(_settings().database_url) as session:
        _context_, picture = _context(_game(session, game_id), None, "en")
    return _png(picture)


@bp.get("/<int:game_id>/<token>")
def private_page(game_id: int, token: str) -> Response:
    """The seat's own page: its hand, what it may do now, and the form to do it."""
    with transaction(_settings().database_url) as session:
        game = _game(session, game_id)
        seat = _seat(game, token)
        locale = seat.player.language
        context, picture = _context(game, seat, locale)
        if picture:
            context["picture_src"] = url_for(".private_picture", game_id=game_id, token=token)
    return _render(context, locale)


@bp.get("/<int:game_id>/<token>/picture.png")
def private_picture(game_id: int, token: str) -> Response:
    with transaction(_settings().database_url) as session:
        game = _game(session, game_id)
        seat = _seat(game, token)
        _context_, picture = _context(game, seat, seat.player.language)
    return _png(picture)


def _png(picture) -> Response:
    if picture is None:
        abort(404)
    response = Response(picture.png, mimetype="image/png")
    response.headers["Cache-Control"] = "private, max-age=60"
    return response


@bp.post("/<int:game_id>/<token>")
def send(game_id: int, token: str):
    """The form's commands as a mail from the seat to its reply address, then the page again."""
    settings = _settings()
    chosen = request.form.get("command", "").strip()
    typed = request.form.get("commands", "").strip()
    commands = (chosen or typed)[:MAX_COMMANDS]
    version = request.form.get("version", "").strip()
    with transaction(settings.database_url) as session:
        game = _game(session, game_id)
        seat = _seat(game, token)
        address, reply_to = seat.player.address, settings.reply_address(seat.token)
        subject = f"Re: {notify.thread(settings, game, seat).subject}"
    if not commands:
        return redirect(url_for(".private_page", game_id=game_id, token=token), 303)
    message = EmailMessage()
    message["From"] = address
    message["To"] = reply_to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="web." + settings.domain)
    message.set_content((f"#{version}\n" if version.isdigit() else "") + commands + "\n")
    enqueue = current_app.extensions["pbem_enqueue"]
    accept_and_enqueue(settings, message.as_bytes(), "web", reply_to, enqueue)
    return redirect(url_for(".private_page", game_id=game_id, token=token, sent=1), 303)
