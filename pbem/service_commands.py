"""The commands of a mail to the service address: new games and questions that need no game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine import resemble
from engine.i18n import _
from pbem import games, languages, notify, players
from pbem.common_commands import (
    SETTING_HANDLERS,
    check,
    game_addresses,
    host_waiting,
    list_games,
    once_each,
    read_for_games,
    rules,
)
from pbem.config import Settings
from pbem.help_texts import help_paragraphs, service_help
from pbem.mail import commands
from pbem.models import Player, now


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


@cache
def _game_words() -> resemble.Vocabulary:
    """Names of the games, for telling "Let's play Stone Age" from a greeting (the same for
    every mail: built once)."""
    titles = [word for name in engine.names() for word in resemble.tokens(engine.load(name).title)]
    return resemble.vocabulary(names=[*engine.names(), *titles])


def carry_out(mail: ServiceMail, text: str) -> str:
    """The commands of a mail to the service address, each answered."""
    session, settings, address = mail.session, mail.settings, mail.address
    words = _game_words()
    try:
        parsed = commands.parse(text, lambda line: resemble.resembles(words, line))
    except commands.CommandError as exc:
        mail.notice(_("We did not understand your mail"), [str(exc), service_help(settings)])
        return "refused"
    running = players.running_seats(session, mail.player) if mail.player is not None else []
    moves = None
    if running and any(line.kind == "game" for line in parsed.lines):
        moves = parsed
    elif running and not parsed.lines:
        moves = _game_lines(text, running)
    if moves is not None:  # what the game would read: echoed as read
        notify.echo(session, address, moves.read, moves.set_aside)
        mail.learnt(mail.player)
        _which_game(mail, running)
        return "refused"
    notify.echo(session, address, parsed.read, parsed.set_aside)
    if mail.player is not None:
        mail.learnt(mail.player)
    for line in parsed.lines:
        try:
            check(settings, line, SERVICE_HANDLERS)
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
    for line in once_each(parsed.lines):
        if not SERVICE_HANDLERS[line.name](mail, line):
            return "refused"
    return "done"


def _which_game(mail: ServiceMail, running) -> None:
    """Game commands written to the service address reach no game: its sender (a player, the
    From's owner, who alone gets this answer) is told each game's own address."""
    mail.notice(
        _("Which game?"),
        [
            _(
                "This address is the service's, not a game's, so game commands sent to it do "
                "not reach one. Nothing was applied: please reply to the game's own mail, or "
                "write to its address:"
            ),
            *game_addresses(mail.settings, running),
        ],
    )


def _game_lines(text: str, running) -> commands.Parsed | None:
    """A mail with no service command read as their games would read it, when it holds
    commands of the sender's running games (moves meant for a game's address); else None."""
    try:
        parsed = read_for_games(text, running)
    except commands.CommandError:
        return None
    return parsed if any(line.kind == "game" for line in parsed.lines) else None


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
        host_waiting(game),
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
    rules(mail.session, mail.settings, mail.address, line.argument)
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
    list_games(mail.session, mail.settings, mail.address)
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
