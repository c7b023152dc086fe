"""The service commands of a mail to a seat's address (a reply to a game mail), one handler each."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.orm import Session

import engine
from engine.i18n import _, use
from engine.lexicon import fold
from pbem import games, i18n, languages, notify, plans, players
from pbem.common_commands import SETTING_HANDLERS, host_waiting, list_games, rules, still_to_join
from pbem.config import Settings
from pbem.help_texts import help_paragraphs, names_new
from pbem.mail import commands
from pbem.models import Game, OutboundMail, Player, Seat, now

#: How long an unconfirmed ``resign`` waits for the second one that confirms it.
RESIGN_CONFIRMATION = timedelta(days=7)


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

    def notice(self, subject: str, paragraphs: list[str], **more) -> None:
        """A notice to the player about this game (``more``: notify.notice's other arguments,
        ``game`` and ``seat`` included where it is about another game)."""
        more = {"game": self.game, "seat": self.seat, **more}
        notify.notice(self.session, self.settings, self.player.address, subject, paragraphs, **more)

    def confirm(self) -> None:
        """One answer for all the settings this mail changed."""
        if self.confirmed:
            self.notice(
                _("Your settings"),
                self.confirmed,
                in_reply_to=self.reply_to,
                locale=self.player.language,
                news=True,
            )


def _join(mail: SeatMail, line: commands.Line) -> None:
    games.join(mail.session, mail.settings, mail.seat)
    _still_waiting(mail, mail.game, mail.seat)


def _still_waiting(mail: SeatMail, game: Game, seat: Seat) -> None:
    """The answer to a join that leaves ``game`` waiting for others (a join that starts it is
    answered by the start mail)."""
    if game.status != "inviting":
        return
    mail.notice(
        _("Game {id} is waiting for players").format(id=game.id),
        [
            _(
                "You have taken your seat in game {id}; it starts when all have joined. Still "
                "to join: {names}."
            ).format(id=game.id, names=still_to_join(game))
        ],
        game=game,
        seat=seat,
        locale=seat.player.language,
        news=True,
    )


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
        if mail.game.status == "active":  # else the game ended, and everybody is told so
            mail.notice(
                _("You have left game {id}").format(id=mail.game.id),
                [
                    _(
                        "You have left game {id}: a bot plays your seat from now on, and you "
                        "get no more mail from it."
                    ).format(id=mail.game.id)
                ],
                locale=seat.player.language,
                news=True,
            )
        return
    seat.resign_asked = now()
    mail.notice(
        _("Do you want to leave game {id}?").format(id=mail.game.id),
        [
            _(
                "If you leave, a bot plays your seat for the rest of the game and every player "
                "is told so. To leave, reply resign yes (or resign once more). To stay, do "
                "nothing: your game goes on as before."
            )
        ],
        locale=seat.player.language,
    )


def _say(mail: SeatMail, line: commands.Line) -> None:
    notify.relay(mail.session, mail.settings, mail.game, mail.seat, line.argument)


def _status(mail: SeatMail, line: commands.Line) -> None:
    """The position, with the player's settings and games below it."""
    state = mail.state()
    status = players.status(mail.session, mail.player, now())
    if state is None:
        mail.notice(
            _("Your settings and games"),
            status,
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
        mail.notice(
            _("Your language"),
            [told if line.argument else languages.describe(player)],
            news=bool(line.argument),
        )


def _mute(mail: SeatMail, line: commands.Line) -> None:
    mail.confirmed.append(players.mute(mail.seat, line.name == "mute"))


def _help(mail: SeatMail, line: commands.Line) -> None:
    paragraphs = help_paragraphs(mail.settings, line.argument)
    state = mail.state()
    if state is not None and not names_new(line.argument):
        paragraphs.append(engine.load(mail.game.kind).help(state, mail.seat.name))
    mail.notice(
        _("Help"),
        paragraphs,
    )


def _seat_rules(mail: SeatMail, line: commands.Line) -> None:
    rules(
        mail.session,
        mail.settings,
        mail.seat.player.address,
        line.argument,
        mail.game,
        mail.seat,
    )


def _games(mail: SeatMail, line: commands.Line) -> None:
    list_games(mail.session, mail.settings, mail.seat.player.address, mail.game, mail.seat)


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
    mail.notice(
        _("Your plan"),
        paragraphs,
        locale=seat.player.language,
        news=bool(line.argument),
    )


def _unsubscribe(mail: SeatMail, line: commands.Line) -> None:
    games.unsubscribe(mail.session, mail.settings, mail.seat.player)
    _unsubscribed(mail.session, mail.settings, mail.seat.player.address)


def _rematch(mail: SeatMail, line: commands.Line) -> None:
    again = games.rematch(mail.session, mail.settings, mail.game, mail.seat)
    seat = next(s for s in again.seats if s.player_id == mail.seat.player_id)
    if again.creator_id != mail.player.id:  # another player asked first: this joined it
        _still_waiting(mail, again, seat)
        return
    mail.notice(
        _("Game {id} is waiting for players").format(id=again.id),
        host_waiting(again),
        game=again,
        seat=seat,
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
SEAT_HANDLERS.update(SETTING_HANDLERS)


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
