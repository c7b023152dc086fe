"""Tell a mail written by a person from one written by a machine.

Only the message's own headers count: headers quoted in a body or carried by an attached
message never change the answer.
"""

from __future__ import annotations

import re
from email.message import Message
from email.utils import parseaddr

from pbem.mail.header_labels import REPLY_PREFIX
from pbem.mail.mime import header_text

NORMAL = "normal"
AUTO_REPLY = "auto_reply"
BOUNCE = "bounce"
LIST = "list"
LOOP = "loop"

#: Header our outbound mails carry; a mail that has it was written by a pbem service.
LOOP_HEADER = "X-PBEM-Loop"

_BOUNCE_SENDERS = {"mailer-daemon", "postmaster"}
_BOUNCE_SENDER_NAMES = re.compile(r"mail delivery (sub)?system", re.IGNORECASE)
_BOUNCE_SUBJECT = re.compile(
    r"^\s*(undeliver(ed|able)\b|delivery status notification|returned mail\b"
    r"|mail delivery (failed|failure)|failure notice|delivery failure"
    r"|non[- ]?remis|unzustellbar|no se puede entregar|não entregue|não é possível entregar)",
    re.IGNORECASE,
)
_AUTO_REPLY_SUBJECT = re.compile(
    r"^\s*(out of (the )?office|automatic reply|auto(matic)?[ -]?(reply|response)\b|auto:|autosvar"
    r"|abwesenheitsnotiz|automatische antwort|fuera de la oficina|respuesta autom[aá]tica"
    r"|ausente\b|resposta autom[aá]tica|fora do escrit[oó]rio|r[ée]ponse automatique"
    r"|absence du bureau|absent du bureau|risposta automatica|fuori sede"
    r"|automatisch antwoord|afwezig\b|автоответ|вне офиса)",
    re.IGNORECASE,
)
#: What a vacation responder's own subject says, without the headers of one ("I am on
#: vacation", "Ich bin bis 3.1. nicht im Büro", "Estou de férias"): read only in an answer to
#: a mail (In-Reply-To, References) whose subject is no reply's ("Re: ...") nor a forward's. A
#: person answering keeps the "Re:", and one announcing a holiday in a new mail answers none:
#: taken for a machine, their mail would go unanswered, worse than a responder answered once
_VACATION_SUBJECT = re.compile(
    r"\b(on (vacation|holiday|leave)|out of (the )?office|vacation|holidays?"
    r"|nicht im b(ü|ue)ro|urlaub|abwesenheit|abwesend|au(ß|ss)er haus"
    r"|vacaciones|ausencia|fuera de la oficina"
    r"|f[ée]rias|aus[êe]ncia|fora do escrit[óo]rio)\b",
    re.IGNORECASE,
)
_VACATION_MAILER = re.compile(r"vacation|auto-?respon|auto-?reply|out of office", re.IGNORECASE)
_SUPPRESS_VALUES = {"all", "oof", "autoreply"}
_AUTO_PRECEDENCE = {"bulk", "junk", "auto_reply"}
_AUTO_HEADERS = ("x-autorespond", "x-autoreply-from", "x-mail-autoreply")
_LIST_HEADERS = ("list-id", "list-post", "list-unsubscribe", "mailing-list", "x-mailing-list")


def classify(message: Message) -> str:
    """``"normal"``, ``"auto_reply"``, ``"bounce"``, ``"list"`` or ``"loop"``.

    Anything but ``"normal"`` must never be answered (the pipeline only records it): answering a
    machine invites it to answer back, and two machines answering each other never stop.
    Never raises: headers are read as they came, so a malformed one cannot break it.
    """
    headers = _headers(message)
    if LOOP_HEADER.lower() in headers:
        return LOOP
    if _is_bounce(headers):
        return BOUNCE
    if _is_auto_reply(headers):
        return AUTO_REPLY
    if _is_list(headers):
        return LIST
    if headers.get("return-path") in ("", "<>"):
        return BOUNCE
    return NORMAL


def _headers(message: Message) -> dict[str, str]:
    """The first value of each top-level header by lower-case name: unfolded, encoded words
    decoded where possible, stripped. (Parsing headers the email package's way can raise on
    malformed ones, so the raw values are read.)"""
    headers: dict[str, str] = {}
    for name, value in message.raw_items():
        headers.setdefault(name.lower(), header_text(str(value)))
    return headers


def _report_type(headers: dict[str, str]) -> str | None:
    """The report-type of a ``multipart/report`` (a DSN or a read receipt), else ``None``."""
    content_type = headers.get("content-type", "")
    if content_type.partition(";")[0].strip().lower() != "multipart/report":
        return None
    found = re.search(r"report-type\s*=\s*\"?([\w-]+)", content_type, re.IGNORECASE)
    return found[1].lower() if found else "delivery-status"


def _is_bounce(headers: dict[str, str]) -> bool:
    if _report_type(headers) not in (None, "disposition-notification"):
        return True
    if "x-failed-recipients" in headers:
        return True
    name, address = parseaddr(headers.get("from", ""))
    if address.partition("@")[0].lower() in _BOUNCE_SENDERS or _BOUNCE_SENDER_NAMES.search(name):
        return True
    return bool(_BOUNCE_SUBJECT.match(headers.get("subject", "")))


def _is_auto_reply(headers: dict[str, str]) -> bool:
    if _report_type(headers) == "disposition-notification":
        return True
    submitted = headers.get("auto-submitted", "no").partition(";")[0].strip().lower()
    if submitted not in ("", "no"):
        return True
    precedences = {headers.get(name, "").lower() for name in ("precedence", "x-precedence")}
    if precedences & _AUTO_PRECEDENCE:
        return True
    if headers.get("x-autoreply", "no").lower() != "no":
        return True
    if headers.get("x-autogenerated", "").lower() == "reply":
        return True
    if any(name in headers for name in _AUTO_HEADERS):
        return True
    suppress = headers.get("x-auto-response-suppress", "")
    if {value.strip().lower() for value in suppress.split(",")} & _SUPPRESS_VALUES:
        return True
    if _VACATION_MAILER.search(headers.get("x-mailer", "")):
        return True
    subject = headers.get("subject", "")
    if _AUTO_REPLY_SUBJECT.match(subject):
        return True
    answers = "in-reply-to" in headers or "references" in headers
    return (
        answers
        and not REPLY_PREFIX.match(subject)
        and bool(_VACATION_SUBJECT.search(subject[:200]))
    )


def _is_list(headers: dict[str, str]) -> bool:
    if headers.get("precedence", "").lower() == "list":
        return True
    return any(name in headers for name in _LIST_HEADERS)
