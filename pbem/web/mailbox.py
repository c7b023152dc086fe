"""The embedded mailbox: read the Maildir outbox and answer as any player, in a browser.

Only with the embedded defaults (no ``SMTP_URL``) and only for loopback clients, so that one
person can try whole games on one machine with nothing but ``make run`` and a browser. A reply
written here is an ordinary mail: it goes through ``accept`` like one that came by SMTP.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for

from engine.lexicon import LANGUAGES
from pbem import i18n
from pbem.mail.accept import accept_and_enqueue
from pbem.web.webhooks import from_loopback

bp = Blueprint("mailbox", __name__, url_prefix="/mailbox")


def _settings():
    return current_app.config["PBEM_SETTINGS"]


@bp.before_request
def _embedded_and_local_only():
    if _settings().smtp_url or not from_loopback():
        abort(404)


def _mails() -> list[tuple[str, EmailMessage]]:
    """Every mail in the outbox Maildir, newest first."""
    box = mailbox.Maildir(_settings().outbox_dir, create=True)
    mails = [
        (key, email.message_from_bytes(box.get_bytes(key), policy=email.policy.default))
        for key in box.iterkeys()
    ]
    return sorted(mails, key=lambda item: item[0], reverse=True)


def _recipient(message: EmailMessage) -> str:
    return parseaddr(str(message["Delivered-To"] or message["To"]))[1].lower()


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    return body.get_content() if body is not None else ""


def _html(message: EmailMessage) -> str:
    body = message.get_body(("html",))
    return body.get_content() if body is not None else ""


def _game(message: EmailMessage) -> int | None:
    """The game a mail of ours belongs to (its ``X-PBEM-Game``), None for service mail."""
    value = str(message["X-PBEM-Game"] or "")
    return int(value) if value.isdigit() else None


def _page(**context) -> Response:
    """The mailbox page in the browser's language (its Accept-Language), English by default."""
    locale = request.accept_languages.best_match(LANGUAGES) or "en"
    page = i18n.render("web/mailbox.html", locale, locale=locale, url_for=url_for, **context)
    return Response(page, mimetype="text/html")


#: Mails on one page of a mailbox.
PAGE_SIZE = 10


def _submit(sender: str, to: str, subject: str, body: str, answering: EmailMessage | None):
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="mailbox.localhost")
    if answering is not None:
        message["In-Reply-To"] = str(answering["Message-ID"])
        quoted = "\n".join(f"> {line}" for line in _text(answering).splitlines())
        body = f"{body}\n\nOn {answering['Date']}, pbem wrote:\n{quoted}\n"
    message.set_content(body)
    enqueue = current_app.extensions["pbem_enqueue"]
    accept_and_enqueue(_settings(), message.as_bytes(), "webhook", to, enqueue)


@bp.get("/")
def index():
    """Who has mail, per game, and a form to write to the service (``new honga with ...``)."""
    counts = Counter((_recipient(message), _game(message) or 0) for _, message in _mails())
    return _page(
        counts=sorted(counts.items()),
        mails=None,
        address=None,
        service=_settings().service_address,
    )


@bp.get("/<address>")
@bp.get("/<address>/game/<int:game_id>")
def inbox(address: str, game_id: int | None = None):
    """One player's mails (of one game, or outside games), newest first, a page at a time:
    each as the player receives it (its HTML part in a frame), the text part one click away,
    and a reply form."""
    chosen = [
        (key, m)
        for key, m in _mails()
        if _recipient(m) == address.lower() and (_game(m) or 0) == (game_id or 0)
    ]
    pages = max(1, -(-len(chosen) // PAGE_SIZE))
    page = min(max(request.args.get("page", 1, type=int), 1), pages)
    mails = [
        {
            "key": key,
            "subject": str(m["Subject"]),
            "date": str(m["Date"]),
            "text": _text(m),
            "html": _html(m),
        }
        for key, m in chosen[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    ]
    return _page(
        counts=None,
        mails=mails,
        address=address,
        game_id=game_id,
        page=page,
        pages=pages,
        service=_settings().service_address,
    )


@bp.post("/<address>/reply/<key>")
def reply(address: str, key: str):
    """Answer one mail as its recipient: to its Reply-To, quoting it, as a mail client would."""
    box = mailbox.Maildir(_settings().outbox_dir, create=True)
    try:
        original = email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)
    except KeyError:
        abort(404)
    to = parseaddr(str(original["Reply-To"] or original["From"]))[1]
    _submit(address, to, f"Re: {original['Subject']}", request.form.get("body", ""), original)
    return redirect(url_for("mailbox.inbox", address=address, game_id=_game(original)))


@bp.post("/write")
def write():
    """A new mail to the service address, from any address (start a game, ask for help)."""
    sender = request.form.get("sender", "").strip()
    if "@" not in sender:
        abort(400)
    _submit(sender, _settings().service_address, "pbem", request.form.get("body", ""), None)
    return redirect(url_for("mailbox.index"))
