"""Inbound webhooks: raw MIME, Mailgun, Postmark and SendGrid, each ending in accept_and_enqueue.

Every endpoint authenticates first (nothing is stored on 401/403), then answers 200 with
``{"id", "duplicate"}`` only once the row is committed; 413 when the message exceeds
``max_message_bytes``, 503 when the database cannot store it (the provider retries).
Form bodies are decoded here byte for byte, so a message's raw bytes reach the database unchanged.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
import time
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from typing import NoReturn
from urllib.parse import unquote_to_bytes

from flask import Blueprint, Response, abort, current_app, jsonify, request
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from werkzeug.exceptions import HTTPException
from werkzeug.sansio.multipart import Data, Epilogue, Field, File, MultipartDecoder

from pbem.mail.accept import MessageTooLarge, accept_and_enqueue
from pbem.models import WebhookToken

log = logging.getLogger(__name__)

bp = Blueprint("webhooks", __name__, url_prefix="/inbound")

MAILGUN_WINDOW = 15 * 60  # seconds a Mailgun signature stays valid
RAW_TYPES = ("message/rfc822", "application/octet-stream")
# rebuilt from the bodies when Postmark sends no RawEmail
POSTMARK_SKIP = frozenset({"content-type", "content-transfer-encoding", "mime-version"})
POSTMARK_FIELDS = (
    ("From", "From"),
    ("To", "To"),
    ("Cc", "Cc"),
    ("ReplyTo", "Reply-To"),
    ("Subject", "Subject"),
    ("Date", "Date"),
)
PROXY_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Real-IP")


class TokenUsed(Exception):
    """A webhook's one-time token was used before: a replay."""


def claim_token(session, provider: str, token: str) -> None:
    """Record ``token`` in the transaction that stores the message (shared by all processes);
    raise TokenUsed when it was recorded before."""
    try:
        with session.begin_nested():
            session.add(WebhookToken(provider=provider, token=token))
    except IntegrityError:
        raise TokenUsed(token) from None


def _refuse(status: int, message: str, **headers: str) -> NoReturn:
    response = jsonify(error=message)
    response.status_code = status
    for name, value in headers.items():
        response.headers[name.replace("_", "-")] = value
    abort(response)


@bp.errorhandler(HTTPException)
def _json_error(error: HTTPException) -> Response:
    response = error.get_response()
    if error.code is not None and response.mimetype != "application/json":
        response = jsonify(error=error.description)
        response.status_code = error.code
    return response


def _same(given: str | None, expected: str) -> bool:
    """Constant-time equality; never true for an unconfigured (empty) secret."""
    return (
        bool(expected)
        and given is not None
        and hmac.compare_digest(given.encode("utf-8", "surrogateescape"), expected.encode("utf-8"))
    )


def _store(raw: bytes, source: str, envelope_to: str, claim=None) -> Response:
    settings = current_app.config["PBEM_SETTINGS"]
    enqueue = current_app.extensions["pbem_enqueue"]
    try:
        accepted = accept_and_enqueue(settings, raw, source, envelope_to, enqueue, claim)
    except MessageTooLarge as exc:
        _refuse(413, f"message too large: {exc}")
    except TokenUsed:
        _refuse(403, "token already used")
    except SQLAlchemyError:
        log.exception("cannot store a %s message", source)
        _refuse(503, "cannot store the message now, try again later", Retry_After="60")
    return jsonify(id=accepted.id, duplicate=accepted.duplicate)


def _check_declared_size() -> None:
    limit = current_app.config["PBEM_SETTINGS"].max_message_bytes
    if request.content_length is not None and request.content_length > limit:
        _refuse(413, f"message too large: limit {limit} bytes")


def from_loopback() -> bool:
    """A direct loopback client (a request relayed by a local proxy is not)."""
    if any(name in request.headers for name in PROXY_HEADERS):
        return False
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


def _check_basic(user: str, password: str) -> None:
    auth = request.authorization
    if not (
        auth is not None
        and auth.type == "basic"
        and _same(auth.username, user)
        and _same(auth.password, password)
    ):
        _refuse(401, "authentication required", WWW_Authenticate='Basic realm="pbem inbound"')


def _form_fields() -> dict[str, bytes]:
    """The posted form's fields (first value of each name) as raw bytes, never decoded."""
    body = request.get_data(cache=False)
    if request.mimetype == "multipart/form-data":
        boundary = request.mimetype_params.get("boundary", "")
        try:
            return _multipart(body, boundary.encode("latin-1"))
        except (ValueError, UnicodeEncodeError):
            _refuse(400, "malformed multipart body")
    if request.mimetype == "application/x-www-form-urlencoded":
        fields: dict[str, bytes] = {}
        for pair in body.split(b"&"):
            name, _, value = pair.partition(b"=")
            key = unquote_to_bytes(name.replace(b"+", b" ")).decode("utf-8", "replace")
            fields.setdefault(key, unquote_to_bytes(value.replace(b"+", b" ")))
        return fields
    _refuse(400, "expected a multipart/form-data or urlencoded form")


def _multipart(body: bytes, boundary: bytes) -> dict[str, bytes]:
    if not boundary:
        raise ValueError("no boundary")
    decoder = MultipartDecoder(boundary)
    decoder.receive_data(body)
    decoder.receive_data(None)
    fields: dict[str, bytes] = {}
    name, chunks = "", []
    while True:
        event = decoder.next_event()
        if isinstance(event, Field | File):
            name, chunks = event.name, []
        elif isinstance(event, Data):
            chunks.append(event.data)
            if not event.more_data:
                fields.setdefault(name, b"".join(chunks))
        elif isinstance(event, Epilogue):
            return fields


def _text(fields: dict[str, bytes], name: str) -> str:
    return fields.get(name, b"").decode("utf-8", "replace")


@bp.post("/raw")
def raw() -> Response:
    """A raw RFC 5322 message in the body; ``X-Envelope-To`` optional."""
    secret = current_app.config["INBOUND_SECRET"]
    if not secret:
        if not from_loopback():
            _refuse(403, "PBEM_INBOUND_SECRET is unset: loopback clients only")
    else:
        auth = request.authorization
        given = request.headers.get("X-PBEM-Secret")
        if given is None and auth is not None and auth.type == "basic":
            given = auth.password
        if not _same(given, secret):
            _refuse(401, "authentication required", WWW_Authenticate='Basic realm="pbem inbound"')
    if request.mimetype not in RAW_TYPES:
        _refuse(400, f"expected one of {', '.join(RAW_TYPES)}")
    _check_declared_size()
    body = request.get_data(cache=False)
    if not body:
        _refuse(400, "empty message")
    return _store(body, "webhook", request.headers.get("X-Envelope-To", ""))


@bp.post("/mailgun")
def mailgun() -> Response:
    """Mailgun ``forward()`` to a URL ending in ``mime``: ``body-mime`` plus a signature."""
    fields = _form_fields()
    missing = [n for n in ("body-mime", "timestamp", "token", "signature") if not fields.get(n)]
    if missing:
        _refuse(400, f"missing fields: {', '.join(missing)}")
    timestamp, token, signature = (_text(fields, n) for n in ("timestamp", "token", "signature"))
    key = current_app.config["PBEM_SETTINGS"].mailgun_signing_key
    expected = hmac.new(key.encode(), (timestamp + token).encode(), "sha256").hexdigest()
    if not key or not _same(signature, expected):
        _refuse(403, "bad signature")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > MAILGUN_WINDOW:
        _refuse(403, "stale timestamp")
    # the token is recorded with the message, in one transaction: a database failing
    # in between keeps neither, so the provider's retry is no replay
    return _store(
        fields["body-mime"],
        "mailgun",
        _text(fields, "recipient"),
        claim=lambda session: claim_token(session, "mailgun", token),
    )


def postmark_raw(data: dict) -> bytes:
    """The message of a Postmark inbound post: ``RawEmail``, or rebuilt from its fields.

    The rebuilt form keeps the headers, the text and the HTML body; attachments are dropped.
    Without a Message-ID header, Postmark's own MessageID (stable across its retries) is used.
    """
    raw_email = data.get("RawEmail")
    if isinstance(raw_email, str) and raw_email:
        return raw_email.encode("utf-8", "surrogatepass")
    message = EmailMessage(policy=SMTP_POLICY)
    headers = data.get("Headers")
    for item in headers if isinstance(headers, list) else []:
        if isinstance(item, dict) and item.get("Name") and item.get("Value") is not None:
            name = str(item["Name"])
            if name.lower() not in POSTMARK_SKIP:
                _set_header(message, name, str(item["Value"]))
    for field, name in POSTMARK_FIELDS:
        if name not in message and data.get(field):
            _set_header(message, name, str(data[field]))
    if "Message-ID" not in message and data.get("MessageID"):
        _set_header(message, "Message-ID", f"<{data['MessageID']}@inbound.postmarkapp.com>")
    message.set_content(str(data.get("TextBody") or ""))
    if data.get("HtmlBody"):
        message.add_alternative(str(data["HtmlBody"]), subtype="html")
    return message.as_bytes()


def _set_header(message: EmailMessage, name: str, value: str) -> None:
    try:
        message[name] = " ".join(value.split())
    except (ValueError, TypeError) as exc:  # a second Subject, a name with a colon, ...
        log.warning("postmark: dropped header %r: %s", name, exc)


def _postmark_recipient(data: dict) -> str:
    if data.get("OriginalRecipient"):
        return str(data["OriginalRecipient"])
    to_full = data.get("ToFull")
    if isinstance(to_full, list) and to_full and isinstance(to_full[0], dict):
        return str(to_full[0].get("Email") or "")
    return str(data.get("To") or "")


@bp.post("/postmark")
def postmark() -> Response:
    """Postmark inbound JSON, behind HTTP basic auth (POSTMARK_INBOUND_USER/PASSWORD)."""
    settings = current_app.config["PBEM_SETTINGS"]
    _check_basic(settings.postmark_user, settings.postmark_password)
    data = request.get_json(force=True, silent=True)
    if not isinstance(data, dict):
        _refuse(400, "expected a JSON object")
    try:
        message = postmark_raw(data)
    except Exception:  # the email package can fail on pathological values
        log.exception("postmark: cannot rebuild the message")
        _refuse(400, "cannot rebuild a message from this post")
    return _store(message, "postmark", _postmark_recipient(data))


def _sendgrid_recipient(fields: dict[str, bytes]) -> str:
    try:
        envelope = json.loads(fields.get("envelope", b""))
        return str(envelope["to"][0])
    except (ValueError, KeyError, IndexError, TypeError):
        return _text(fields, "to")


@bp.post("/sendgrid")
def sendgrid() -> Response:
    """SendGrid Inbound Parse posting the raw MIME message (``email``); ``?key=SECRET``."""
    if not _same(request.args.get("key"), current_app.config["PBEM_SETTINGS"].sendgrid_secret):
        _refuse(403, "bad key")
    fields = _form_fields()
    if not fields.get("email"):
        _refuse(400, "missing field: email (enable 'POST the raw, full MIME message')")
    return _store(fields["email"], "sendgrid", _sendgrid_recipient(fields))
