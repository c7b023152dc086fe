"""Which language a first mail is written in: Content-Language, the attribution line above
the quote, and the words of the new text."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem.mail.extract import new_text
from pbem.mail.language import guess, language_of

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.eml"))


def written(language: str, path: Path) -> bool:
    return path.stem.endswith(f"_{language}") or f"_{language}_" in path.stem


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_every_reply_of_the_corpus_is_read_in_its_language(path):
    """Most of them write English commands (our mails taught them), around their own words."""
    message = message_from_bytes(path.read_bytes(), policy=policy.default)
    assert written(guess(message, new_text(message)), path)


def mail(body: str, **headers) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "ann@x.test"
    message.set_content(body)
    for name, value in headers.items():  # after the body: set_content drops Content-*
        message[name.replace("_", "-")] = value
    return message


@pytest.mark.parametrize(
    "body,language",
    [
        ("unirse", "es"),
        ("mitmachen", "de"),
        ("colocar 2 norte\nlisto", "es"),
        ("setzen 3 Wald", "de"),
        ("Olá\n\njoin", "pt"),
        ("join", "en"),
        ("", "en"),
        ("join\n\nEl lun, 2 abr 2012 a las 18:26, pbem escribió:\n> ann invites you", "es"),
        ("join\n\nAm 02.04.2012 um 18:26 schrieb pbem <play@pbem.test>:\n> hi", "de"),
        ("join\n\nEm seg., 2 de abr. de 2012 às 18:26, pbem escreveu:\n> hi", "pt"),
        ("join\n\nOn Mon, Apr 2, 2012 at 6:26 PM pbem wrote:\n> hi", "en"),
    ],
)
def test_the_text_and_the_quote_tell(body, language):
    message = mail(body)
    assert guess(message, new_text(message)) == language


def test_content_language_tells_most():
    message = mail("join\n\nHallo", Content_Language="pt-BR")
    assert guess(message, new_text(message)) == "pt"
    assert language_of("de-DE, en-US") == "de"
    assert language_of("fr, it") is None


def test_addresses_and_links_are_no_words_of_a_language():
    """'y' is Spanish for 'and', but not in a@y.test (found when Spanish mails came)."""
    assert (
        guess(mail("new honga with a@y.test b@y.test"), "new honga with a@y.test b@y.test") == "en"
    )
    text = "nuevo honga con bea@y.test, see https://y.example/y"
    assert guess(mail(text), text) == "es"


@pytest.mark.parametrize(
    ("command", "separator", "language"),
    [
        ("colocar 2 norte", "Mensagem encaminhada", "pt"),
        ("colocar 2 norte", "Mensaje reenviado", "es"),
        ("legen 2 Nord", "Weitergeleitete Nachricht", "de"),
    ],
)
def test_the_line_above_a_forwarded_message_tells(command, separator, language):
    """Gmail writes it in the writer's language and the labels below it in English."""
    body = (
        f"{command}\n\n---------- {separator} ---------\nDe: pbem <play@pbem.test>\n"
        "Date: 2 abr 2012 18:26\nSubject: [pbem #1] HONGA\nTo: <ann@example.org>\n\nYour turn."
    )
    message = mail(body)
    assert guess(message, new_text(message)) == language


@pytest.mark.parametrize(
    ("body", "language"),
    [
        # 'p2e', 'p3s', 's1e': the letters of a short command are no words ('e' is Portuguese
        # for 'and'); 'as' is English as well as Portuguese
        ("Hi,\np2e (as always)\nlure\ndone", "en"),
        ("p2e\ndone", "en"),
        ("s1e\np3s\ndone", "en"),
        ("p2e as always", "en"),
        ("Hi,\np2e again\ndone", "en"),
        # the words around the commands still tell
        ("Olá pessoal,\np2e\ndone\nAbraços", "pt"),
        ("Hola,\np2e\nlisto\nSaludos", "es"),
        ("Moin,\np2e\nfertig\nLG", "de"),
    ],
)
def test_letters_inside_a_command_are_no_words(body, language):
    """A first reply of short commands and a few English words was read as Portuguese, and
    the player got every mail in it from then on."""
    message = mail(body)
    assert guess(message, new_text(message)) == language
