"""The walk of one inbound mail, from stored bytes to applied moves and queued answers.

``process`` is the whole path in one transaction: claim the stored mail, classify it, route
and authenticate it, extract the new text, parse the commands, apply them under the game's
row lock, and queue every answer in the outbox. The caller commits, then sends the outbox rows
listed in the returned ids. Read top to bottom: each step is one call.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine import resemble
from engine.i18n import _, language, use
from engine.lexicon import fold
from pbem import deadlines, games, i18n, languages, notify, plans, players
from pbem.config import Settings
from pbem.mail import commands, mime
from pbem.mail import language as mail_language
from pbem.mail.classify import classify
from pbem.mail.extract import new_text
from pbem.mail.mime import parse
from pbem.mail.route import authentic, header_values, route, sender
from pbem.models import Game, InboundMail, Move, OutboundMail, Player, Seat, now

#: How long an unconfirmed ``resign`` waits for the second one that confirms it.
RESIGN_CONFIRMATION = timedelta(days=7)


def process(session: Session, settings: Settings, inbound_id: int) -> list[int]:
    """Handle stored mail ``inbound_id`` once; return the ids of the outbox rows it queued.

    A mail another worker holds is left to it (``SKIP LOCKED``): nobody waits for it.
    """
    claim = select(InboundMail).where(InboundMail.id == inbound_id)
    row = session.scalar(claim.with_for_update(skip_locked=True))
    if row is None or row.status != "pending":
        return []
    session.info["queued"] = []
    session.info["echo"] = {}
    message = parse(row.raw)
    kind = classify(message)  # auto-replies, bounces, lists: recorded, never answered
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
    unreadable = mime.too_deep(message)
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
            return _unreadable(session, settings, from_address, reply_to)
        status = _service_mail(session, settings, message, from_address, text, reply_to)
        players.learn_zone_of(session, from_address, _date(message), now())
        return status
    if where.kind == "player":
        return _player_path(session, settings, row, message, where.player, text, reply_to)
    return _seat_path(session, settings, row, message, where.seat, text, reply_to)


def _seat_path(session, settings, row, message, seat: Seat, text: str, reply_to) -> str:
    """A mail to a seat's address: authenticate, lock the game, read and apply it."""
    if not authentic(message, seat):
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
    if mime.too_deep(message):
        row.game_id, row.seat_id = seat.game_id, seat.id
        return _unreadable(session, settings, seat.player.address, reply_to, seat)
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


def _unreadable(session, settings, address: str, reply_to, seat: Seat | None = None) -> str:
    """Answer a mail nested too deep to read (its headers were enough to know whom)."""
    if not address:
        return "refused"
    locale = seat.player.language if seat else "en"
    with use(i18n.translations(locale)):
        notify.notice(
            session,
            settings,
            address,
            _("We could not read your mail"),
            [
                _(
                    "Your mail has parts nested more than {depth} deep, more than we read, so "
                    "nothing of it was applied. Please write your commands as plain text."
                ).format(depth=mime.MAX_DEPTH)
            ],
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


@dataclass
class SeatMail:
    """A reply to a game mail being handled: where it belongs and whom to answer."""

    session: Session
    settings: Settings
    game: Game
    seat: Seat
    inbound_id: int
    reply_to: str | None
    answered: OutboundMail | None = None  # our mail this one replies to, if it names one
    confirmed: list[str] = dataclasses.field(default_factory=list)

    @property
    def player(self) -> Player:
        return self.seat.player

    def state(self) -> dict | None:
        """The game's current state (None before it starts)."""
        return games.restored(self.game) if self.game.state else None

    def confirm(self) -> None:
        """One answer for all the settings this mail changed."""
        if self.confirmed:
            notify.notice(
                self.session,
                self.settings,
                self.player.address,
                _("Your settings"),
                self.confirmed,
                game=self.game,
                seat=self.seat,
                in_reply_to=self.reply_to,
                locale=self.player.language,
                news=True,
            )


def _read_seat_mail(mail: SeatMail, text: str) -> commands.Parsed:
    """The reply's commands; lines that do not look like one of the game's are set aside."""
    game_engine, state = engine.load(mail.game.kind), mail.state()
    try:
        return commands.parse(text, lambda line: game_engine.resembles(state, mail.seat.name, line))
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
        _check(mail.settings, line, SEAT_HANDLERS)
    service_typed = [line.text for line in service]  # each, as named when not carried out
    service = _once_each(service)
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
            _answer_late(mail)
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


def _answer_late(mail: SeatMail) -> None:
    """Nothing applied: the player gets the position as it is now, and why."""
    answered, game = mail.answered, mail.game
    own = mail.session.scalars(
        select(Move.command)
        .where(
            Move.game_id == game.id,
            Move.seat_id == mail.seat.id,
            Move.inbound_id.is_not(None),
            Move.at >= answered.created,
        )
        .order_by(Move.number)
    ).all()
    note = _(
        "You answered the mail of position #{answered}, but the game is at #{now}: nothing of "
        "your mail was applied. Here is the game as it is now; please send your commands again."
    ).format(answered=answered.position, now=game.version)
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


def _check(settings: Settings, line: commands.Line, handlers: dict) -> None:
    """Refuse a line that is no command here: mistyped, chat between commands, or a command
    for another address."""
    if line.kind == "mistyped":
        raise games.Refused(
            line.text,
            _("This is not how {command} is written: write {usage} on a line of its own.").format(
                command=line.word, usage=commands.usage(line.name)
            ),
        )
    if line.kind == "chat":
        raise games.Refused(
            line.text,
            _(
                "This line reads like a message, not a command. To write to the other "
                "players, begin the line with say."
            ),
        )
    if line.name not in handlers:
        where = settings.service_address if line.name == "new" else _("a game mail")
        raise games.Refused(
            line.text,
            _("{command} is sent to {service}, not here.").format(command=line.word, service=where),
        )


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


# -- service commands in a reply to a game mail ------------------------------------------------


def _join(mail: SeatMail, line: commands.Line) -> None:
    games.join(mail.session, mail.settings, mail.seat)


def _decline(mail: SeatMail, line: commands.Line) -> None:
    games.decline(mail.session, mail.settings, mail.seat)


def _resign(mail: SeatMail, line: commands.Line) -> None:
    """``resign yes``, or a second ``resign`` within a week, resigns; a first one asks."""
    seat = mail.seat
    asked = seat.resign_asked
    if asked is not None and asked.tzinfo is None:  # SQLite keeps no time zone
        asked = asked.replace(tzinfo=now().tzinfo)
    confirmed = fold(line.argument) in commands.CONFIRMATIONS or (
        asked is not None and now() - asked < RESIGN_CONFIRMATION
    )
    if confirmed or mail.game.status != "active" or seat.status != "joined":
        games.resign(mail.session, mail.settings, mail.game, seat)  # refuses what cannot be
        return
    seat.resign_asked = now()
    notify.notice(
        mail.session,
        mail.settings,
        seat.player.address,
        _("Do you want to leave game {id}?").format(id=mail.game.id),
        [
            _(
                "If you leave, a bot plays your seat for the rest of the game and every player "
                "is told so. To leave, reply resign yes (or resign once more). To stay, do "
                "nothing: your game goes on as before."
            )
        ],
        game=mail.game,
        seat=seat,
        locale=seat.player.language,
    )


def _say(mail: SeatMail, line: commands.Line) -> None:
    notify.relay(mail.session, mail.settings, mail.game, mail.seat, line.argument)


def _status(mail: SeatMail, line: commands.Line) -> None:
    """The position, with the player's settings and games below it."""
    state = mail.state()
    status = players.status(mail.session, mail.player, now())
    if state is None:
        notify.notice(
            mail.session,
            mail.settings,
            mail.player.address,
            _("Your settings and games"),
            status,
            game=mail.game,
            seat=mail.seat,
            locale=mail.player.language,
        )
    else:
        notify.turn(mail.session, mail.settings, mail.game, mail.seat, state, status=status)


def _language(mail: SeatMail, line: commands.Line) -> None:
    """``language es``: the player reads Spanish from now on (this answer already does);
    ``language`` alone says which they read."""
    player = mail.seat.player
    if line.argument:
        try:
            with use(i18n.translations(languages.named(line.argument) or player.language)):
                told = languages.choose(player, line.argument)
        except languages.LanguageError as exc:
            raise games.Refused(line.text, str(exc)) from None
    with use(i18n.translations(player.language)):
        notify.notice(
            mail.session,
            mail.settings,
            player.address,
            _("Your language"),
            [told if line.argument else languages.describe(player)],
            game=mail.game,
            seat=mail.seat,
            news=bool(line.argument),
        )


def _mute(mail: SeatMail, line: commands.Line) -> None:
    mail.confirmed.append(players.mute(mail.seat, line.name == "mute"))


def _help(mail: SeatMail, line: commands.Line) -> None:
    paragraphs = help_paragraphs(mail.settings, line.argument)
    state = mail.state()
    if state is not None and not _names_new(line.argument):
        paragraphs.append(engine.load(mail.game.kind).help(state, mail.seat.name))
    notify.notice(
        mail.session,
        mail.settings,
        mail.seat.player.address,
        _("Help"),
        paragraphs,
        game=mail.game,
        seat=mail.seat,
    )


def _seat_rules(mail: SeatMail, line: commands.Line) -> None:
    _rules(
        mail.session,
        mail.settings,
        mail.seat.player.address,
        line.argument,
        mail.game,
        mail.seat,
    )


def _games(mail: SeatMail, line: commands.Line) -> None:
    _list_games(mail.session, mail.settings, mail.seat.player.address, mail.game, mail.seat)


def _plan_command(mail: SeatMail, line: commands.Line) -> None:
    """``plan``: the player's plan, only to them; ``plan clear`` drops it."""
    seat = mail.seat
    if line.argument:
        seat.plan = []
        paragraphs = [_("Your plan is dropped: you play your next turns by mail again.")]
    elif seat.plan:
        paragraphs = [_("Your plan: {plan}").format(plan=plans.shown(seat))]
        paragraphs.append(plans.how_it_is_played())
    else:
        paragraphs = [_("You have no plan."), plans.how_to_write()]
    notify.notice(
        mail.session,
        mail.settings,
        seat.player.address,
        _("Your plan"),
        paragraphs,
        game=mail.game,
        seat=seat,
        locale=seat.player.language,
        news=bool(line.argument),
    )


def _unsubscribe(mail: SeatMail, line: commands.Line) -> None:
    games.unsubscribe(mail.session, mail.settings, mail.seat.player)
    _unsubscribed(mail.session, mail.settings, mail.seat.player.address)


def _rematch(mail: SeatMail, line: commands.Line) -> None:
    again = games.rematch(mail.session, mail.settings, mail.game, mail.seat)
    notify.notice(
        mail.session,
        mail.settings,
        mail.seat.player.address,
        _("Game {id} is waiting for players").format(id=again.id),
        [_("We invited the other players; the game starts when all have joined.")],
        game=again,
        seat=next(s for s in again.seats if s.player_id == mail.seat.player_id),
        news=True,
    )


#: What each service command does in a reply to a game mail (commands.SERVICE_COMMANDS).
SEAT_HANDLERS: dict[str, Callable[[SeatMail, commands.Line], None]] = {
    "join": _join,
    "decline": _decline,
    "status": _status,
    "help": _help,
    "rules": _seat_rules,
    "games": _games,
    "resign": _resign,
    "say": _say,
    "unsubscribe": _unsubscribe,
    "rematch": _rematch,
    "language": _language,
    "mute": _mute,
    "unmute": _mute,
    "plan": _plan_command,
}


# -- a player's settings, from a game mail or their own address ---------------------------------


def _setting(mail, line: commands.Line) -> None:
    """``mail turns``, ``digest daily 7:30``, ``away until 24.12.2026``, ...: the player's
    setting changed (players.change); one answer confirms all the mail changed."""
    told = players.change(mail.session, mail.settings, mail.player, line.name, line.argument, now())
    mail.confirmed.append(told)


SETTING_HANDLERS: dict[str, Callable] = dict.fromkeys(players.SETTINGS, _setting)
SEAT_HANDLERS.update(SETTING_HANDLERS)


# -- mail to a player's own address (the digest's reply address) ---------------------------------


@dataclass
class PlayerMail:
    """A mail to a player's own address being handled."""

    session: Session
    settings: Settings
    player: Player
    reply_to: str | None
    confirmed: list[str] = dataclasses.field(default_factory=list)

    def notice(self, subject: str, paragraphs: list[str], news: bool = False) -> None:
        notify.notice(
            self.session,
            self.settings,
            self.player.address,
            subject,
            paragraphs,
            in_reply_to=self.reply_to,
            locale=self.player.language,
            news=news,
            player_token=self.player.token,
        )

    def confirm(self) -> None:
        if self.confirmed:
            self.notice(_("Your settings"), self.confirmed, news=True)


def _player_path(session, settings, row, message, player: Player, text: str, reply_to) -> str:
    """A mail to a player's own address (a reply to their digest): their settings, status and
    games. The digest's one-click unsubscribe stops the digest alone. Game commands go to the
    player's game when they have one running; with several, the answer says where each goes.
    """
    if not authentic(message, player):
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
            return _seat_path(session, settings, row, message, running[0][1], text, reply_to)
        states = [(seat, engine.load(game.kind), game) for game, seat in running]
        try:
            parsed = commands.parse(
                text,
                lambda line: any(
                    kind.resembles(kind.restore(game.state), seat.name, line)
                    for seat, kind, game in states
                ),
            )
        except commands.CommandError as exc:
            mail.notice(_("We did not understand your mail"), [str(exc)])
            return "refused"
        notify.echo(session, player.address, parsed.read, parsed.set_aside)
        return _player_commands(mail, parsed, running)


def _player_commands(mail: PlayerMail, parsed: commands.Parsed, running) -> str:
    """Settings, status, help and games; game lines get the addresses of the games."""
    if any(line.kind == "game" for line in parsed.lines):
        mail.notice(
            _("Which game?"),
            [
                _(
                    "A digest covers all your games, so game commands sent to it do not reach "
                    "one. Nothing was applied: please reply to the game's own mail, or write to "
                    "its address:"
                ),
                *[
                    _("Game {id} ({title}): {address}").format(
                        id=game.id,
                        title=engine.load(game.kind).title,
                        address=mail.settings.reply_address(seat.token),
                    )
                    for game, seat in running
                ],
            ],
        )
        return "refused"
    if not parsed.lines:
        mail.notice(_("Your settings and games"), players.status(mail.session, mail.player, now()))
        return "done"
    savepoint = mail.session.begin_nested()
    queued = len(mail.session.info["queued"])
    for line in _once_each(parsed.lines):
        try:
            _check(mail.settings, line, PLAYER_HANDLERS)
            PLAYER_HANDLERS[line.name](mail, line)
        except (games.Refused, players.SettingError) as exc:
            savepoint.rollback()  # a refused mail changes nothing
            del mail.session.info["queued"][queued:]
            reason = exc.reason if isinstance(exc, games.Refused) else str(exc)
            mail.notice(
                _("Your mail was not carried out"),
                [_('"{line}": {reason}').format(line=line.text, reason=reason)],
            )
            return "refused"
    savepoint.commit()
    mail.confirm()
    return "done"


def _player_status(mail: PlayerMail, line: commands.Line) -> None:
    mail.notice(_("Your settings and games"), players.status(mail.session, mail.player, now()))


def _player_help(mail: PlayerMail, line: commands.Line) -> None:
    mail.notice(_("Help"), help_paragraphs(mail.settings, line.argument))


def _player_games(mail: PlayerMail, line: commands.Line) -> None:
    _list_games(mail.session, mail.settings, mail.player.address)


def _digest_off(mail: PlayerMail, line: commands.Line) -> None:
    mail.confirmed.append(players.set_digest(mail.player, "off", now()))


def _in_a_game(mail: PlayerMail, line: commands.Line) -> None:
    raise players.SettingError(
        _("{command} is written in a reply to the game's own mail.").format(command=line.name)
    )


PLAYER_HANDLERS: dict[str, Callable[[PlayerMail, commands.Line], None]] = {
    "status": _player_status,
    "help": _player_help,
    "games": _player_games,
    "mute": _in_a_game,
    "unmute": _in_a_game,
    "later": _in_a_game,
    "plan": _in_a_game,
    "unsubscribe": _digest_off,  # this address is the digest's: it stops the digest alone
    **SETTING_HANDLERS,
}


# -- mail to the service address ----------------------------------------------------------------


@dataclass
class ServiceMail:
    """A mail to the service address being handled: who wrote it and whom to answer."""

    session: Session
    settings: Settings
    address: str
    reply_to: str | None
    locale: str = "en"  # the sender's language, or the guess from this mail
    player: Player | None = None  # None: a stranger until a game makes them a player
    guessed: bool = False  # their language is guessed from this mail (the answer says so)

    def learnt(self, player: Player) -> None:
        """``player`` (the sender) reads the guessed language from now on, as the answer says."""
        if not player.locale:
            player.locale = self.locale
            notify.echo_note(self.session, self.address, languages.guessed_note(player))

    def notice(self, subject: str, paragraphs: list[str], **more) -> None:
        notify.notice(
            self.session,
            self.settings,
            self.address,
            subject,
            paragraphs,
            in_reply_to=self.reply_to,
            **more,
        )


#: Names of the games, for telling "Let's play Stone Age" from a greeting.
def _game_words() -> resemble.Vocabulary:
    titles = [word for name in engine.names() for word in resemble.tokens(engine.load(name).title)]
    return resemble.vocabulary(names=[*engine.names(), *titles])


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
        return _service_commands(mail, text)


def _service_commands(mail: ServiceMail, text: str) -> str:
    """The commands of a mail to the service address, each answered."""
    session, settings, address = mail.session, mail.settings, mail.address
    words = _game_words()
    try:
        parsed = commands.parse(text, lambda line: resemble.resembles(words, line))
    except commands.CommandError as exc:
        mail.notice(_("We did not understand your mail"), [str(exc), service_help(settings)])
        return "refused"
    notify.echo(session, address, parsed.read, parsed.set_aside)
    if mail.player is not None:
        mail.learnt(mail.player)
    for line in parsed.lines:
        try:
            _check(settings, line, SERVICE_HANDLERS)
        except games.Refused as refused:
            mail.notice(
                _("We did not understand your mail"),
                [
                    _('"{line}": {reason}').format(line=line.text, reason=refused.reason),
                    service_help(settings),
                ],
            )
            return "refused"
    asked = sum(line.name == "new" for line in parsed.lines)
    if asked > 1:
        mail.notice(
            _("Your games were not created"),
            [
                _(
                    "Please ask for one game per mail; this mail asks for {count}. Nothing "
                    "was created."
                ).format(count=asked),
                service_help(settings),
            ],
        )
        return "refused"
    if not parsed.lines:
        mail.notice(_("How to play"), [service_help(settings)])
        return "done"
    for line in _once_each(parsed.lines):
        if not SERVICE_HANDLERS[line.name](mail, line):
            return "refused"
    return "done"


def _new(mail: ServiceMail, line: commands.Line) -> bool:
    try:
        request = commands.parse_new_game(line.argument)
        game = games.create(
            mail.session,
            mail.settings,
            request.game,
            request.addresses,
            request.options,
            creator=mail.address,
            creator_locale=mail.locale,
        )
    except (commands.CommandError, games.GameError) as exc:
        mail.notice(
            _("Your game was not created"),
            [
                _('"{line}": {reason}').format(line=line.text, reason=exc),
                service_help(mail.settings),
            ],
        )
        return False
    if mail.guessed and mail.player is None:  # a new player, who reads the guess from now on
        creator = next(s.player for s in game.seats if s.player.address == mail.address)
        notify.echo_note(mail.session, mail.address, languages.guessed_note(creator))
    mail.notice(
        _("Game {id} is waiting for players").format(id=game.id),
        [_("We invited the other players; the game starts when all have joined.")],
        game=game,
        seat=game.seats[0],
        news=True,
    )
    return True


def _service_unsubscribe(mail: ServiceMail, line: commands.Line) -> bool:
    # a From is easily forged: only a seat's secret address may stop a player's games
    mail.notice(
        _("How to unsubscribe"),
        [
            _(
                "Anybody can write a mail in your name, so we stop your mails only when "
                "you ask from one of your games: reply unsubscribe to any mail of your "
                "games, or open the link at its end."
            )
        ],
    )
    return True


def _service_help(mail: ServiceMail, line: commands.Line) -> bool:
    mail.notice(_("Help"), help_paragraphs(mail.settings, line.argument))
    return True


def _service_rules(mail: ServiceMail, line: commands.Line) -> bool:
    _rules(mail.session, mail.settings, mail.address, line.argument)
    return True


def _service_status(mail: ServiceMail, line: commands.Line) -> bool:
    player = mail.session.scalar(select(Player).where(Player.address == mail.address))
    if player is None:
        mail.notice(_("Your settings and games"), [_("You are in no game yet.")])
    else:
        mail.notice(
            _("Your settings and games"),
            players.status(mail.session, player, now()),
            locale=player.language,
        )
    return True


def _service_setting(mail: ServiceMail, line: commands.Line) -> bool:
    # a From is easily forged: settings change only from an address that is the player's own
    mail.notice(
        _("Your settings were not changed"),
        [
            _(
                "Anybody can write a mail in your name, so we change your settings only when "
                "you write from one of your own addresses: reply to a mail of one of your "
                "games, or to your digest, with {line}"
            ).format(line=line.text)
        ],
    )
    return False


def _service_games(mail: ServiceMail, line: commands.Line) -> bool:
    _list_games(mail.session, mail.settings, mail.address)
    return True


#: What each service command does in a mail to the service address; False: stop there.
SERVICE_HANDLERS: dict[str, Callable[[ServiceMail, commands.Line], bool]] = {
    "new": _new,
    "games": _service_games,
    "help": _service_help,
    "rules": _service_rules,
    "unsubscribe": _service_unsubscribe,
    "status": _service_status,
    **dict.fromkeys([*SETTING_HANDLERS, "language"], _service_setting),
}


def _list_games(session, settings, address: str, game=None, seat=None) -> None:
    """The answer to ``games``: every game of ``address`` and how it stands."""
    paragraphs = [
        _("Game {id} ({title}): {status}.").format(
            id=s.game_id, title=engine.load(s.game.kind).title, status=games.status_words(s.game)
        )
        for s in session.scalars(select(Seat).join(Player).where(Player.address == address))
    ] or [_("You are in no game yet.")]
    notify.notice(session, settings, address, _("Your games"), paragraphs, game=game, seat=seat)


def _rules(session, settings, address: str, argument: str, game=None, seat=None) -> None:
    """A short summary of the rules of the game named (``rules stoneage``) or of this mail's
    game, in the player's language (the active one); without either, which games there are."""
    named = re.sub(r"[^a-z0-9]", "", argument.lower())
    kind = named if named in engine.names() or game is None else game.kind
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
    notify.notice(session, settings, address, subject, paragraphs, game, seat)


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
        "players), mute and unmute (this game's mail), and your settings: mail every, turns "
        "or digest; digest weekly monday 18:00, daily 7:30 or off; timezone Europe/Madrid; "
        "name Ana; away until 2026-12-24; back. To start a game, write to {service}: new GAME with ADDRESSES (games: "
        "{games}); rules GAME tells you how a game is played, help new lists their options."
    ).format(service=settings.service_address, games=", ".join(engine.names()))


def help_paragraphs(settings: Settings, topic: str = "") -> list[str]:
    """The answer to ``help``: what to write; ``help new`` also lists every game."""
    paragraphs = [service_help(settings), plans.how_to_write()]
    if _names_new(topic):
        paragraphs += [game_help(name) for name in engine.names()] + [deadlines.options_help()]
    return paragraphs


def _names_new(topic: str) -> bool:
    """Whether a ``help`` topic is the command ``new`` (in any language: "help nuevo")."""
    command = commands.SERVICE_WORDS.get(fold(topic))
    return command is not None and command.name == "new"


def game_help(name: str) -> str:
    """One game for ``help new``: its name, players, and every option with its default."""
    game_engine = engine.load(name)
    lines = [
        _("{name}: {title}, {low} to {high} players.").format(
            name=name,
            title=game_engine.title,
            low=game_engine.min_players,
            high=game_engine.max_players,
        )
    ]
    for option_name, option in sorted(game_engine.options.items()):
        default = option.default
        if isinstance(default, bool):
            default = _("yes") if default else _("no")
        lines.append(
            _("  {option}=... {help} (default: {default})").format(
                option=game_engine.option_shown(option_name), help=_(option.help), default=default
            )
        )
    if not game_engine.options:
        lines.append(_("  no options"))
    return "\n".join(lines)
