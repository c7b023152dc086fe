"""The commands of a mail to a player's own address (the digest's reply address)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from engine.i18n import _
from pbem import games, notify, players
from pbem.common_commands import SETTING_HANDLERS, check, game_addresses, list_games, once_each
from pbem.config import Settings
from pbem.help_texts import help_paragraphs
from pbem.mail import commands
from pbem.models import Player, now


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


def carry_out(mail: PlayerMail, parsed: commands.Parsed, running) -> str:
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
                *game_addresses(mail.settings, running),
            ],
        )
        return "refused"
    if not parsed.lines:
        mail.notice(_("Your settings and games"), players.status(mail.session, mail.player, now()))
        return "done"
    savepoint = mail.session.begin_nested()
    queued = len(mail.session.info["queued"])
    for line in once_each(parsed.lines):
        try:
            check(mail.settings, line, PLAYER_HANDLERS)
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
    list_games(mail.session, mail.settings, mail.player.address)


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
