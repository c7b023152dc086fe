"""The walk of one inbound mail, from stored bytes to applied moves and queued answers.

``process`` is the whole path in one transaction: claim the stored mail, classify it, route
and authenticate it, extract the new text, parse the commands, apply them under the game's
row lock, and queue every answer in the outbox. The caller commits, then sends the outbox rows
listed in the returned ids. Read top to bottom: each step is one call.
"""

from __future__ import annotations

import re
from datetime import datetime
from email.message import EmailMessage

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

import engine
from engine.i18n import _, language, use
from pbem import (
    deadlines,
    games,
    i18n,
    languages,
    notify,
    plans,
    player_commands,
    players,
    service_commands,
)
from pbem.common_commands import check, once_each, read_for_games
from pbem.config import Settings
from pbem.mail import commands, mime
from pbem.mail import language as mail_language
from pbem.mail.classify import classify
from pbem.mail.extract import new_text
from pbem.mail.mime import parse
from pbem.mail.route import authentic, header_values, ours, route, sender
from pbem.models import InboundMail, Move, OutboundMail, Player, Seat, now
from pbem.player_commands import PlayerMail
from pbem.seat_commands import SEAT_HANDLERS, SeatMail
from pbem.service_commands import ServiceMail

#: the stored mail, locked; nobody waits for a mail another worker holds (built once)
_CLAIM = (
    select(InboundMail).where(InboundMail.id == bindparam("id")).with_for_update(skip_locked=True)
)


def process(session: Session, settings: Settings, inbound_id: int) -> list[int]:
    """Handle stored mail ``inbound_id`` once; return the ids of the outbox rows it queued.

    A mail another worker holds is left to it (``SKIP LOCKED``): nobody waits for it.
    """
    row = session.scalar(_CLAIM, {"id": inbound_id})
    if row is None or row.status != "pending":
        return []
    session.info["queued"] = []
    session.info["echo"] = {}
    message = parse(row.raw)
    kind = classify(message)  # auto-replies, bounces, lists: recorded, never answered
    if kind == "normal" and ours(sender(message), settings.domain):
        kind = "loop"  # our own mail come back without its loop header, or a forgery
    status = "ignored" if kind != "normal" else _handle(session, settings, row, message)
    row.kind, row.status = kind, status  # one UPDATE with the status (all or nothing anyway)
    session.flush()
    session.info.pop("echo")
    return [mail.id for mail in session.info.pop("queued")]


def _handle(session: Session, settings: Settings, row: InboundMail, message: EmailMessage) -> str:
    """Route, authenticate, parse and act; return the inbound row's final status."""
    where = route(session, message, row.envelope_to, settings.domain)
    reply_to = next(iter(header_values(message, "Message-ID")), None)
    from_address = sender(message)
    unreadable = mime.unreadable(message)
    text = (
        "" if unreadable else "unsubscribe" if _asks_to_unsubscribe(message) else new_text(message)
    )
    if where.kind == "unknown":
        if from_address:
            with use(i18n.translations(mail_language.guess(message, text))):
                notify.notice(
                    session,
                    settings,
                    from_address,
                    _("We could not find your game"),
                    [
                        _(
                            "This address does not belong to any game we run. Please reply to "
                            "the latest mail of your game, or write to {service} to start a "
                            "new one."
                        ).format(service=settings.service_address)
                    ],
                    in_reply_to=reply_to,
                )
        return "refused"
    if where.kind == "service":
        if unreadable:
            return _unreadable(session, settings, unreadable, from_address, reply_to)
        status = _service_mail(session, settings, message, from_address, text, reply_to)
        players.learn_zone_of(session, from_address, _date(message), now())
        return status
    if where.kind == "player":
        return _player_path(
            session, settings, row, message, from_address, where.player, text, reply_to, unreadable
        )
    return _seat_path(
        session, settings, row, message, from_address, where.seat, text, reply_to, unreadable
    )


def _seat_path(
    session, settings, row, message, from_address, seat: Seat, text, reply_to, unreadable
) -> str:
    """A mail to a seat's address from ``from_address``: authenticate, lock the game, read and
    apply it (``unreadable``: why its text cannot be read, :func:`mime.unreadable`)."""
    if not authentic(from_address, seat):
        row.game_id, row.seat_id = seat.game_id, seat.id
        with use(i18n.translations(seat.player.language)):  # the seat's owner is told
            notify.notice(
                session,
                settings,
                seat.player.address,
                _("A mail for your seat was refused"),
                [
                    _(
                        "We received a mail for your seat in game {id} from another address. "
                        "Nothing was applied. If it was you, please write from this address."
                    ).format(id=seat.game_id)
                ],
                game=seat.game,
                seat=seat,
            )
        return "refused"
    if unreadable:
        row.game_id, row.seat_id = seat.game_id, seat.id
        return _unreadable(session, settings, unreadable, seat.player.address, reply_to, seat)
    game = games.locked(session, seat.game_id)  # first lock, before any write of ours
    deadlines.wrote(seat)  # whoever writes is back: late turns count from zero again
    players.learn_zone(seat.player, _date(message), now())
    guessed = languages.learn(seat.player, message, text)
    status = _read_and_apply(session, settings, row, message, game, seat, text, reply_to, guessed)
    row.game_id, row.seat_id = game.id, seat.id  # written with the status: one UPDATE
    return status


def _read_and_apply(session, settings, row, message, game, seat, text, reply_to, guessed) -> str:
    """Read a seat's mail and apply it in a savepoint: a refused mail applies nothing."""
    with use(i18n.translations(seat.player.language)):
        queued = len(session.info["queued"])
        savepoint = session.begin_nested()
        answered = _answered_mail(session, message, seat)
        mail = SeatMail(session, settings, game, seat, row.id, reply_to, answered)
        try:
            parsed = _read_seat_mail(mail, text)
        except games.Refused as refused:
            _refuse(mail, refused, None)
            return "refused"
        notify.echo(session, seat.player.address, parsed.read, parsed.set_aside)
        if guessed:
            note = languages.guessed_note(seat.player)
            notify.echo_note(session, seat.player.address, note, ignored=False)
        try:
            _seat_mail(mail, parsed)
            savepoint.commit()
        except games.Refused as refused:
            savepoint.rollback()  # a refused mail applies nothing
            del session.info["queued"][queued:]
            _refuse(mail, refused, parsed)
            return "refused"
    return "done"


def _unreadable(
    session, settings, why: str, address: str, reply_to, seat: Seat | None = None, locale="en"
) -> str:
    """Answer a mail whose text cannot be read, ``why`` (:func:`mime.unreadable`), in
    ``locale`` (a seat's: its player's): its headers were enough to know whom."""
    if not address:
        return "refused"
    locale = seat.player.language if seat else locale
    with use(i18n.translations(locale)):
        sentence = (
            _(
                "Your mail has parts nested more than {depth} deep, more than we read, so "
                "nothing of it was applied. Please write your commands as plain text."
            ).format(depth=mime.MAX_DEPTH)
            if why == "too deep"
            else _(
                "Your mail is encrypted, and we cannot read encrypted mail, so nothing of it "
                "was applied. Please send your commands unencrypted; a signed mail is fine."
            )
        )
        notify.notice(
            session,
            settings,
            address,
            _("We could not read your mail"),
            [sentence],
            game=seat.game if seat else None,
            seat=seat,
            in_reply_to=reply_to,
            locale=locale,
        )
    return "refused"


def _date(message: EmailMessage) -> str | None:
    """The mail's Date header, which tells the writer's time zone offset."""
    return next(iter(header_values(message, "Date")), None)


def _asks_to_unsubscribe(message: EmailMessage) -> bool:
    """The mail our List-Unsubscribe ``mailto:...?subject=unsubscribe`` makes: the subject asks,
    whatever the mail client writes in the body."""
    subjects = header_values(message, "Subject")
    return bool(subjects) and subjects[0].lower() == "unsubscribe"


def _read_seat_mail(mail: SeatMail, text: str) -> commands.Parsed:
    """The reply's commands; lines that do not look like one of the game's are set aside."""
    game_engine, state = engine.load(mail.game.kind), mail.state()
    try:
        return commands.parse(
            text,
            lambda line: game_engine.resembles(state, mail.seat.name, line),
            lambda line: game_engine.resembles(None, None, line),
        )
    except commands.CommandError as exc:
        raise games.Refused("", str(exc)) from None


def _seat_mail(mail: SeatMail, parsed: commands.Parsed) -> None:
    """A reply to a game mail: check every line first, apply the game lines, then the rest.

    Game lines after a line ``later`` are the player's plan for their next turns
    (:mod:`pbem.plans`); the lines before it are played now.
    """
    later = next((i for i, line in enumerate(parsed.lines) if line.name == "later"), None)
    now_lines = parsed.lines if later is None else parsed.lines[:later]
    service = [line for line in parsed.lines if line.kind != "game" and line.name != "later"]
    moves = [line.text for line in now_lines if line.kind == "game"]
    plan = _plan(parsed.lines[later + 1 :]) if later is not None else None
    for line in service:
        check(mail.settings, line, SEAT_HANDLERS)
    service_typed = [line.text for line in service]  # each, as named when not carried out
    service = once_each(service)
    if not parsed.lines:
        raise games.Refused("", _("We found no command in your mail."))
    if (moves or plan) and mail.game.status == "inviting":
        raise games.Refused(
            (moves or plan)[0], _("The game has not started yet: reply join to take your seat.")
        )
    if len(moves) > games.MAX_LINES:
        raise games.Refused(
            moves[games.MAX_LINES],
            _(
                "One mail may carry at most {limit} commands for the game, and yours has "
                "{count}: please send the commands of this turn only."
            ).format(limit=games.MAX_LINES, count=len(moves)),
        )
    if moves:
        if parsed.guard is None and _late(mail):
            _answer_late(mail, mail.answered.position, mail.answered.created)
            return
        if _guard_behind(mail, parsed.guard):
            _answer_late(mail, parsed.guard, _shown_since(mail, parsed.guard))
            return
        if parsed.guard in (None, mail.game.version):  # a stale '#N' is refused for it
            moves = _without_idle_turn_ends(mail, moves)
        if not moves and not service and not plan:  # only a 'done' that changed nothing
            notify.turn(mail.session, mail.settings, mail.game, mail.seat, mail.state(), stale=True)
            return
    if moves:
        played = games.apply(
            mail.session,
            mail.settings,
            mail.game,
            mail.seat,
            moves,
            parsed.guard,
            mail.inbound_id,
            plan,
            service_typed,
        )
        if played.refused:
            return  # applied up to a draw; the rest is refused, as the mover's mail says
    elif plan:
        games.write_plan(mail.session, mail.settings, mail.game, mail.seat, plan, parsed.guard)
    for line in service:
        try:
            SEAT_HANDLERS[line.name](mail, line)
        except (games.GameError, players.SettingError) as exc:
            raise games.Refused(line.text, str(exc)) from None
    mail.confirm()


def _plan(lines: list[commands.Line]) -> list[str] | None:
    """The plan written after ``later``: its game lines (None when there are none, and a
    ``later`` without lines changes nothing: "Later," is also how people sign)."""
    written = [line.text for line in lines if line.kind == "game"]
    if not written:
        return None
    try:
        return plans.checked(written)
    except plans.PlanError as exc:
        raise games.Refused(written[0], str(exc)) from None


def _answered_mail(session: Session, message: EmailMessage, seat: Seat) -> OutboundMail | None:
    """Our mail to ``seat`` that ``message`` answers: the one its In-Reply-To names, else the
    newest its References name (None: a fresh mail, a tap-to-play link)."""
    named = [
        item
        for header in ("In-Reply-To", "References")
        for value in header_values(message, header)
        for item in re.findall(r"<[^<>\s]+>", value)
    ]
    if not named:
        return None
    ours = session.scalars(
        select(OutboundMail).where(
            OutboundMail.message_id.in_(named[:50]),
            OutboundMail.game_id == seat.game_id,
            OutboundMail.to_address == seat.player.address,
        )
    ).all()
    by_id = {mail.message_id: mail for mail in ours}
    replied = by_id.get(named[0]) if header_values(message, "In-Reply-To") else None
    return replied or max(ours, key=lambda mail: mail.id, default=None)


def _late(mail: SeatMail) -> bool:
    """Whether the mail answers one of ours that showed an older position than the game's:
    its commands were meant for that position, as if it began with ``#N``."""
    answered = mail.answered
    return answered is not None and answered.position not in (None, mail.game.version)


def _guard_behind(mail: SeatMail, guard: int | None) -> bool:
    """Whether the mail's ``#N`` names a position the running game has left behind (a guard
    ahead of it, or of a game not running, is refused for what it is)."""
    game = mail.game
    return guard is not None and game.status == "active" and 0 < guard < game.version


def _shown_since(mail: SeatMail, position: int) -> datetime | None:
    """When ``position`` was first mailed to the seat's player (None: never)."""
    return mail.session.scalar(
        select(func.min(OutboundMail.created)).where(
            OutboundMail.game_id == mail.game.id,
            OutboundMail.to_address == mail.seat.player.address,
            OutboundMail.position == position,
        )
    )


def _answer_late(mail: SeatMail, position: int, since: datetime | None) -> None:
    """Nothing applied: the player gets the position as it is now, and why (their mail was
    meant for ``position``, mailed to them at ``since``: their moves since are named)."""
    game = mail.game
    own = []
    if since is not None:
        own = mail.session.scalars(
            select(Move.command)
            .where(
                Move.game_id == game.id,
                Move.seat_id == mail.seat.id,
                Move.inbound_id.is_not(None),
                Move.at >= since,
            )
            .order_by(Move.number)
        ).all()
    if mail.answered is not None and mail.answered.position == position:
        note = _(
            "You answered the mail of position #{answered}, but the game is at #{now}: nothing "
            "of your mail was applied. Here is the game as it is now; please send your commands "
            "again."
        ).format(answered=position, now=game.version)
    else:
        note = _(
            "Your mail was written for position #{guard}, but the game is at #{now}: nothing of "
            "it was applied. Here is the game as it is now; please send your commands again."
        ).format(guard=position, now=game.version)
    if own:
        game_engine, lang = engine.load(game.kind), language()
        note += " " + _("Your own {commands} from an earlier mail is already applied.").format(
            commands="; ".join(f"'{game_engine.shown(command, lang)}'" for command in own)
        )
    notify.turn(mail.session, mail.settings, game, mail.seat, mail.state(), note=note, stale=True)


def _without_idle_turn_ends(mail: SeatMail, moves: list[str]) -> list[str]:
    """``moves`` without a ``done`` written after the engine already ended the turn (a note
    says so); a ``done`` that ends the turn giving up actions gets a note saying what was given
    up (none for a ``done`` refused).

    The lines are tried on a copy first; the engine decides everything else when applied.
    """
    game_engine, state, player = engine.load(mail.game.kind), mail.state(), mail.seat.name
    if state is None:
        return moves
    kept: list[str] = []
    for index, line in enumerate(moves):
        ends = game_engine.ends_turn(line)
        if ends and player not in game_engine.to_move(state):
            notify.echo_note(
                mail.session,
                mail.seat.player.address,
                _("'{line}' changed nothing: your turn had already ended.").format(line=line),
            )
            continue
        given_up = game_engine.forfeited(state, player) if ends else ""
        kept.append(line)
        try:
            state = game_engine.play(state, player, line)
        except engine.IllegalMove:
            return kept + moves[index + 1 :]  # refused when applied, with the engine's reason
        if given_up:  # only a 'done' that ends the turn gives anything up
            notify.echo_note(mail.session, mail.seat.player.address, given_up, ignored=False)
    return kept


def _refuse(mail: SeatMail, refused: games.Refused, parsed: commands.Parsed | None) -> None:
    """The refusal of a whole mail: the line (by number when there are several), the reason."""
    number = None
    if parsed is not None and len(parsed.lines) > 1:
        number = next((x.number for x in parsed.lines if x.text == refused.line), None)
    notify.error(
        mail.session,
        mail.settings,
        mail.game,
        mail.seat,
        mail.state(),
        refused.line,
        refused.reason,
        mail.reply_to,
        line_number=number,
        tried_after=refused.tried_after,
    )


def _player_path(
    session, settings, row, message, from_address, player: Player, text: str, reply_to, unreadable
) -> str:
    """A mail to a player's own address (a reply to their digest): their settings, status and
    games. The digest's one-click unsubscribe stops the digest alone. Game commands go to the
    player's game when they have one running; with several, the answer says where each goes.
    """
    if not authentic(from_address, player):
        notify.notice(
            session,
            settings,
            player.address,
            _("A mail for your address was refused"),
            [
                _(
                    "We received a mail for your own pbem address from another address. Nothing "
                    "was applied. If it was you, please write from this address."
                )
            ],
            locale=player.language,
            player_token=player.token,
        )
        return "refused"
    players.learn_zone(player, _date(message), now())
    mail = PlayerMail(session, settings, player, reply_to)
    with use(i18n.translations(player.language)):
        if _asks_to_unsubscribe(message):
            mail.notice(_("Your settings"), [players.set_digest(player, "off", now())], news=True)
            return "done"
        running = players.running_seats(session, player)
        if len(running) == 1:
            seat = running[0][1]
            return _seat_path(
                session, settings, row, message, from_address, seat, text, reply_to, unreadable
            )
        if unreadable:
            return _unreadable(
                session, settings, unreadable, player.address, reply_to, locale=player.language
            )
        try:
            parsed = read_for_games(text, running)
        except commands.CommandError as exc:
            mail.notice(_("We did not understand your mail"), [str(exc)])
            return "refused"
        notify.echo(session, player.address, parsed.read, parsed.set_aside)
        return player_commands.carry_out(mail, parsed, running)


def _service_mail(session, settings, message, address: str, text: str, reply_to) -> str:
    """A mail to the service address: new games and questions that need no game, answered in
    the sender's language (guessed from this mail when not known yet)."""
    if not address:
        return "refused"
    player = session.scalar(select(Player).where(Player.address == address))
    mail = ServiceMail(session, settings, address, reply_to, player=player)
    if player is not None and player.locale:
        mail.locale = player.locale
    else:
        mail.locale, mail.guessed = mail_language.guess(message, text), True
    with use(i18n.translations(mail.locale)):
        return service_commands.carry_out(mail, text)
