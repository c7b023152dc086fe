"""The unsubscribe links: RFC 8058 one-click, and a page that offers less mail, not only none.

A game mail's link names the seat (its secret token): one-click switches that game to the
digest; the page offers only my turns, digest only, leave this game, stop everything. The
digest's link names the player: one-click stops the digest; the page also offers stopping
everything. A GET never changes anything (link scanners fetch links); the choices are POSTs.
Mails a choice causes (a resignation tells the others) are sent by the worker's next sweep.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, request, url_for
from sqlalchemy import select

from engine.i18n import _, use
from pbem import digest, games, i18n
from pbem.db import transaction
from pbem.models import Player, Seat, now

bp = Blueprint("unsubscribe", __name__)


def _seat_choices() -> list[dict]:
    return [
        {
            "value": "turns",
            "label": _("Only my turns"),
            "what": _("A mail from this game when it is your turn, and at its start and end."),
        },
        {
            "value": "digest",
            "label": _("Digest only"),
            "what": _("Nothing from this game but its lines in your digest."),
        },
        {
            "value": "leave",
            "label": _("Leave this game"),
            "what": _("You resign: the bot plays your seat and you get no more mail from it."),
        },
        {
            "value": "stop",
            "label": _("Stop everything"),
            "what": _("No mail from us at all: a bot takes your seat in every running game."),
        },
    ]


def _player_choices() -> list[dict]:
    return [
        {"value": "no-digest", "label": _("No digest"), "what": _("Your game mails go on.")},
        {
            "value": "stop",
            "label": _("Stop everything"),
            "what": _("No mail from us at all: a bot takes your seat in every running game."),
        },
    ]


def _find(session, token: str) -> tuple[Seat | None, Player]:
    seat = session.scalar(select(Seat).where(Seat.token == token))
    if seat is not None:
        return seat, seat.player
    player = session.scalar(select(Player).where(Player.token == token))
    if player is None:
        abort(404)
    return None, player


def _apply(session, settings, seat: Seat | None, player: Player, choice: str) -> str:
    """Carry out ``choice`` (one-click: the least drastic one); the sentence that says so."""
    if choice == "stop":
        games.unsubscribe(session, settings, player)
        return _("You are unsubscribed: we will not mail you any more.")
    if seat is None or choice == "no-digest":
        player.digest_every = "off"
        digest.schedule(player, now())
        return _("You get no digest any more; your game mails go on.")
    if choice == "leave":
        game = games.locked(session, seat.game_id)
        if game.status == "active" and seat.status == "joined":
            games.resign(session, settings, game, seat)
        elif game.status == "inviting":
            games.decline(session, settings, seat)
        return _("You left game {id}.").format(id=seat.game_id)
    if choice == "turns":
        seat.mail = "turns"
        return _("From game {id} you get a mail when it is your turn.").format(id=seat.game_id)
    seat.mail = "digest"
    return _("Game {id} now only appears in your digest.").format(id=seat.game_id)


def _page(seat: Seat | None, player: Player, token: str, done: str | None) -> Response:
    with use(i18n.translations(player.language)):
        if seat is not None:
            title = _("Your mail from game {id}").format(id=seat.game_id)
            choices = _seat_choices()
        else:
            title = _("Your digest")
            choices = _player_choices()
    html = i18n.render(
        "web/unsubscribe.html",
        player.language,
        locale=player.language,
        title=title,
        done=done,
        choices=choices,
        action=url_for("unsubscribe.choose", token=token),
    )
    return Response(html, mimetype="text/html")


@bp.get("/unsubscribe/<token>")
def page(token: str) -> Response:
    """The choices; nothing changes."""
    with transaction(current_app.config["PBEM_SETTINGS"].database_url) as session:
        seat, player = _find(session, token)
        return _page(seat, player, token, None)


@bp.post("/unsubscribe/<token>")
def choose(token: str) -> Response:
    """A choice from the page, or RFC 8058 one-click (``List-Unsubscribe=One-Click``, no
    choice): a game's mail goes to the digest, the digest stops."""
    settings = current_app.config["PBEM_SETTINGS"]
    choice = request.form.get("choice", "digest")
    with transaction(settings.database_url) as session:
        seat, player = _find(session, token)
        with use(i18n.translations(player.language)):
            done = _apply(session, settings, seat, player, choice)
        return _page(seat, player, token, done)
