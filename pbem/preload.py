"""What a process would load at its first mails, loaded at once: the worker calls it before it
forks its pool, so that every pool process starts with it (and shares its memory) instead of
each loading it while a player waits: a new process's first turn mail took 134 ms of CPU
against 13 ms for the next ones (the engines' word lists, the templates compiled in the
reader's language, the fonts and the empty boards of the pictures).

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
    views = [(kind, _first_view(kind)) for kind in engine.names()]
    environment = i18n.mail_environment()
    templates = [name for name in environment.list_templates() if name.startswith("mail/")]
    for language in LANGUAGES:
        with use(i18n.translations(language)):
            for name in templates:
                environment.get_template(name)
            for kind, view in views:
                pictures.picture(kind, view)  # its words are the reader's language


def _first_view(kind: str) -> dict:
    """What the first player of a new game of ``kind`` sees, the game's words loaded."""
    game = engine.load(kind)
    state = game.new([f"p{n}" for n in range(game.max_players)], seed=0, options={})
    name = game.to_move(state)[0]
    game.legal(state, name)
    game.resembles(state, name, "Thanks, see you")  # the words that tell chat from commands
    return game.view(state, name)
