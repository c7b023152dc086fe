"""A recipient's context + a template -> one mail (text and HTML), with thread headers.

Headers decided here:

- ``Auto-Submitted``: ``auto-replied`` on answers to a player's mail (``in_reply_to`` known),
  ``auto-generated`` otherwise (RFC 3834); both keep vacation responders quiet.
- ``X-PBEM-Loop``: our domain, so a mail of ours that comes back is recognized as a loop.
- ``Precedence: bulk`` only on the weekly digest. Turn, error, invite, relay and notice mails
  are personal and expected; marking them bulk invites spam filters to file them away.
- ``List-Unsubscribe`` (web link and mailto) with RFC 8058 one-click, when a seat token is
  known; ``List-Id`` per game.
- ``In-Reply-To``/``References``: every mail of a game points at its stable root id
  ``<game-N@DOMAIN>`` (and at the player's message when answering it), so clients keep
  one thread per game; the subject is stable per game for the same reason. Mail outside a
  game takes its subject from ``mail/<kind>.subject.txt`` (notice, digest).

Templates use only the context they are given (the recipient's view): that is what keeps
hidden information hidden. Required keys per kind are in :data:`KINDS`; optional ones default
to ``None``, and so do ``echo`` (what was read in the mail answered) and ``note`` (a sentence on
top), both shown by ``mail/_echo``; compose adds ``locale``, ``standings`` and ``outcome``
(a finished game's ranking, and where the recipient finished), ``menu`` (the legal commands
grouped, :mod:`pbem.mail.menu`, in both parts) with ``mailto(command)`` links to the reply
address, ``service_address``, ``reply_address``, ``unsubscribe_url`` and ``page_url``
(the seat's private page; both ``None`` without a token) and ``picture_src``.

A ``picture`` (:class:`pbem.pictures.Picture`) is attached inline to the HTML part
(multipart/related, by Content-ID); the HTML shows it at the top and reads well without it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime, make_msgid
from functools import lru_cache

import jinja2

import engine
from pbem import links
from pbem.config import Settings
from pbem.i18n import TEMPLATES_DIR, render
from pbem.mail import commands, menu
from pbem.mail.outgoing import SENDER_NAME, Inline, OutgoingMail

# kind -> (required context keys, optional context keys)
KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "turn": (
        frozenset(
            {
                "game",
                "game_title",
                "game_id",
                "player",
                "events",
                "view",
                "your_turn",
                "legal",
                "help",
                "version",
                "waiting_for",
            }
        ),
        frozenset({"refused", "result", "first", "decide", "seat_colours", "timing", "status"}),
    ),
    "error": (
        frozenset({"line", "reason", "legal", "help", "version"}),
        frozenset({"game_title", "game_id", "last_answer", "line_number"}),
    ),
    "invite": (
        frozenset({"inviter", "game_title", "game_id", "players", "options"}),
        frozenset({"game"}),
    ),
    "notice": (frozenset({"subject", "paragraphs"}), frozenset()),
    "relay": (frozenset({"from_name", "text"}), frozenset({"game_title", "game_id"})),
    "over": (
        frozenset({"game_title", "result", "view"}),
        frozenset(
            {"game", "game_id", "events", "refused", "player", "version", "first"}
            | {"seat_colours", "decide", "your_turn", "waiting_for", "legal", "help"}
        ),
    ),
    "digest": (frozenset({"player", "games"}), frozenset({"daily", "zone", "away_until"})),
}

_BLANK_LINES = re.compile(r"\n{3,}")


def standings(result: Mapping | None) -> list[dict]:
    """A finished game's ranking as rows ``{"place", "shared", "players": [(name, score)]}``.

    Players who share a place (``result["places"]``, or a group in ``result["ranking"]``) are
    one row, marked shared; a result without places is numbered by its ranking.
    """
    if not result:
        return []
    scores = result.get("scores") or {}
    given = result.get("places") or {}
    rows: list[dict] = []
    for item in result.get("ranking") or sorted(scores):
        names = [item] if isinstance(item, str) else list(item)
        place = given.get(names[0], sum(len(row["players"]) for row in rows) + 1)
        if rows and rows[-1]["place"] == place:
            rows[-1]["players"] += [(name, scores.get(name)) for name in names]
        else:
            rows.append({"place": place, "players": [(name, scores.get(name)) for name in names]})
    for row in rows:
        row["shared"] = len(row["players"]) > 1
    return rows


def outcome(rows: list[dict], player: str | None) -> dict | None:
    """Where ``player`` finished: ``{"place", "of", "shared_with"}`` (None for a non-player)."""
    total = sum(len(row["players"]) for row in rows)
    for row in rows:
        names = [name for name, _score in row["players"]]
        if player in names:
            others = [name for name in names if name != player]
            return {"place": row["place"], "of": total, "shared_with": others}
    return None


@dataclass(frozen=True)
class Thread:
    """Where a mail belongs: its game, the game's root Message-ID, subject and reply address."""

    game_id: int | None
    root: str | None
    subject: str
    reply_to: str
    token: str | None
    in_reply_to: str | None = None


def thread_for(
    settings: Settings,
    game_id: int | None,
    title: str,
    names: Iterable[str],
    token: str | None,
    in_reply_to: str | None = None,
) -> Thread:
    """The thread of game ``game_id`` for the seat holding ``token`` (None: service mail)."""
    names = list(names)
    if game_id is None:
        root, subject = None, title
    else:
        root = f"<game-{game_id}@{settings.domain}>"
        subject = f"[pbem #{game_id}] {title}" + (f" — {', '.join(names)}" if names else "")
    reply_to = settings.reply_address(token) if token else settings.service_address
    return Thread(game_id, root, subject, reply_to, token, in_reply_to)


def _context(kind: str, context: Mapping) -> dict:
    """``context`` checked against :data:`KINDS`, optional keys defaulted to None."""
    if kind not in KINDS:
        raise ValueError(f"unknown mail kind {kind!r}; known: {', '.join(sorted(KINDS))}")
    required, optional = KINDS[kind]
    missing = sorted(required - set(context))
    if missing:
        raise ValueError(f"{kind} mail needs {', '.join(missing)}")
    return {"echo": None, "note": None, **dict.fromkeys(optional), **context}


def _subject(kind: str, thread: Thread, locale: str, values: dict) -> str:
    """The game's stable subject; outside a game ``mail/<kind>.subject.txt`` when there is one."""
    if thread.game_id is None:
        with contextlib.suppress(jinja2.TemplateNotFound):
            return " ".join(render(f"mail/{kind}.subject.txt", locale, **values).split())
    return thread.subject


@lru_cache(maxsize=64)
def about_template(game: str | None) -> str:
    """The game's words for invitations (``mail/<game>/about.txt``), or the empty default
    (looked for once per process: templates are compiled once, too)."""
    own = f"mail/{game}/about.txt"
    return own if game and (TEMPLATES_DIR / own).is_file() else "mail/_about.txt"


def term_for(kind: str | None, language: str):
    """A game's word (a card, a place) as the reader writes it: ``term("river")`` is "río"
    to a Spanish reader; unchanged outside a game."""
    if kind not in engine.names():
        return str
    game = engine.load(kind)
    return lambda text: game.shown(str(text), language)


def compose(
    kind: str,
    to: str,
    context: Mapping,
    thread: Thread,
    settings: Settings,
    locale: str = "en",
    picture=None,
) -> OutgoingMail:
    """The complete mail of ``kind`` to ``to``: text/plain with an HTML alternative."""
    values = _context(kind, context)
    unsubscribe = f"{settings.base_url}/unsubscribe/{thread.token}" if thread.token else None
    ranked = standings(values.get("result")) if kind == "over" else []
    cid = make_msgid(idstring="board", domain=settings.domain) if picture else None
    version = values.get("version")
    values.update(
        locale=locale,
        standings=ranked,
        outcome=outcome(ranked, (values.get("view") or {}).get("you")),
        menu=menu.menu(values.get("legal") or []),
        mailto=lambda command: menu.mailto(thread.reply_to, thread.subject, version, command),
        service_address=settings.service_address,
        reply_address=thread.reply_to,
        unsubscribe_url=unsubscribe,
        page_url=links.page_url(settings, thread.game_id, thread.token)
        if thread.token and thread.game_id is not None
        else None,
        picture_src=f"cid:{cid[1:-1]}" if cid else None,
        form=False,
        about_template=about_template(values.get("game")),
        word=lambda name: commands.word(name, locale.split("_")[0].split("-")[0]),
        term=term_for(values.get("game"), locale.split("_")[0].split("-")[0]),
    )
    text = _BLANK_LINES.sub("\n\n", render(f"mail/{kind}.txt", locale, **values)).strip("\n")
    html = render(f"mail/{kind}.html", locale, **values)

    inline = [Inline(picture.png, "png", cid, "board.png")] if picture is not None else []
    message = OutgoingMail(text + "\n", html, inline)
    message["From"] = f"{SENDER_NAME} <{settings.service_address}>"
    message["To"] = to
    message["Reply-To"] = thread.reply_to
    message["Subject"] = _subject(kind, thread, locale, values)
    message["Date"] = format_datetime(datetime.now(UTC))
    message.set_items(
        "Message-ID", [make_msgid(idstring=f"{kind}.{thread.game_id or 0}", domain=settings.domain)]
    )
    # a Message-ID stored with bytes beyond ASCII cannot be written in a header field, where
    # message ids are never encoded: such a reply is answered outside its thread
    parents = [i for i in (thread.root, thread.in_reply_to) if i and i.isascii()]
    if parents:
        message.set_items("In-Reply-To", parents[-1:])
        message.set_items("References", list(dict.fromkeys(parents)))
    message["Auto-Submitted"] = "auto-replied" if thread.in_reply_to else "auto-generated"
    message["X-PBEM-Loop"] = settings.domain
    if kind == "digest":
        message["Precedence"] = "bulk"
    if thread.game_id is not None:
        message["List-Id"] = f"pbem game {thread.game_id} <game-{thread.game_id}.{settings.domain}>"
    if thread.token:
        message.set_items(
            "List-Unsubscribe",
            [
                f"<{unsubscribe}>,",
                f"<mailto:{thread.reply_to}?subject=unsubscribe&body=unsubscribe>",
            ],
        )
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Content-Language"] = locale.replace("_", "-")
    return message
