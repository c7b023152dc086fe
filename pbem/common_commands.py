"""What the commands of every kind of mail share: the checks of a mail's command lines, the
player's settings, and the answers to ``games`` and ``rules``."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from sqlalchemy import select

import engine
from engine.i18n import _
from pbem import games, notify, players
from pbem.config import Settings
from pbem.mail import commands
from pbem.models import Player, Seat, now


def read_for_games(text: str, running: list[tuple]) -> commands.Parsed:
    """``text`` read as the sender's running games (``(game, seat)`` pairs) would read it: a
    line is a game's when one of them takes it for one of its commands. Raises
    :class:`commands.CommandError` as :func:`commands.parse` does."""
    states = [(seat, engine.load(game.kind), game) for game, seat in running]
    return commands.parse(
        text,
        lambda line: any(
            kind.resembles(kind.restore(game.state), seat.name, line) for seat, kind, game in states
        ),
        lambda line: any(kind.resembles(None, None, line) for _, kind, _ in states),
    )


def game_addresses(settings: Settings, running: list[tuple]) -> list[str]:
    """One line for each running game (``(game, seat)`` pairs): its number, its title and the
    seat's own reply address, where its commands go."""
    return [
        _("Game {id} ({title}): {address}").format(
            id=game.id,
            title=engine.load(game.kind).title,
            address=settings.reply_address(seat.token),
        )
        for game, seat in running
    ]


def once_each(lines: list[commands.Line]) -> list[commands.Line]:
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


def check(settings: Settings, line: commands.Line, handlers: dict) -> None:
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


def still_to_join(game) -> str:
    """The names of ``game``'s seats not taken yet, listed."""
    return ", ".join(s.name for s in game.seats if s.status != "joined")


def host_waiting(game) -> list[str]:
    """What the host of ``game``, waiting for players, is told: whom it waits for, and how to
    call it off."""
    return [
        _("We invited {names}; the game starts when all have joined.").format(
            names=still_to_join(game)
        ),
        _("To call the game off, reply decline."),
    ]


# -- a player's settings, from a game mail or their own address ---------------------------------


def _setting(mail, line: commands.Line) -> None:
    """``mail turns``, ``digest daily 7:30``, ``away until 24.12.2026``, ...: the player's
    setting changed (players.change); one answer confirms all the mail changed."""
    told = players.change(mail.session, mail.settings, mail.player, line.name, line.argument, now())
    mail.confirmed.append(told)


SETTING_HANDLERS: dict[str, Callable] = dict.fromkeys(players.SETTINGS, _setting)


def list_games(session, settings, address: str, game=None, seat=None) -> None:
    """The answer to ``games``: every game of ``address`` and how it stands."""
    paragraphs = [
        _("Game {id} ({title}): {status}.").format(
            id=s.game_id, title=engine.load(s.game.kind).title, status=games.status_words(s.game)
        )
        for s in session.scalars(select(Seat).join(Player).where(Player.address == address))
    ] or [_("You are in no game yet.")]
    notify.notice(session, settings, address, _("Your games"), paragraphs, game=game, seat=seat)


def rules(session, settings, address: str, argument: str, game=None, seat=None) -> None:
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
