"""The walk of one inbound mail, from stored bytes to applied moves and queued answers.

``process`` is the whole path in one transaction: claim the stored mail, classify it, route
and authenticate it, extract the new text, parse the commands, apply them under the game's
row lock, and queue every answer in the outbox. The caller commits, then sends the outbox rows
listed in the returned ids. Read top to bottom: each step is one call.
"""

from __future__ import annotations

import dataclasses
import email
import email.policy
import re
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine.i18n import _, use
from pbem import games, i18n, notify
from pbem.config import Settings
from pbem.mail import commands
from pbem.mail.classify import classify
from pbem.mail.extract import new_text
from pbem.mail.route import authentic, header_values, route, sender
from pbem.models import Game, InboundMail, Player, Seat

SEAT_COMMANDS = {"join", "decline", "status", "help", "rules", "games", "resign", "say",
                 "unsubscribe"}  # fmt: skip
SERVICE_COMMANDS = {"new", "games", "help", "rules", "unsubscribe"}


def process(session: Session, settings: Settings, inbound_id: int) -> list[int]:
    """Handle stored mail ``inbound_id`` once; return the ids of the outbox rows it queued.

    A mail another worker holds is left to it (``SKIP LOCKED``): nobody waits for it.
    """
    claim = select(InboundMail).where(InboundMail.id == inbound_id)
    row = session.scalar(claim.with_for_update(skip_locked=True))
    if row is None or row.status != "pending":
        return []
    session.info["queued"] = []
    message = parse(row.raw)
    row.kind = classify(message)
    if row.kind != "normal":
        row.status = "ignored"  # auto-replies, bounces, lists: recorded, never answered
    else:
        row.status = _handle(session, settings, row, message)
    session.flush()
    return [mail.id for mail in session.info.pop("queued")]


def parse(raw: bytes) -> EmailMessage:
    """The message object of stored bytes; broken MIME is parsed as well as it can be.

    The modern policy gives up on some malformed headers; the old one never does.
    """
    try:
        message = email.message_from_bytes(raw, policy=email.policy.default)
        message.get_body()  # the modern policy fails lazily on broken Content-Type headers
        return message
    except Exception:  # noqa: BLE001 - any parse failure falls back to the lenient policy
        return email.message_from_bytes(raw, policy=email.policy.compat32)


def _handle(session: Session, settings: Settings, row: InboundMail, message: EmailMessage) -> str:
    """Route, authenticate, parse and act; return the inbound row's final status."""
    where = route(session, message, row.envelope_to, settings.domain)
    reply_to = next(iter(header_values(message, "Message-ID")), None)
    from_address = sender(message)
    if where.kind == "unknown":
        if from_address:
            notify.notice(
                session,
                settings,
                from_address,
                _("We could not find your game"),
                [
                    _(
                        "This address does not belong to any game we run. Please reply to the "
                        "latest mail of your game, or write to {service} to start a new one."
                    ).format(service=settings.service_address)
                ],
                in_reply_to=reply_to,
            )
        return "refused"
    text = "unsubscribe" if _asks_to_unsubscribe(message) else new_text(message)
    if where.kind == "service":
        return _service_mail(session, settings, from_address, text, reply_to)
    seat = where.seat
    if not authentic(message, seat):
        row.game_id, row.seat_id = seat.game_id, seat.id
        notify.notice(
            session,
            settings,
            seat.player.address,
            _("A mail for your seat was refused"),
            [
                _(
                    "We received a mail for your seat in game {id} from another address. Nothing "
                    "was applied. If it was you, please write from this address."
                ).format(id=seat.game_id)
            ],
            game=seat.game,
            seat=seat,
            locale=seat.player.locale,
        )
        return "refused"
    game = games.locked(session, seat.game_id)  # first lock, before any write of ours
    row.game_id, row.seat_id = game.id, seat.id
    with use(i18n.translations(seat.player.locale)):
        queued = len(session.info["queued"])
        savepoint = session.begin_nested()
        try:
            _seat_mail(session, settings, game, seat, text, row.id)
            savepoint.commit()
        except games.Refused as refused:
            savepoint.rollback()  # a refused mail applies nothing
            del session.info["queued"][queued:]
            state = engine.load(game.kind).restore(game.state) if game.state else None
            notify.error(
                session, settings, game, seat, state, refused.line, refused.reason, reply_to
            )
            return "refused"
    return "done"


def _asks_to_unsubscribe(message: EmailMessage) -> bool:
    """The mail our List-Unsubscribe ``mailto:...?subject=unsubscribe`` makes: the subject asks,
    whatever the mail client writes in the body."""
    subjects = header_values(message, "Subject")
    return bool(subjects) and subjects[0].lower() == "unsubscribe"


def _seat_mail(session, settings, game: Game, seat: Seat, text: str, inbound_id: int) -> None:
    """A reply to a game mail: check every line first, apply the game lines, then the rest."""
    try:
        parsed = commands.parse(text)
    except commands.CommandError as exc:
        raise games.Refused("", str(exc)) from None
    service = _once_each([line for line in parsed.lines if line.kind == "service"])
    moves = [line.text for line in parsed.lines if line.kind == "game"]
    for line in service:
        if line.name not in SEAT_COMMANDS:
            raise games.Refused(
                line.text,
                _("{command} is sent to {service}, not to a game.").format(
                    command=line.name, service=settings.service_address
                ),
            )
    if not service and not moves:
        raise games.Refused("", _("We found no command in your mail."))
    if moves:
        if game.status == "inviting":
            raise games.Refused(
                moves[0], _("The game has not started yet: reply join to take your seat.")
            )
        played = games.apply(session, settings, game, seat, moves, parsed.guard, inbound_id)
        if played.refused:
            return  # applied up to a draw; the rest is refused, as the mover's mail says
    for line in service:
        _seat_command(session, settings, game, seat, line)


def _once_each(lines: list[commands.Line]) -> list[commands.Line]:
    """Each service command of a mail once, in the order first written; every ``say`` line
    goes into the first one's message. One mail causes one answer of each kind and one relay,
    however many lines repeat them."""
    first: dict[str, commands.Line] = {}
    for line in lines:
        if line.name == "say" and "say" in first:
            joined = f"{first['say'].argument}\n{line.argument}"
            first["say"] = dataclasses.replace(first["say"], argument=joined)
        first.setdefault(line.name, line)
    return list(first.values())


def _seat_command(session, settings, game: Game, seat: Seat, line) -> None:
    """One service command written in a reply to a game mail."""
    try:
        if line.name == "join":
            games.join(session, settings, seat)
        elif line.name == "decline":
            games.decline(session, settings, seat)
        elif line.name == "resign":
            games.resign(session, settings, game, seat)
        elif line.name == "say":
            notify.relay(session, settings, game, seat, line.argument)
        elif line.name == "status" and game.state:
            notify.turn(session, settings, game, seat, engine.load(game.kind).restore(game.state))
        elif line.name == "unsubscribe":
            games.unsubscribe(session, settings, seat.player)
            _unsubscribed(session, settings, seat.player.address)
        else:
            _answer(session, settings, seat.player.address, line.name, game=game, seat=seat)
    except games.GameError as exc:
        raise games.Refused(line.text, str(exc)) from None


def _service_mail(session, settings, address: str, text: str, reply_to: str | None) -> str:
    """A mail to the service address: new games and questions that need no game."""
    if not address:
        return "refused"
    try:
        lines = commands.parse(text).lines
    except commands.CommandError as exc:
        notify.notice(
            session,
            settings,
            address,
            _("We did not understand your mail"),
            [str(exc), service_help(settings)],
            in_reply_to=reply_to,
        )
        return "refused"
    for line in lines:
        if line.name not in SERVICE_COMMANDS:
            notify.notice(
                session,
                settings,
                address,
                _("We did not understand your mail"),
                [
                    _('"{line}" is not something we can do here.').format(line=line.text),
                    service_help(settings),
                ],
                in_reply_to=reply_to,
            )
            return "refused"
    asked = sum(line.name == "new" for line in lines)
    if asked > 1:
        notify.notice(
            session,
            settings,
            address,
            _("Your games were not created"),
            [
                _(
                    "Please ask for one game per mail; this mail asks for {count}. Nothing "
                    "was created."
                ).format(count=asked),
                service_help(settings),
            ],
            in_reply_to=reply_to,
        )
        return "refused"
    lines = _once_each(lines)
    if not lines:
        notify.notice(
            session,
            settings,
            address,
            _("How to play"),
            [service_help(settings)],
            in_reply_to=reply_to,
        )
        return "done"
    for line in lines:
        if line.name == "new":
            try:
                request = commands.parse_new_game(line.argument)
                game = games.create(
                    session,
                    settings,
                    request.game,
                    request.addresses,
                    request.options,
                    creator=address,
                )
            except (commands.CommandError, games.GameError) as exc:
                notify.notice(
                    session,
                    settings,
                    address,
                    _("Your game was not created"),
                    [
                        _('"{line}": {reason}').format(line=line.text, reason=exc),
                        service_help(settings),
                    ],
                    in_reply_to=reply_to,
                )
                return "refused"
            notify.notice(
                session,
                settings,
                address,
                _("Game {id} is waiting for players").format(id=game.id),
                [_("We invited the other players; the game starts when all have joined.")],
                game=game,
                seat=game.seats[0],
                in_reply_to=reply_to,
                news=True,
            )
        elif line.name == "unsubscribe":
            # a From is easily forged: only a seat's secret address may stop a player's games
            notify.notice(
                session,
                settings,
                address,
                _("How to unsubscribe"),
                [
                    _(
                        "Anybody can write a mail in your name, so we stop your mails only when "
                        "you ask from one of your games: reply unsubscribe to any mail of your "
                        "games, or open the link at its end."
                    )
                ],
                in_reply_to=reply_to,
            )
        else:
            _answer(session, settings, address, line.name, argument=line.argument)
    return "done"


def _answer(session, settings, address: str, name: str, game=None, seat=None, argument="") -> None:
    """Answers to ``help``, ``rules`` and ``games``."""
    if name == "rules":
        _rules(session, settings, address, argument, game, seat)
        return
    if name == "games":
        paragraphs = [
            _("Game {id} ({title}): {status}.").format(
                id=s.game_id, title=engine.load(s.game.kind).title, status=s.game.status
            )
            for s in session.scalars(select(Seat).join(Player).where(Player.address == address))
        ] or [_("You are in no game yet.")]
        subject = _("Your games")
    else:
        paragraphs = [service_help(settings)]
        if game is not None and game.state:
            paragraphs.append(
                engine.load(game.kind).help(engine.load(game.kind).restore(game.state), seat.name)
            )
        subject = _("Help")
    notify.notice(session, settings, address, subject, paragraphs, game=game, seat=seat)


def _rules(session, settings, address: str, argument: str, game=None, seat=None) -> None:
    """A short summary of the rules of the game named (``rules stoneage``) or of this mail's
    game, in the player's language; without either, which games there are."""
    if seat is None:
        player = session.scalar(select(Player).where(Player.address == address.lower()))
    else:
        player = seat.player
    locale = player.locale if player else "en"
    named = re.sub(r"[^a-z0-9]", "", argument.lower())
    kind = named if named in engine.names() or game is None else game.kind
    with use(i18n.translations(locale)):
        if kind in engine.names():
            game_engine = engine.load(kind)
            subject = _("The rules of {title}").format(title=game_engine.title)
            paragraphs = game_engine.summary()
        else:
            subject = _("Rules")
            paragraphs = [
                _(
                    "Write rules GAME to {service} for a short summary of its rules (games: {games})."
                ).format(service=settings.service_address, games=", ".join(engine.names()))
            ]
            if kind:
                paragraphs.insert(
                    0,
                    _("There is no game called {name}; we have: {names}.").format(
                        name=argument, names=", ".join(engine.names())
                    ),
                )
    notify.notice(session, settings, address, subject, paragraphs, game, seat, locale=locale)


def _unsubscribed(session, settings, address: str) -> None:
    """The last mail an unsubscribed player gets: what happened, and how to come back."""
    notify.notice(
        session,
        settings,
        address,
        _("You are unsubscribed"),
        [
            _(
                "We will not mail you any more: your running games go on with a bot in your "
                "seat, and nobody can invite you. To play again, write to {service}."
            ).format(service=settings.service_address)
        ],
        news=True,
    )


def service_help(settings: Settings) -> str:
    """What a player can write, in one paragraph."""
    return _(
        "Reply to a game mail with one command per line; lines after a line 'end' are ignored. "
        "Start with '#N' to make sure your commands are only applied at position N. "
        "Besides game commands you may write: join, decline, status, help, rules (a short "
        "summary of the game's rules), games, resign, say TEXT (a message to the other "
        "players). To start a game, write to {service}: new GAME with ADDRESSES (games: "
        "{games}); rules GAME tells you how a game is played."
    ).format(service=settings.service_address, games=", ".join(engine.names()))
