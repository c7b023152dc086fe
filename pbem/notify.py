"""Who is told what: every mail the service writes goes through here into the outbox.

Each mail is built from the recipient's own engine view (never the full state), rendered in
the recipient's locale, and queued in the caller's transaction; it is sent after the commit.
Who hears of a change in a game is decided by :func:`mailed` alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func, select

import engine
from engine.i18n import _, language, use
from pbem import clock, deadlines, i18n, pictures, plans
from pbem.config import Settings
from pbem.db import lock_name
from pbem.mail import compose, outbox
from pbem.mail.outgoing import OutgoingMail
from pbem.models import Game, OutboundMail, Seat, now

log = logging.getLogger(__name__)

# mails nobody asked for by a move: answers that change nothing, and invitations others send
ANSWER_KINDS = ("error", "notice", "invite", "stale")
ANSWER_LIMIT = 20  # of those, per address and hour
MAIL_LEVELS = ("every", "turns", "digest")

#: A sentence of the service's news for one reader, written when their language is chosen.
Note = Callable[[], str]


@dataclass(frozen=True)
class Change:
    """A saved change of a game, as far as who hears of it goes.

    ``waiting``: who is to move now; ``mover``: whose mail made the change (None: start,
    resignation, deadline); ``turn_passed``: who is to move changed; ``everybody``: the game
    started or ended, or something happened that all must hear (a deadline passed);
    ``addressed``: seats the change is about.
    """

    waiting: frozenset[str]
    mover: str | None = None
    turn_passed: bool = True
    everybody: bool = False
    addressed: frozenset[str] = frozenset()


def level(seat: Seat) -> str:
    """How much mail of this game the seat's player wants: the game's own setting (mute is
    "digest"), else the player's."""
    return seat.mail or seat.player.mail


def mailed(level: str, name: str, change: Change) -> bool:
    """Whether seat ``name``, whose player wants ``level`` mail, is mailed about ``change``.

    - Whatever the level: a change about the seat (its deadline passed), and the position a
      mover needs to go on with their turn (the answer to their own mail).
    - ``digest``: nothing else; the digest tells.
    - ``turns``: the start and the end, news everybody must hear, and the position whenever
      they are to move (their turn came, or changed while they think: a reply to an older
      position would be refused).
    - ``every``: also every turn passing, and their own moves.
    """
    if name in change.addressed or (name == change.mover and name in change.waiting):
        return True
    if level == "digest":
        return False
    if change.everybody or name in change.waiting:
        return True
    return level == "every" and (change.turn_passed or name == change.mover)


def thread(settings: Settings, game: Game, seat: Seat | None, in_reply_to: str | None = None):
    """The mail thread of ``game`` as seen by ``seat`` (its secret reply address)."""
    title = engine.load(game.kind).title
    names = [s.name for s in game.seats]
    token = seat.token if seat else None
    return compose.thread_for(settings, game.id, title, names, token, in_reply_to=in_reply_to)


def answers_left(session, to: str) -> int:
    """How many more refusals, notices and invitations ``to`` may get this hour.

    Counted under a lock on the address, held until the commit: a worker mailing it at the
    same time counts what this transaction queues.
    """
    lock_name(session, f"answers to {to}")
    return ANSWER_LIMIT - _answers_lately(session, to)


def _answers_lately(session, to: str) -> int:
    """Refusals, notices and invitations queued for ``to`` within the last hour."""
    return session.scalar(
        select(func.count())
        .select_from(OutboundMail)
        .where(
            OutboundMail.to_address == to,
            OutboundMail.kind.in_(ANSWER_KINDS),
            OutboundMail.created > now() - timedelta(hours=1),
        )
    )


def _answer_budget(session, to: str) -> tuple[bool, str | None]:
    """May ``to`` get one more answer that changes nothing (a refusal, a notice), and if it is
    the last one this hour, the sentence that says so.

    At most ``ANSWER_LIMIT`` such answers an hour go to one address: a broken auto-responder
    answering our answers can never make a loop, and a person is told when the answers stop.
    """
    left = answers_left(session, to)
    if left <= 0:
        log.warning("not answering %s again this hour", to)
        return False, None
    if left == 1:
        return True, _(
            "This is the last answer to a mistake you get from us this hour; mistakes in the "
            "next hour go unanswered (moves that work are always answered)."
        )
    return True, None


def echo(session, address: str, read: list[str], set_aside: list[str]) -> None:
    """Remember what was read in ``address``'s mail, for every answer to it in this
    transaction: "I read: join. I left aside: Thanks, Bob" (``mail/_echo`` partial)."""
    session.info.setdefault("echo", {})[address.lower()] = {
        "read": read,
        "set_aside": set_aside,
        "notes": [],
        "ignored": False,
    }


def echo_note(session, address: str, note: str, ignored: bool = True) -> None:
    """A sentence about how ``address``'s mail was read ("'done' changed nothing: ..."),
    told with the echo in every answer to it. ``ignored``: a line was not carried out as
    written, so the mail is answered whatever the player's mail setting (False: only said
    in an answer they get anyway, as "you gave up two actions")."""
    found = _echo_for(session, address)
    if found is not None:
        found["notes"].append(note)
        found["ignored"] = found["ignored"] or ignored


def read_in_part(session, seat: Seat) -> bool:
    """Whether the mail being answered from ``seat`` was not read quite as written (lines set
    aside, a note on how a line was read): its answer then says so, whatever the player's
    mail setting."""
    echoed = _echo_for(session, seat.player.address)
    return bool(echoed and (echoed["set_aside"] or echoed["ignored"]))


def _echo_for(session, to: str) -> dict | None:
    """What was read in the mail of ``to`` being answered (None: not answering ``to``)."""
    return session.info.get("echo", {}).get(to.lower())


def queue(session, message: OutgoingMail, kind: str, game: Game | None) -> OutboundMail:
    """Queue in the caller's transaction; ``session.info["queued"]`` collects the rows to send."""
    message["X-PBEM-Kind"] = kind
    if game is not None:
        message["X-PBEM-Game"] = str(game.id)
        message["X-PBEM-Position"] = str(game.version)
    if game is None:
        row = outbox.queue(session, message, kind, None)
    else:
        row = outbox.queue(session, message, kind, game.id, game.version)
    session.info.setdefault("queued", []).append(row)
    return row


def told_once(events: list[dict]) -> list[dict]:
    """``events`` without those a later one tells again in more detail (its ``details``: the
    public "dan drew 3 cards" when dan's own "dan drew: ..." follows)."""
    retold = {e["details"] for e in events if "details" in e}
    return [e for e in events if e["n"] not in retold]


def first_sentence(text: str) -> str:
    """The first sentence of ``text``'s first line: what a player has to decide now."""
    line = (text or "").strip().split("\n", 1)[0]
    end = line.find(". ")
    return line if end < 0 else line[: end + 1]


def shown_legal(game_engine, state: dict | None, name: str) -> list[str]:
    """The commands ``name`` may give now, as the reader writes them (their language: the
    active one); the game reads each back as the same command."""
    if state is None:
        return []
    lang = language()
    return [game_engine.shown(command, lang) for command in game_engine.legal(state, name)]


def position(game: Game, state: dict, name: str | None, seen: int) -> tuple[dict, object]:
    """What a mail or page shows of ``state`` to seat ``name`` (None: anybody), events after
    ``seen``: the template context and the picture. Call it in the reader's language."""
    game_engine = engine.load(game.kind)
    view = game_engine.view(state, name)
    new = told_once([e for e in view["log"] if e["n"] > seen])
    legal = shown_legal(game_engine, state, name) if name is not None else []
    help_text = game_engine.help(state, name) if legal else ""
    context = {
        "game": game.kind,
        "game_id": game.id,
        "game_title": game_engine.title,
        "player": name,
        "events": [game_engine.describe(e) for e in new],
        "view": view,
        "your_turn": name in view["to_move"],
        "waiting_for": view["to_move"],
        "legal": legal,
        "help": help_text,
        "decide": first_sentence(help_text),
        "version": game.version,
        "result": view["result"],
        "first": game.version == 1,
        "seat_colours": pictures.seat_colours(view["players"]),
    }
    return context, pictures.picture(game.kind, view)


def changed(
    session,
    settings: Settings,
    game: Game,
    state: dict,
    change: Change,
    notes: dict[str, list[Note]] | None = None,
    refused: dict | None = None,
    note: str | None = None,
) -> None:
    """Mail ``change`` to the seats :func:`mailed` says; ``notes`` adds sentences per seat
    name (``""``: for everybody else); ``refused`` is for the mover and ``note`` for all
    (see :func:`turn`)."""
    notes = notes or {}
    for seat in game.seats:
        seated = seat.status in ("joined", "autopilot") or seat.name in change.addressed
        if seated and mailed(level(seat), seat.name, change):
            mine = notes.get(seat.name, notes.get("", []))
            theirs = refused if seat.name == change.mover else None
            turn(session, settings, game, seat, state, theirs, note, notes=mine)


def turn(
    session,
    settings: Settings,
    game: Game,
    seat: Seat,
    state: dict,
    refused: dict | None = None,
    note: str | Callable[[], str] | None = None,
    stale: bool = False,
    notes: list[Note] = (),
    kind: str | None = None,
    status: list[str] | None = None,
) -> OutboundMail | None:
    """The position after a change, for one seat: what happened, the board, what to type.

    ``refused`` (for the mover of a mail applied in part): the lines ``applied``, the refused
    ``line`` and its ``reason``, and the lines ``set_aside``. ``note``: a sentence on top
    (a player left, a late reply), or a function writing it, called in the reader's language
    (a note for several readers), and so are ``notes`` (a deadline passed). ``stale``: the
    answer to a late reply, which changed nothing (it counts against the answers to mistakes).
    ``kind`` names the outbox row when it is not a plain turn mail ("reminder"); ``status``
    (the answer to ``status``): the reader's settings and games.
    """
    locale = seat.player.language
    with use(i18n.translations(locale)):
        if callable(note):
            note = note()
        if stale:
            allowed, last_note = _answer_budget(session, seat.player.address)
            if not allowed:
                return None
            note = "\n\n".join(n for n in (note, last_note) if n)
        context, picture = position(game, state, seat.name, seat.seen)
        context["refused"] = refused
        context["echo"] = _echo_for(session, seat.player.address)
        context["note"] = "\n\n".join(n for n in (note, *(write() for write in notes)) if n) or None
        context["timing"] = timing(game, seat, context["waiting_for"])
        context["status"] = status
        context["plan"] = plans.shown(seat) if seat.plan else None  # its owner's, nobody else's
    view, result = context["view"], context["result"]
    if view["log"]:
        seat.seen = view["log"][-1]["n"]
    template = "over" if result is not None else "turn"
    message = compose.compose(
        template,
        seat.player.address,
        context,
        thread(settings, game, seat),
        settings,
        locale,
        picture=picture,
    )
    return queue(session, message, "stale" if stale else kind or template, game)


def timing(game: Game, reader: Seat, waiting: list[str]) -> list[str]:
    """The deadlines of who is to move and who of them is away, in the reader's zone."""
    zone_name = reader.player.timezone or "UTC"
    locale = reader.player.language
    lines = []
    for seat in game.seats:
        if seat.name not in waiting:
            continue
        if seat.deadline is not None:
            when = clock.moment(seat.deadline, zone_name, locale)
            if seat.id == reader.id:
                lines.append(
                    _("Please move by {moment} ({zone}).").format(
                        moment=when, zone=clock.zone_label(zone_name)
                    )
                )
                lines.append(deadlines.consequence(game))
            else:
                lines.append(
                    _("{name} has until {moment} ({zone}) to move.").format(
                        name=seat.name, moment=when, zone=clock.zone_label(zone_name)
                    )
                )
        away = seat.player.away_until
        if away is not None and away > now() and seat.id != reader.id:
            lines.append(
                _("{name} is away until {day}: their time is paused.").format(
                    name=seat.name, day=clock.day(away, zone_name, locale)
                )
            )
    return lines


def error(
    session,
    settings: Settings,
    game: Game,
    seat: Seat,
    state: dict | None,
    line: str,
    reason: str,
    in_reply_to: str | None,
    line_number: int | None = None,
    tried_after: int = 0,
) -> OutboundMail | None:
    """A refused mail: the line that failed (and its number in a mail of several), why, and
    what is legal now (nothing was applied); ``tried_after``: game lines above it were played
    first (:class:`pbem.games.Refused`), which the mail says."""
    game_engine = engine.load(game.kind)
    with use(i18n.translations(seat.player.language)):
        allowed, last_note = _answer_budget(session, seat.player.address)
        if not allowed:
            return None
        legal = shown_legal(game_engine, state, seat.name)
        context = {
            "game": game.kind,
            "game_id": game.id,
            "game_title": game_engine.title,
            "line": line,
            "line_number": line_number,
            "tried_after": tried_after,
            "reason": reason,
            "legal": legal,
            "help": game_engine.help(state, seat.name) if legal else "",
            "version": game.version,
            "last_answer": last_note,
            "echo": _echo_for(session, seat.player.address),
        }
    message = compose.compose(
        "error",
        seat.player.address,
        context,
        thread(settings, game, seat, in_reply_to),
        settings,
        seat.player.language,
    )
    return queue(session, message, "error", game)


def invited_locale(game: Game, seat: Seat) -> str:
    """The language ``seat``'s player reads ``game``'s mail in: theirs, or for a player we know
    nothing of yet, the inviter's (their invitation was written in it)."""
    joined = [s.player.locale for s in game.seats if s.status == "joined" and s.player.locale]
    return seat.player.locale or next(iter(joined), "en")


def invite(
    session, settings: Settings, game: Game, seat: Seat, inviter: str | None
) -> OutboundMail:
    """Ask one invited player to join (or decline), in their language; a player we know
    nothing of yet reads the inviter's."""
    game_engine = engine.load(game.kind)
    locale = invited_locale(game, seat)
    context = {
        "game": game.kind,
        "game_id": game.id,
        "game_title": game_engine.title,
        "inviter": inviter or "",
        "player": seat.name,
        "players": [s.name for s in game.seats],
        "options": dict(game.options or {}),
    }
    message = compose.compose(
        "invite", seat.player.address, context, thread(settings, game, seat), settings, locale
    )
    return queue(session, message, "invite", game)


def relay(session, settings: Settings, game: Game, sender: Seat, text: str) -> list[OutboundMail]:
    """A ``say`` message to every other seated player, addresses never shown."""
    rows = []
    for seat in game.seats:
        if seat.id == sender.id or seat.status not in ("joined", "invited"):
            continue
        if level(seat) == "digest":
            continue  # they asked for the digest only
        context = {
            "game_id": game.id,
            "game_title": engine.load(game.kind).title,
            "from_name": sender.name,
            "text": text,
        }
        message = compose.compose(
            "relay",
            seat.player.address,
            context,
            thread(settings, game, seat),
            settings,
            seat.player.language,
        )
        rows.append(queue(session, message, "relay", game))
    return rows


def notice(
    session,
    settings: Settings,
    to: str,
    subject: str,
    paragraphs: list[str],
    game: Game | None = None,
    seat: Seat | None = None,
    in_reply_to: str | None = None,
    locale: str | None = None,
    news: bool = False,
    player_token: str | None = None,
) -> OutboundMail | None:
    """A short message: answers to service commands, warnings, polite refusals.

    ``news`` tells of a real change (a game called off or waiting for players, an
    unsubscription, a setting changed): it is always sent, and does not count as an answer
    to a mistake. The mail is in ``locale``, by default the active catalogue's language: the
    one its ``subject`` and ``paragraphs`` were written in (write them in the recipient's).
    ``player_token`` (outside a game) makes the player's own address the reply address, as
    the digest's is.
    """
    locale = locale or language()
    if not news:
        with use(i18n.translations(locale)):
            allowed, last_note = _answer_budget(session, to)
        if not allowed:
            return None
        paragraphs = [*paragraphs, last_note] if last_note else paragraphs
    if game is not None:
        mail_thread = thread(settings, game, seat, in_reply_to)
    else:
        mail_thread = compose.thread_for(
            settings, None, "pbem", [], player_token, in_reply_to=in_reply_to
        )
    context = {"subject": subject, "paragraphs": paragraphs, "echo": _echo_for(session, to)}
    message = compose.compose("notice", to, context, mail_thread, settings, locale)
    return queue(session, message, "news" if news else "notice", game)
