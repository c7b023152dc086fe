"""new_text(): what the player newly wrote, proven on real clients' mail and on small samples.

The project's own corpus is ``tests/mail/corpus`` (see test_corpus.py), always used. The
real-client corpus in ``shared/corpus`` beside the checkout (or beside its worktree folder)
is used in addition when it is there; CI lays it out and must find it.
"""

from __future__ import annotations

import os
import random
import re
from email import message_from_bytes, message_from_string, policy
from email.message import EmailMessage
from pathlib import Path
from types import SimpleNamespace

import pytest

import engine
from engine.i18n import use
from engine.lexicon import LANGUAGES, fold
from pbem.help_texts import service_help
from pbem.i18n import translations
from pbem.mail import header_labels
from pbem.mail.commands import SERVICE_WORDS
from pbem.mail.commands import parse as read_commands
from pbem.mail.extract import END_WORDS, new_text
from pbem.mail.html_text import html_to_text

REPO_ROOT = Path(__file__).resolve().parents[2]
OWN_CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.eml"))
CORPUS = next(
    (
        folder / "shared" / "corpus" / "replies"
        for folder in REPO_ROOT.parents
        if (folder / "shared" / "corpus" / "replies").is_dir()
    ),
    REPO_ROOT.parent / "shared" / "corpus" / "replies",
)
PLAIN_REPLIES = sorted((CORPUS / "plain").glob("*.eml"))
HTML_REPLIES = sorted((CORPUS / "html").glob("*.html"))

#: Signature lines of the corpus's reply_text files. The corpus keeps them as part of the new
#: text; the product removes signatures, so the expected new text drops them (see below).
CORPUS_SIGNATURE_LINE = re.compile(r"^(Sent from my iPhone|Sent with Sparrow \(.*\))$")


def parse(raw: str | bytes) -> EmailMessage:
    if isinstance(raw, str):
        return message_from_string(raw, policy=policy.default)
    return message_from_bytes(raw, policy=policy.default)


def plain(body: str, charset: str = "utf-8") -> EmailMessage:
    message = EmailMessage()
    message["From"] = "ann@example.org"
    message["Subject"] = "Re: HONGA #12: your turn"
    message.set_content(body, charset=charset)
    return message


def html_only(html: str) -> EmailMessage:
    message = EmailMessage()
    message.set_content(html, subtype="html")
    return message


def without_signature(text: str) -> str:
    """``text`` minus its signature: all from a "-- " line on, and known signature lines."""
    kept = []
    for line in text.splitlines():
        if line.rstrip() == "--":
            break
        if not CORPUS_SIGNATURE_LINE.match(line.strip()):
            kept.append(line.rstrip())
    return "\n".join(kept).strip()


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


# -- the corpus ---------------------------------------------------------------------------------


def test_the_corpora_are_there():
    """Our own corpus always; the shared one wherever it is laid out (on CI it must be)."""
    assert len(OWN_CORPUS) >= 25
    if CORPUS.is_dir() or os.environ.get("CI"):
        assert len(PLAIN_REPLIES) >= 12, f"no corpus in {CORPUS}"
        assert len(HTML_REPLIES) >= 9, f"no corpus in {CORPUS}"


@pytest.mark.parametrize("path", PLAIN_REPLIES, ids=lambda path: path.stem)
def test_corpus_plain_reply(path):
    reply_text = path.with_name(f"{path.stem}_reply_text")
    expected = without_signature(reply_text.read_text()) if reply_text.exists() else "Hello"
    assert new_text(parse(path.read_bytes())) == expected


@pytest.mark.parametrize(
    "path",
    sorted((CORPUS / "plain").glob("*_reply_text")),
    ids=lambda path: path.name,
)
def test_corpus_signature_lines_are_recognized(path):
    """The corpus counts its signature lines as new text; we must recognize and drop them."""
    text = path.read_text()
    assert without_signature(text) != text.strip(), "the file has signature lines"
    assert new_text(plain(text)) == without_signature(text)


@pytest.mark.parametrize("path", HTML_REPLIES, ids=lambda path: path.stem)
def test_corpus_html_reply(path):
    """The lines "Thanks," / "Alex" look like a signature but are not one: they are kept, and
    the text reads as in the mail, a blank line between the paragraphs (Outlook 2010's reply
    has no empty paragraph between them, its reader sees three lines)."""
    text = new_text(html_only(path.read_text()))
    assert squeezed(text) == "Hi.Iamfine.Thanks,Alex"
    blank = "" if path.stem == "ms_outlook_2010" else "\n"
    assert text == f"Hi. I am fine.\n{blank}Thanks,\nAlex"


def html_alternatives() -> list:
    """(file stem, HTML body) of each corpus message that has an HTML alternative."""
    found = []
    for path in PLAIN_REPLIES:
        for part in parse(path.read_bytes()).walk():
            if part.get_content_type() == "text/html":
                found.append(pytest.param(path.stem, part.get_content(), id=path.stem))
    return found


@pytest.mark.parametrize(("stem", "html"), html_alternatives())
def test_corpus_html_alternative_read_alone(stem, html):
    """The HTML alternative says the same as the plain one (except Outlook's, whose HTML
    body in this message is a different text)."""
    expected = "Allo! Follow up MIME!" if stem == "outlook" else "Hello"
    assert new_text(html_only(html)) == expected


# -- quoted history in plain text ---------------------------------------------------------------


def test_quoted_lines_are_dropped_and_inline_answers_kept():
    body = (
        "#12\n"
        "> Your options: place 2 north, lure fish\n"
        "place 2 north\n"
        ">\n"
        "> Anything to say?\n"
        "say good luck\n"
    )
    assert new_text(plain(body)) == "#12\nplace 2 north\nsay good luck"


def test_bottom_posted_answer_below_the_quote():
    body = "On 04/02/2012 06:26 PM, pbem wrote:\n> Your turn.\n> place 2 north\n\nlure fish\n"
    assert new_text(plain(body)) == "lure fish"


@pytest.mark.parametrize(
    "attribution",
    [
        "On Mon, Apr 2, 2012 at 6:26 PM, pbem <game@pbem.example> wrote:",
        "On Apr 3, 2012, at 4:19 PM, pbem wrote:",
        "pbem wrote:",
        "El lun, 2 abr 2012 a las 18:26, pbem (<game@pbem.example>) escribió:",
        "Am 02.04.2012 um 18:26 schrieb pbem <game@pbem.example>:",
        "pbem <game@pbem.example> schrieb am Mo., 2. Apr. 2012, 18:26:",
        "Em seg., 2 de abr. de 2012 às 18:26, pbem <game@pbem.example> escreveu:",
        "Le lun. 2 avr. 2012 à 18:26, pbem <game@pbem.example> a écrit :",
        "Op ma 2 apr. 2012 om 18:26 schreef pbem <game@pbem.example>:",
        "Op 2 apr. 2012 om 18:26 heeft pbem <game@pbem.example> het volgende geschreven:",
        "Il giorno lun 2 apr 2012 alle ore 18:26 pbem <game@pbem.example> ha scritto:",
        "2 апреля 2012 г., 18:26 пользователь pbem <game@pbem.example> написал:",
        "pbem пишет:",
        "Понедельник, 2 апреля 2012, 18:26 +04:00 от pbem <game@pbem.example>:",
        "---- On Mon, 02 Apr 2012 18:26:00 +0200 pbem <game@pbem.example> wrote ----",
        "---- Am Mo, 02 Apr 2012 18:26:00 +0200 schrieb pbem <game@pbem.example> ---",
    ],
)
def test_attribution_lines_before_a_quote(attribution):
    body = f"place 2 north\n\n{attribution}\n\n> Your turn.\n> lure fish\n"
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize(
    "attribution",
    [
        "On Mon, Apr 2, 2012 at 6:26 PM, A Very Long Name Indeed <\ngame@pbem.example> wrote:",
        "On Mon, Apr 2, 2012 at 6:26 PM, A Very Long Name Indeed\n<game@pbem.example> wrote:",
        '02.04.2012 14:20 пользователь "game@pbem.example" <\ngame@pbem.example> написал:',
        "El lun., 2 abr. 2012 a las 18:26, A Very Long Name\n(<game@pbem.example>) escribió:",
        "pbem <game@pbem.example> schrieb am Mo., 2. Apr.\n2012, 18:26:",
        "On Mon, Apr 2, 2012 at 6:26 PM pbem of the Sunday Club\nof Little Whinging <\n"
        "game@pbem.example> wrote:",
    ],
)
def test_attribution_wrapped_over_lines(attribution):
    body = f"place 2 north\n{attribution}\n\n> Your turn.\n"
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize(
    "attribution",
    [
        "Am 02.04.2012 um 18:26 schrieb pbem <game@pbem.example>:",
        "pbem <game@pbem.example> hat am 02.04.2012 18:26 geschrieben:",
        # without a date or an address, our name tells it quotes our mail
        "pbem escribió:",
        "pbem wrote:",
        "Am Montag, 7. Dezember schrieb pbem:",
        "El lunes, pbem escribió:",
        "Em segunda-feira, PBEM escreveu:",
    ],
)
def test_attribution_with_unquoted_history_cuts_everything_after_it(attribution):
    body = f"place 2 north\n\n{attribution}\n\nYour turn. Try: lure fish\n"
    assert new_text(plain(body)) == "place 2 north"


#: Attributions wrapped by a client whose first line begins with a word no other client's
#: does: Apple Mail in Portugal ("A ..."), Yahoo in Spanish ("En lunes, ..."), and one that
#: begins with the writer's name.
WRAPPED_UNKNOWN_OPENERS = [
    "A 2/04/2012, às 18:26, pbem\n<game@pbem.example> escreveu:",
    "En lunes, 2 de abril de 2012 18:26:00 CEST, pbem\n<game@pbem.example> escribió:",
    "Na segunda-feira, 2 de abril de 2012, 18:26:00 BRT, pbem\n<game@pbem.example> escreveu:",
    "Ann Smith, 2. April 2012 um 18:26, im Auftrag von pbem\n<game@pbem.example> schrieb:",
]


@pytest.mark.parametrize("attribution", WRAPPED_UNKNOWN_OPENERS)
@pytest.mark.parametrize("history", ["> Your turn.\n> lure fish\n", "Your turn.\nlure fish\n"])
def test_an_attribution_wrapped_below_its_date_is_cut_whole_whatever_its_first_word(
    attribution, history
):
    """The first line, with the date, was kept as new text below the commands (and shown
    back as set aside): only lines that begin as attributions of known clients were joined."""
    body = f"Hi,\nplace 2 north\ndone\nAnn\n\n{attribution}\n\n{history}"
    assert new_text(plain(body)) == "Hi,\nplace 2 north\ndone\nAnn"


@pytest.mark.parametrize(
    "above",
    [
        "say see you at 18:30",  # a command
        "See you on 2/04/2012.",  # a sentence ends with its mark
        "",  # a blank line between
    ],
)
def test_a_line_with_a_date_above_an_attribution_without_one_is_kept(above):
    body = f"place 2 north\n{above}\npbem <game@pbem.example> wrote:\n\n> Your turn.\n"
    assert new_text(plain(body)) == f"place 2 north\n{above}".rstrip("\n")


@pytest.mark.parametrize("line", ["Here is what I wrote:", "Am Montag schrieb Ann:"])
def test_a_line_like_an_attribution_naming_somebody_else_is_kept(line):
    body = f"{line}\nplace 2 north\ndone\n"
    assert new_text(plain(body)) == f"{line}\nplace 2 north\ndone"


def test_a_command_before_a_wrapped_attribution_is_kept():
    body = "2 hunt\nOn Mon, Apr 2, 2012 at 6:26 PM, pbem <game@pbem.example> wrote:\n> hi\n"
    assert new_text(plain(body)) == "2 hunt"


def test_a_line_above_an_attribution_is_not_taken_for_its_first_line():
    body = "On Monday at 18:00 I play again\nOn Mon, Apr 2, 2012 at 6:26 PM pbem wrote:\n> hi\n"
    assert new_text(plain(body)) == "On Monday at 18:00 I play again"


def test_a_player_line_ending_in_wrote_without_a_quote_is_kept():
    assert new_text(plain("say this is what I wrote:\nplace 2 north\n")) == (
        "say this is what I wrote:\nplace 2 north"
    )


@pytest.mark.parametrize(
    "separator",
    [
        "-----Original Message-----",
        "----- Original Message -----",
        "-------- Mensaje original --------",
        "-----Ursprüngliche Nachricht-----",
        "-------- Mensagem original --------",
        "-------- Message d'origine --------",
        "________________________________",
        "---------- Forwarded message ---------",
        "Begin forwarded message:",
        "Anfang der weitergeleiteten Nachricht:",
    ],
)
def test_separators_cut_the_history(separator):
    body = f"place 2 north\n\n{separator}\nFrom: pbem\nYour turn. lure fish\n"
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize(
    "header_block",
    [
        "From: pbem [mailto:game@pbem.example]\nSent: Monday, April 02, 2012 6:26 PM\n"
        "To: Ann\nSubject: HONGA #12: your turn",
        "*From:* pbem <game@pbem.example>\n*Sent:* Monday, April 2, 2012 6:26 PM\n"
        "*To:* Ann <ann@example.org>\n*Subject:* HONGA #12",
        "Date: Mon, 2 Apr 2012 17:44:22 +0400\nSubject: HONGA #12\nFrom: game@pbem.example\n"
        "To: ann@example.org",
        "Von: pbem <game@pbem.example>\nGesendet: Montag, 2. April 2012 18:26\n"
        "An: Ann\nBetreff: HONGA #12",
        "De: pbem <game@pbem.example>\nEnviado: lunes, 2 de abril de 2012 18:26\n"
        "Para: Ann\nAsunto: HONGA #12",
        "De : pbem\nEnvoyé : lundi 2 avril 2012 18:26\nÀ : Ann\nObjet : HONGA #12",
        "От: pbem\nОтправлено: 2 апреля 2012 г. 18:26\nКому: Ann\nТема: HONGA #12",
    ],
)
def test_outlook_header_blocks_cut_the_history(header_block):
    body = f"place 2 north\n\n{header_block}\n\nYour turn. lure fish\n"
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize("language", sorted(header_labels.LABELS["from"]))
def test_a_header_block_in_every_language_of_the_labels_cuts_the_history(language):
    """Plain text and HTML read the same table (pbem.mail.header_labels): a block of the
    language's labels (English where it has none), begun by its sender or by its date, cuts
    the history below the text and below an HTML border."""
    written = {
        field: labels.get(language, labels["en"]) for field, labels in header_labels.LABELS.items()
    }
    for sent in written["sent"]:
        fields = [
            (written["from"][0], "pbem"),
            (sent, "2 April 2012 18:26"),
            (written["to"][0], "Ann"),
            (written["subject"][0], "HONGA #12"),
        ]
        for block in (fields, [fields[1], fields[3], fields[0], fields[2]]):
            lines = [f"{label.capitalize()}: {value}" for label, value in block]
            text = "place 2 north\n\n" + "\n".join(lines) + "\n\nlure fish"
            assert new_text(plain(text)) == "place 2 north", lines
            html = (
                "<p>place 2 north</p><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p>"
                + "<br>".join(
                    f"<b>{line.split(' ', 1)[0]}</b> {line.split(' ', 1)[1]}" for line in lines
                )
                + "</p></div><p>lure fish</p>"
            )
            assert new_text(html_only(html)) == "place 2 north", html


def test_a_single_header_like_line_is_not_a_header_block():
    assert new_text(plain("To: everybody\nplace 2 north\n")) == "To: everybody\nplace 2 north"


# -- signatures ---------------------------------------------------------------------------------


def test_dash_dash_space_signature_is_dropped():
    body = "place 2 north\n\n-- \nAnn Example\nhttps://ann.example.org\n"
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize(
    "signature",
    [
        "Sent from my iPhone",
        "Sent from my iPad",
        "Sent from my Android",
        "Sent from my Samsung Galaxy smartphone.",
        "Sent from Mail for Windows 10",
        "Sent from Mail for Windows",
        "Sent from Outlook",
        "Get Outlook for iOS",
        "Get Outlook for Android <https://aka.ms/ghei36>",
        "Get BlueMail for Android",
        "Obtener Outlook para iOS",
        "Obter o Outlook para Android",
        "Holen Sie sich Outlook für Android",
        "Sent from Yahoo Mail on Android",
        "Sent from Yahoo Mail for iPhone",
        "Sent with Sparrow (http://www.sparrowmailapp.com/?sig)",
        "Sent via BlackBerry from T-Mobile",
        "Enviado desde mi iPhone",
        "Enviado do meu iPhone",
        "Von meinem iPhone gesendet",
        "Gesendet von meinem iPad",
        "Envoyé de mon iPhone",
        "Inviato da iPhone",
        "Отправлено с iPhone",
        "Enviado a partir do Correio para Windows 10",
        "Enviado via iPhone",
        "Von Yahoo Mail auf Android gesendet",
        "Von Outlook für Android gesendet",
    ],
)
def test_signature_lines_are_dropped(signature):
    assert new_text(plain(f"place 2 north\n\n{signature}\n")) == "place 2 north"


@pytest.mark.parametrize("rule", ["-----", "________", "——————", "–––––"])
def test_a_signature_below_a_rule_is_dropped(rule):
    body = f"Hi,\n\nplace 2 north\ndone\n\n{rule}\nAnn Example\nMountain Games Club\n+44 20 7946"
    assert new_text(plain(body)) == "Hi,\n\nplace 2 north\ndone"
    history = "\n\nOn Mon, Apr 2, 2012 at 6:26 PM pbem <game@pbem.example> wrote:\n> lure fish"
    assert new_text(plain(body + history)) == "Hi,\n\nplace 2 north\ndone"


@pytest.mark.parametrize(
    "body",
    [
        "-----\nAnn Example",  # nothing written above the rule
        "Hi,\n-----\nplace 2 north\ndone",  # commands below it
        "Hi,\n-----\n" + "\n".join(f"line {n}" for n in range(7)),  # too long for a signature
    ],
)
def test_a_rule_above_commands_or_long_text_cuts_nothing(body):
    assert new_text(plain(body)) == body


def test_html_rule_above_a_signature_and_between_lines():
    html = "<div>Hi,</div><hr><div>place 2 north</div><div>done</div><hr><div>Ann Example</div>"
    assert new_text(html_only(html)) == "Hi,\nplace 2 north\ndone"


# -- end ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "end", ["end", "END", "  End  ", "eNd", "fin", "Fin", "Ende", "FIM", " fim "]
)
def test_end_line_stops_reading(end):
    body = f"place 2 north\n{end}\nlure fish\n-- \nAnn\n"
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize("language", LANGUAGES)
def test_end_words_are_no_words_of_a_game_and_the_help_names_them(language):
    """The end word of each language stops no game line (no game reads it, nor a near miss of
    one) and is no service command; the help in that language names it."""
    for word in END_WORDS[language]:
        assert fold(word) not in SERVICE_WORDS
        for name in engine.names():
            assert not engine.load(name).resembles(None, None, word), (name, word)
    with use(translations(language)):
        help_text = service_help(SimpleNamespace(service_address="pbem@pbem.test"))
    assert re.search(rf"[‚„'“]{END_WORDS[language][0]}[‘“'”]", help_text), help_text


def test_end_within_a_line_does_not_stop():
    body = "end turn\nsay the end is near\nplace 2 north\n"
    assert new_text(plain(body)) == body.strip()


def test_end_in_html():
    assert new_text(html_only("<div>place 2 north</div><div>End</div><div>lure</div>")) == (
        "place 2 north"
    )


# -- MIME and charsets --------------------------------------------------------------------------


def test_plain_is_preferred_to_html():
    message = plain("place 2 north\n")
    message.add_alternative("<p>something else</p>", subtype="html")
    assert new_text(message) == "place 2 north"


def test_html_is_used_when_the_plain_part_is_empty():
    message = plain("\n\n")
    message.add_alternative("<p>place 2 north</p>", subtype="html")
    assert new_text(message) == "place 2 north"


@pytest.mark.parametrize(
    "body",
    [
        "<html><body><div>place 2 north</div></body></html>\n",
        "<!doctype html>\n<p>place 2 north</p>\n",
        '<div dir="ltr"><div>place 2 north</div></div>\n',
    ],
)
def test_html_sent_as_plain_text_is_read_as_html(body):
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize(
    "body",
    [
        "<3 see you\nplace 2 north\n",
        "say a < b and c > d\nplace 2 north\n",
        "<b>place 2 north</b> is my move\n",
        "<p> is how you start a paragraph, right?\n",
        "<div>\nplace 2 north\n",
    ],
)
def test_a_players_angle_brackets_in_plain_text_are_text(body):
    assert new_text(plain(body)) == body.strip()


def test_attachments_and_attached_messages_are_not_read():
    message = plain("place 2 north\n")
    message.add_attachment("lure fish\n", filename="notes.txt")
    forwarded = plain("trade 1\n")
    message.attach(forwarded)
    assert new_text(message) == "place 2 north"


@pytest.mark.parametrize("charset", ["iso-8859-1", "latin1", "us-ascii", "no-such-charset"])
def test_quotes_and_dashes_of_windows_1252_under_another_label(charset):
    raw = (
        f"Content-Type: text/plain; charset={charset}\nContent-Transfer-Encoding: 8bit\n\n".encode()
        + "“place 2 north” – Señor\n".encode("windows-1252")
    )
    assert new_text(parse(raw)) == "“place 2 north” – Señor"


def test_declared_charset():
    raw = (
        b"Content-Type: text/plain; charset=iso-8859-1\n"
        b"Content-Transfer-Encoding: 8bit\n\n" + "say ¡Olé, señor!\n".encode("latin-1")
    )
    assert new_text(parse(raw)) == "say ¡Olé, señor!"


def test_unknown_charset_reads_utf8():
    raw = b"Content-Type: text/plain; charset=x-unknown\n\n" + "say Grüße\n".encode()
    assert new_text(parse(raw)) == "say Grüße"


def test_unknown_charset_falls_back_to_latin1():
    raw = b"Content-Type: text/plain; charset=x-unknown\n\n" + "say Grüße\n".encode("latin-1")
    assert new_text(parse(raw)) == "say Grüße"


def test_wrongly_declared_ascii_reads_utf8():
    raw = b"Content-Type: text/plain; charset=us-ascii\n\n" + "say Привет\n".encode()
    assert new_text(parse(raw)) == "say Привет"


def test_quoted_printable_and_base64():
    qp = b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nsay Gr=C3=BC=C3=9Fe\n"
    b64 = b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\nc2F5IEdyw7zDn2UK\n"
    assert new_text(parse(qp)) == new_text(parse(b64)) == "say Grüße"


def test_format_flowed_lines_are_joined():
    raw = (
        b"Content-Type: text/plain; charset=utf-8; format=flowed\n\n"
        b"say this is a long message that my mail client \n"
        b"wrapped for me\n"
        b"place 2 north\n"
        b"> quoted and \n"
        b"> flowed\n"
    )
    assert new_text(parse(raw)) == (
        "say this is a long message that my mail client wrapped for me\nplace 2 north"
    )


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\n\n",
        b"Subject: no body\n",
        b"Content-Type: multipart/alternative\n\nplace 2 north\n",
        b'Content-Type: multipart/mixed; boundary="x"\n\n--x\nContent-Type: text/plain\n\nplace',
        b"Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!not base64!!=\n",
        b'Content-Type: text/plain; charset="\xff\xfe"\n\nplace 2 north\n',
        b"Content-Type: text/plain; charset=base64\n\nplace 2 north\n",
        b"Content-Type: text/html\n\n<div><blockquote><p>unclosed <b>tags <![CDATA[ x",
        b"Content-Type: text/html\n\n</div></div></blockquote><blockquote>",
        b"Content-Type: text/html\n\n<!DOCTYPE><html><body>&bogus; &#xD800; &#0; <a href=",
        b"Content-Type: image/png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n",
    ],
)
def test_broken_mime_never_raises(raw):
    assert isinstance(new_text(parse(raw)), str)


def test_multipart_without_boundary_reads_the_body():
    assert new_text(parse(b"Content-Type: multipart/alternative\n\nplace 2 north\n")) == (
        "place 2 north"
    )


def test_mangled_corpus_never_raises():
    randomizer = random.Random(20120402)
    originals = [path.read_bytes() for path in [*OWN_CORPUS, *PLAIN_REPLIES]]
    originals += [b"Content-Type: text/html\n\n" + path.read_bytes() for path in HTML_REPLIES]
    for _ in range(400):
        raw = bytearray(randomizer.choice(originals))
        for _ in range(randomizer.randint(1, 20)):
            position = randomizer.randrange(len(raw))
            raw[position : position + randomizer.randint(0, 30)] = randomizer.randbytes(
                randomizer.randint(0, 5)
            )
        assert isinstance(new_text(parse(bytes(raw))), str)


# -- HTML replies -------------------------------------------------------------------------------


HTML_SAMPLES = {
    "gmail": (
        '<div dir="ltr">place 2 north</div><br><div class="gmail_quote">'
        '<div dir="ltr" class="gmail_attr">Am Mo., 2. Apr. 2012 um 18:26 Uhr schrieb pbem '
        '&lt;<a href="mailto:game@pbem.example">game@pbem.example</a>&gt;:<br></div>'
        '<blockquote class="gmail_quote">Your turn. lure fish</blockquote></div>'
    ),
    "gmail_inline": (
        '<div class="gmail_quote"><div class="gmail_attr">On Mon wrote:</div>'
        '<blockquote class="gmail_quote">What now?</blockquote><div>place 2 north</div>'
        '<blockquote class="gmail_quote">Anything to say?</blockquote></div>'
    ),
    "apple_mail": (
        '<div>place 2 north</div><div><br><blockquote type="cite"><div>On 2 Apr 2012, at '
        "18:26, pbem &lt;game@pbem.example&gt; wrote:</div><div>Your turn. lure fish</div>"
        "</blockquote></div>"
    ),
    "outlook_web": (
        '<div id="divtagdefaultwrapper">place 2 north</div><hr style="display:inline-block">'
        '<div id="divRplyFwdMsg" dir="ltr"><b>From:</b> pbem<br><b>Sent:</b> Monday<br>'
        "<b>To:</b> Ann<br><b>Subject:</b> HONGA #12</div><div>Your turn. lure fish</div>"
    ),
    "outlook_web_appendonsend": (
        '<div>place 2 north</div><div id="appendonsend"></div><hr>'
        "<div><b>De:</b> pbem<br><b>Enviado:</b> lunes<br><b>Para:</b> Ann</div>"
        "<div>Your turn. lure fish</div>"
    ),
    "outlook_message_header": (
        '<p>place 2 north</p><div class="OutlookMessageHeader" lang="en-us">'
        "<hr><font><b>From:</b> pbem</font></div><p>Your turn. lure fish</p>"
    ),
    "outlook_border_top": (
        "<p>place 2 north</p><div style='border:none;border-top:solid #E1E1E1 1.0pt'>"
        "<p><b>Von:</b> pbem<br><b>Gesendet:</b> Montag<br><b>An:</b> Ann</p></div>"
        "<p>Your turn. lure fish</p>"
    ),
    "thunderbird": (
        '<body>place 2 north<br><div class="moz-cite-prefix">Le 02/04/2012 à 18:26, pbem a '
        'écrit&nbsp;:<br></div><blockquote type="cite">Your turn. lure fish</blockquote>'
        "<br></body>"
    ),
    "yahoo": (
        '<div>place 2 north</div><div id="yahoo_quoted_1234" class="yahoo_quoted">'
        "<div>On Monday, April 2, 2012, 6:26 PM, pbem wrote:</div><div><br></div>"
        "<div>Your turn. lure fish</div></div>"
    ),
    "hotmail": (
        '<div dir="ltr">place 2 north<br><br><div><hr id="stopSpelling">Date: Mon<br>'
        "Subject: HONGA<br>From: pbem<br>To: Ann<br><br>Your turn. lure fish</div></div>"
    ),
    "zimbra": '<div>place 2 north<hr id="zwchr"><b>From: </b>pbem<br>Your turn</div>',
    "mail_ru": (
        "<p>place 2 north</p>Понедельник, 2 апреля 2012, 18:26 +04:00 от pbem "
        "&lt;game@pbem.example&gt;:<br><blockquote>Your turn. lure fish</blockquote>"
    ),
    "yandex": (
        '<div>place 2 north</div><div>&nbsp;</div><div>02.04.2012, 18:26, "pbem" '
        "&lt;game@pbem.example&gt;:</div><blockquote><div>Your turn. lure fish</div>"
        "</blockquote>"
    ),
    "gmail_signature": (
        '<div dir="ltr">place 2 north<br>-- <br><div dir="ltr" class="gmail_signature">'
        "Ann Example<br>lure fish</div></div>"
    ),
    "thunderbird_signature": (
        '<body>place 2 north<br><div class="moz-signature">-- <br>Ann<br>lure fish</div></body>'
    ),
    "iphone_signature": "<div>place 2 north</div><div><br></div><div>Sent from my iPhone</div>",
    "outlook_mac_2011": (
        '<div>place 2 north</div><div><br></div><span id="OLK_SRC_BODY_SECTION"><div style="'
        'font-family:Calibri"><span style="font-weight:bold">From: </span>pbem<br><span style="'
        'font-weight:bold">Date: </span>Monday</div><div>Your turn. lure fish</div></span>'
    ),
    "outlook_mac_16": (
        '<div class="elementToProof">place 2 north</div><div id="mail-editor-reference-message-'
        'container"><div class="ms-outlook-mobile-reference-message"><p><b>From: </b>pbem<br>'
        "<b>Date: </b>Monday</p></div><div><p>Your turn. lure fish</p></div></div>"
    ),
    "zoho": (
        '<div>place 2 north<br></div><div class="zmail_extra_hr" style="border-top: 1px solid '
        'rgb(204, 204, 204)"><br></div><div class="zmail_extra"><div id="Zm-_Id_-Sgn1">---- On '
        "Mon, 02 Apr 2012 18:26:00 +0200 <b>pbem &lt;game@pbem.example&gt;</b> wrote ---<br>"
        '</div><blockquote style="margin: 0px;">Your turn. lure fish</blockquote></div>'
    ),
    "spark": (
        '<div name="messageBodySection"><div dir="auto">place 2 north</div></div>'
        '<div name="messageSignatureSection"><br><div class="matchFont">Ann<br>lure fish</div>'
        '</div><div name="messageReplySection">On 2 Apr 2012 at 18:26 +0200, pbem, wrote:<br>'
        "<div>Your turn. lure fish</div></div>"
    ),
    "forwarded": (
        '<div>place 2 north</div><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
        "---------- Forwarded message ---------<br>From: pbem</div>lure fish</div>"
    ),
}


@pytest.mark.parametrize("html", HTML_SAMPLES.values(), ids=HTML_SAMPLES.keys())
def test_html_only_replies(html):
    assert new_text(html_only(html)) == "place 2 north"


def prefixed(html: str, prefix: str) -> str:
    """``html`` with ``prefix`` before each class and id name, as clients rewrite a mail they
    quote or pass on (Outlook on the web and Exchange ``x_``, Gmail ``m_<digits>``)."""
    return re.sub(
        r"""\b(class|id)=(["'])(.*?)\2""",
        lambda found: (
            f"{found[1]}={found[2]}"
            + " ".join(prefix + name for name in found[3].split())
            + found[2]
        ),
        html,
    )


@pytest.mark.parametrize(
    "prefix", ["x_", "x_x_", "m_-8264857279045495165", "m_42", "yiv5736183935", "ecx", "aolmail_"]
)
@pytest.mark.parametrize("html", HTML_SAMPLES.values(), ids=HTML_SAMPLES.keys())
def test_html_markers_are_known_under_the_prefixes_clients_add(html, prefix):
    assert new_text(html_only(prefixed(html, prefix))) == "place 2 north"


@pytest.mark.parametrize("name", ["x_MsoNormal", "gmail-MsoNormal", "ecxMsoNormal"])
def test_word_paragraphs_are_lines_under_a_prefix(name):
    html = f"<p class={name}>Hi,</p><p class={name}>p2n</p><p class={name}>done</p>"
    assert html_to_text(html) == "Hi,\np2n\ndone"


def test_mail_ru_suffixed_markers_are_known():
    html = (
        '<div>place 2 north</div><div class="gmail_signature_mr_css_attr">Ann</div>'
        '<div id="divRplyFwdMsg_mr_css_attr">From: pbem</div><div>lure fish</div>'
    )
    assert new_text(html_only(html)) == "place 2 north"


def test_html_reply_keeps_text_after_a_blockquote():
    html = "<div>On Mon, pbem wrote:</div><blockquote>Your turn.</blockquote><p>lure fish</p>"
    assert new_text(html_only(html)) == "lure fish"


def test_text_indented_with_a_blockquote_is_the_players_own():
    """Gmail's and Apple Mail's "Indent more" is a blockquote without a border: not a quote."""
    html = (
        '<div dir="ltr">Hi,<div><br></div><blockquote style="margin:0px 0px 0px 40px;border:none;'
        'padding:0px"><div>place 2 north</div><div>done</div></blockquote><div><br></div>'
        '<div>Bye</div></div><br><div class="gmail_quote"><div class="gmail_attr">On Mon, Apr 2,'
        ' 2012 at 6:26 PM pbem wrote:</div><blockquote class="gmail_quote" style="margin:0px '
        '0px 0px 0.8ex;border-left:1px solid rgb(204,204,204)">lure fish</blockquote></div>'
    )
    assert new_text(html_only(html)) == "Hi,\n\nplace 2 north\ndone\n\nBye"


def test_a_signature_mark_on_an_empty_element_hides_nothing():
    html = "<p>place 2 north</p><br class='moz-signature'><p>lure fish</p>"
    assert new_text(html_only(html)) == "place 2 north\n\nlure fish"


def test_border_top_box_without_headers_is_kept():
    html = "<p>place 2 north</p><div style='border-top: solid 1px'>lure fish</div>"
    assert new_text(html_only(html)) == "place 2 north\n\nlure fish"


# -- html_to_text -------------------------------------------------------------------------------


def test_html_to_text_blocks_and_breaks():
    html = "<p>one</p><div>two<br>three</div><ul><li>four</li><li>five</li></ul>six"
    assert html_to_text(html) == "one\n\ntwo\nthree\n\n• four\n• five\n\nsix"


@pytest.mark.parametrize(
    ("html", "text"),
    [
        # Thunderbird and Roundcube: paragraphs, a blank line apart; <br> ends a line
        ("<p>Hi,</p><p>p2n<br>done</p><p>Bye</p>", "Hi,\n\np2n\ndone\n\nBye"),
        # Gmail, Apple Mail, Yahoo: a <div> a line, <div><br></div> a blank line
        ("<div>Hi,</div><div><br></div><div>p2n</div><div>done</div>", "Hi,\n\np2n\ndone"),
        # Word (Outlook desktop): paragraphs without margins, an empty one a blank line
        (
            "<p class=MsoNormal>Hi,<o:p></o:p></p><p class=MsoNormal><o:p> </o:p></p>"
            "<p class=MsoNormal>p2n<o:p></o:p></p><p class=MsoNormal>done<o:p></o:p></p>",
            "Hi,\n\np2n\ndone",
        ),
        # Outlook on the web: its style sheet takes the margins off every <p>
        (
            '<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} '
            "</style><p>Hi,</p><p><br></p><p>p2n</p><p>done</p>",
            "Hi,\n\np2n\ndone",
        ),
        # Word's list paragraphs, without its style sheet too; its marker's spaces are one
        (
            "<p class=MsoListParagraphCxSpFirst><span style='mso-list:Ignore'>1.<span>&nbsp;"
            "&nbsp;&nbsp; </span></span>p2n</p><p class=MsoListParagraphCxSpLast>"
            "<span style='mso-list:Ignore'>2.&nbsp;&nbsp;</span>done</p>",
            "1. p2n\n2. done",
        ),
        ('<p style="margin:0">p2n</p><p style="margin-top:0;margin-bottom:0">done</p>', "p2n\ndone"),
        # lists: a blank line around them, an item a line after its marker, a nested list within
        (
            "Hi<ul><li>p2n</li><li>done<ol><li>one</li><li><div>two</div></li></ol></li></ul>Bye",
            "Hi\n\n• p2n\n• done\n1. one\n2. two\n\nBye",
        ),
        # an <ol>'s start and an item's value; bullets by depth, as a browser draws them
        ("<ol start=3><li>p2n<li value=7>done</ol><ul><li>a<ul><li>b<ul><li>c<ul><li>d",
         "3. p2n\n7. done\n\n• a\n◦ b\n▪ c\n▪ d"),
        # an <ol> of any type, and Word's markers by letters, roman numbers and symbol fonts,
        # are numbers and bullets
        ('<ol type="a"><li>p2n<li>done</ol><ol style="list-style-type: upper-roman"><li>x</ol>',
         "1. p2n\n2. done\n\n1. x"),
        ("<p class=MsoListParagraph><span style='mso-list:Ignore'>b.<span>&nbsp;&nbsp; </span>"
         "</span>p2n</p><p class=MsoListParagraph><span style='mso-list:Ignore'>iv)&nbsp;</span>"
         "done</p><p class=MsoListParagraph><span style='mso-list:Ignore'>(c)&nbsp;</span>x</p>"
         "<p class=MsoListParagraph><span style='mso-list:Ignore'>1.2.&nbsp;</span>y</p>",
         "2. p2n\n4) done\n3) x\n2. y"),
        ("<p class=MsoListParagraph><span style='font-family:Symbol'><span style='mso-list:"
         "Ignore'>·<span>&nbsp; </span></span></span>p2n</p><p class=MsoListParagraph><span "
         "style='font-family:\"Courier New\"'><span style='mso-list:Ignore'>o<span>&nbsp; "
         "</span></span></span>done</p><p class=MsoListParagraph><span style='font-family:"
         "Wingdings'><span style='mso-list:Ignore'>§<span>&nbsp; </span></span></span>x</p>",
         "• p2n\n◦ done\n▪ x"),
        # a table signature: a row a line, cells side by side
        ("<div>done</div><table><tr><td>Ann</td><td>Club</td></tr><tr><td>Porto</td></tr></table>",
         "done\nAnn Club\nPorto"),
        ("<h2>Turn</h2>p2n<br><br><br><br>done&nbsp; <br>", "Turn\n\np2n\n\ndone"),
    ],
)  # fmt: skip
def test_html_to_text_reads_as_the_mail_shows(html, text):
    assert html_to_text(html) == text


@pytest.mark.parametrize("kind", ["a", "A", "i", "I", "lower-alpha", "upper-roman"])
def test_commands_in_a_list_by_letters_or_roman_numbers_are_read_without_markers(kind):
    """As a client writes such a list: an <ol> with a type or a list style (Thunderbird,
    Apple Mail), or Word's paragraphs with the markers as text (Outlook)."""
    first, second = ("a.", "b.") if kind.lower() in ("a", "lower-alpha") else ("i.", "ii.")
    if kind.isupper() or kind.startswith("upper"):
        first, second = first.upper(), second.upper()
    attribute = f'type="{kind}"' if len(kind) == 1 else f'style="list-style-type: {kind}"'
    word = "".join(
        f"<p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><![if !supportLists]><span "
        f"style='mso-list:Ignore'>{marker}<span style='font:7.0pt \"Times New Roman\"'>&nbsp;"
        f"&nbsp;&nbsp;&nbsp; </span></span><![endif]>{command}<o:p></o:p></p>"
        for marker, command in ((first, "place 2 north"), (second, "done"))
    )
    for html in (f"<ol {attribute}><li>place 2 north</li><li>done</li></ol>", word):
        assert read_commands(new_text(html_only(html))).read == ["place 2 north", "done"], html


def test_html_to_text_decodes_entities():
    assert html_to_text("<p>Fish &amp; chips &lt;3 &eacute;t&#233; &#x263A;&nbsp;!</p>") == (
        "Fish & chips <3 été ☺ !"
    )


def test_html_to_text_drops_scripts_styles_and_comments():
    html = (
        "<html><head><title>t</title><style>p {color: red}</style></head>"
        "<body><script>alert('x')</script><!-- comment --><p>visible</p></body></html>"
    )
    assert html_to_text(html) == "visible"


def test_html_to_text_collapses_whitespace_but_keeps_pre():
    html = "<p>  lots   of\n   space </p><pre>a  b\n  c</pre>"
    assert html_to_text(html) == "lots of space\n\na  b\nc"


def test_html_to_text_keeps_quotes_as_plain_text():
    assert html_to_text("<p>mine</p><blockquote>theirs</blockquote>") == "mine\n\ntheirs"


def test_lines_quoted_with_a_bar_are_history():
    body = (
        "Am 02.04.2012 um 18:26 schrieb pbem:\n| Your turn.\n|   place 1 north\n\nplace 2 north\n"
    )
    assert new_text(plain(body)) == "place 2 north"


@pytest.mark.parametrize(
    "separator",
    ["------- Original-Nachricht -------", "-------- Mensagem original --------",
     "----- Mensaje reenviado -----", "Início da mensagem encaminhada:"],
)  # fmt: skip
def test_separator_lines_in_every_language_cut_the_history(separator):
    assert new_text(plain(f"p2n\n{separator}\nplace 1 north\n")) == "p2n"


@pytest.mark.parametrize(
    ("html", "text"),
    [
        # a paragraph of a no-break space is how Outlook writes a blank line
        ("<p>Hi,</p><p>&nbsp;</p><p>p2n</p><div><o:p>&nbsp;</o:p></div><p>Ann&nbsp;B.</p>",
         "Hi,\n\np2n\n\nAnn B."),
        # Yahoo's quote container, its class with a random prefix
        ('<div>p2n</div><div class="ydp4ffb0c8byahoo_quoted"><div>place 1 north</div></div>', "p2n"),
    ],
)  # fmt: skip
def test_html_blank_lines_and_quote_containers(html, text):
    assert new_text(html_only(html)) == text


def test_a_named_text_file_is_not_read_whatever_its_disposition():
    message = plain("place 2 north\n")
    message.add_attachment("lure fish\n", filename="notes.txt", disposition="inline")
    assert new_text(message) == "place 2 north"


def test_a_body_that_names_a_file_is_read():
    message = plain("place 2 north\n")
    message.add_header("Content-Disposition", "inline", filename="body.txt")
    message.add_attachment(b"\xff\xd8", maintype="image", subtype="jpeg", filename="a.jpg")
    assert new_text(message) == "place 2 north"


def test_an_inline_clear_signature_leaves_the_text_as_typed():
    text = (
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nplace 2 north\n"
        "- - done\n-----BEGIN PGP SIGNATURE-----\n\niHUEARYIAB0WIQ\n=Xq2c\n"
        "-----END PGP SIGNATURE-----\n"
    )
    assert new_text(plain(text)) == "place 2 north\n- done"


@pytest.mark.parametrize(
    "placeholder",
    ["[image: IMG_0412.jpg]", "[imagen: foto.png]", "[cid:image001.png@01D8C1A2.5E3C1A20]"],
)
def test_a_plain_line_that_stands_for_an_image_is_no_text(placeholder):
    assert new_text(plain(f"Hi,\n{placeholder}\nplace 2 north\n")) == "Hi,\nplace 2 north"


@pytest.mark.parametrize(
    ("to", "cc", "subject"),
    [("To", "cc", "Subject"), ("An", "Kopie", "Thema"), ("Para", "cc", "Asunto")],
)
def test_lotus_notes_bare_labels_end_the_new_text(to, cc, subject):
    body = (
        f"place 2 north\n\nAnn\n\n\n\npbem <game@pbem.example> \n02.04.2012 18:26\n\n{to}\n"
        f"ann@example.org\n{cc}\n\n{subject}\nYour turn\n\n\n\nWhat you may write:\n  lure fish\n"
    )
    assert new_text(plain(body)) == "place 2 north\n\nAnn"


def test_a_line_to_alone_without_a_subject_below_is_the_players():
    assert new_text(plain("To\nplace 2 north\n")) == "To\nplace 2 north"


@pytest.mark.parametrize(
    "hidden",
    [
        '<div style="display:none">place 2 north</div>',
        '<span style="DISPLAY: none !important; max-height:0">place 2 north</span>',
        '<div style="color:red; visibility: hidden">place 2 north</div>',
        "<div style='mso-hide:all'><table><tr><td>place 2 north</td></tr></table></div>",
        "<div hidden>place 2 north</div>",
    ],
)
def test_text_hidden_from_the_reader_of_an_html_reply_is_not_read(hidden):
    """What nobody sees, nobody wrote: a preview line, text a client keeps out of sight."""
    message = EmailMessage()
    message.set_content(f"<div>p1n</div>{hidden}<div>done</div>", subtype="html")
    assert new_text(message) == "p1n\ndone"


def test_visible_styles_are_read():
    message = EmailMessage()
    message.set_content(
        '<div style="display:block">p1n</div><div style="font-display:none-x">done</div>',
        subtype="html",
    )
    assert new_text(message) == "p1n\ndone"


def with_subject(subject: str, body: str = "") -> EmailMessage:
    message = EmailMessage()
    message["From"] = "ann@example.org"
    message["Subject"] = subject
    message.set_content(body)
    return message


@pytest.mark.parametrize(
    ("subject", "read"),
    [
        ("p2n", "p2n"),  # the whole subject typed over: no reply prefix
        ("Place 2 north, done", "Place 2 north, done"),
        ("Re: [pbem #12] p2n, lure, done", "p2n, lure, done"),  # typed after the game's tag
        ("AW: [pbem #12] legen 2 Nord", "legen 2 Nord"),
        ("Re: [pbem #12] HONGA — ann, bob", ""),  # the game's own subject
        ("Re: [pbem #12] Stone Age - ann, bob", ""),
        ("Re: HONGA #12: your turn", ""),  # a reply's subject that is none of ours
        ("", ""),
    ],
)
def test_commands_in_the_subject_of_a_mail_without_a_body(subject, read):
    """Some people type the move in the subject and send no body: it was answered "We found
    no command in your mail". The subject is the new text then, when it is the writer's."""
    assert new_text(with_subject(subject)).strip() == read


def test_the_subject_is_not_read_when_the_body_has_text():
    assert new_text(with_subject("p2n", "lure fish\n")).strip() == "lure fish"
