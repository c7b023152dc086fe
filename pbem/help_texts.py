"""The help texts: what a player can write, and each game with its options for ``help new``."""

from __future__ import annotations

import engine
from engine.i18n import _
from engine.lexicon import fold
from pbem import deadlines, plans
from pbem.config import Settings
from pbem.mail import commands


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
    if names_new(topic):
        paragraphs += [game_help(name) for name in engine.names()] + [deadlines.options_help()]
    return paragraphs


def names_new(topic: str) -> bool:
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
