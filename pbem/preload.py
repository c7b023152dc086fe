"""What a process would load at its first mails, loaded at once: the worker calls it before it
forks its pool, so that every pool process starts with it (and shares its memory) instead of
each loading it while a player waits: a new process's first turn mail took 134 ms of CPU
against 13 ms for the next ones (the engines' word lists, the templates compiled in the
reader's language, the fonts and the empty boards of the pictures, the locale data).

Nothing here opens a database connection, which a forked process must not inherit.
"""

from __future__ import annotations

from email.message import EmailMessage

import engine
from engine.i18n import use
from engine.lexicon import LANGUAGES
from pbem import i18n, pictures
from pbem.mail import commands
from pbem.mail import language as mail_language


def everything() -> None:
    """Load every game, its words and pictures, and every mail template, in every language,
    and the words that tell a reply's language and its chat from its commands."""
    mail_language.guess(EmailMessage(), "")
    commands.games_vocabulary()
    environment = i18n.mail_environment()
    templates = [name for name in environment.list_templates() if name.startswith("mail/")]
    for language in LANGUAGES:
        with use(i18n.translations(language)):
            for name in templates:
                environment.get_template(name)
            for kind in engine.names():
                _first_position(kind)


def _first_position(kind: str) -> None:
    """The picture and legal commands of a new game of ``kind``, as its first player sees it."""
    game = engine.load(kind)
    players = [f"p{n}" for n in range(game.max_players)]
    state = game.new(players, seed=0, options={})
    for name in game.to_move(state)[:1]:
        game.legal(state, name)
        game.resembles(state, name, "Thanks, see you")  # the words that tell chat from commands
        pictures.picture(kind, game.view(state, name))
