"""Catalogues, extraction with babel.cfg, and every template sentence going through gettext."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from babel.messages.pofile import read_po, write_po
from markupsafe import Markup

from engine.i18n import _, language, use
from pbem import i18n
from pbem.config import Settings
from pbem.mail.compose import KINDS, compose, thread_for

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"(%\(\w+\)s|\{\w*\})")


def shout(message: str) -> str:
    """The fake translation: upper case, placeholders untouched."""
    return "".join(
        part if PLACEHOLDER.fullmatch(part) else part.upper() for part in PLACEHOLDER.split(message)
    )


@pytest.fixture(scope="module")
def pot(tmp_path_factory) -> Path:
    """The message template extracted with ``pybabel extract -F babel.cfg``."""
    out = tmp_path_factory.mktemp("pot") / "pbem.pot"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from babel.messages.frontend import main; main()",
            "-q",
            "extract",
            "-F",
            "babel.cfg",
            "-o",
            str(out),
            ".",
        ],
        cwd=ROOT,
        check=True,
    )
    return out


@pytest.fixture
def shouting(pot, tmp_path, monkeypatch):
    """A real catalogue for locale ``xx`` translating everything to upper case."""
    with pot.open("rb") as f:
        catalog = read_po(f)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(shout(i) for i in message.id)
        else:
            message.string = shout(message.id)
    folder = tmp_path / "locale" / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "pbem.po").open("wb") as f:
        write_po(f, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    i18n.translations.cache_clear()
    yield "xx"
    i18n.translations.cache_clear()


def test_extraction_finds_templates_and_python(pot):
    with pot.open("rb") as f:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f)}
    assert "Nothing in your mail was applied: the game is as it was." in ids
    assert "and %(num)s more like it" in ids
    assert "Your week in pbem" in ids


def test_missing_or_odd_locales_fall_back_to_english():
    """A locale without a catalogue reads English sentences but keeps its language, which
    decides what a short command word means (changed when catalogues came: "de" has one)."""
    for locale in ("en", "xx", "xx-YY", "", "../../etc", "en\n"):
        assert i18n.translations(locale).gettext("Ranking:") == "Ranking:"
    with use(i18n.translations("xx-YY")):
        assert language() == "xx"
    for odd in ("", "../../etc", "en\n"):
        with use(i18n.translations(odd)):
            assert language() == "en"
    assert i18n.render("mail/notice.subject.txt", "xx", subject="Hallo") == "Hallo"


def test_catalogue_is_found_by_region_and_shared_with_the_engine(shouting):
    assert i18n.translations("xx-YY") is not i18n.translations("en")
    assert i18n.translations("xx-YY").gettext("Ranking:") == "RANKING:"
    # the engine's _() and the templates' _() are one gettext inside render
    assert i18n.render("mail/digest.subject.txt", shouting) == "YOUR WEEK IN PBEM"
    assert _("Ranking:") == "Ranking:"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_sentence_of_every_template_is_translated(kind, shouting, tmp_path):
    """With upper-case names and values, any lower-case letter left is an untranslated word."""
    settings = Settings(var_dir=tmp_path, domain="PBEM.TEST", base_url="HTTPS://PBEM.TEST")
    view = {"you": "ANN"}
    contexts = {
        "turn": dict(
            game="NOSUCHGAME",
            game_title="HONGA",
            game_id=12,
            player="ANN",
            events=["BOB PASSED."],
            view=view,
            your_turn=True,
            legal=[f"TAKE {n}" for n in range(41)],
            help="TAKE N",
            version=7,
            waiting_for=["ANN"],
        ),
        "error": dict(
            game_title="HONGA",
            game_id=12,
            line="TKAE",
            reason="NO.",
            legal=["PASS"],
            help="PASS",
            version=7,
        ),
        "invite": dict(
            inviter="BOB",
            game_title="HONGA",
            game_id=12,
            players=["BOB", "ANN"],
            options={"MAMMOTH": True, "ROUNDS": 3},
        ),
        "notice": dict(subject="STATUS", paragraphs=["ONE.", "TWO."]),
        "relay": dict(from_name="BOB", text="HI", game_title="HONGA", game_id=12),
        "over": dict(
            game_title="HONGA",
            game_id=12,
            events=["CY WON."],
            view=view,
            result={"scores": {"ANN": 3, "BOB": 3}, "ranking": [["ANN", "BOB"]]},
        ),
        "digest": dict(
            player="ANN",
            games=[
                dict(
                    game_id=12,
                    title="HONGA",
                    status="IN PLAY",
                    your_turn=True,
                    waiting_for=["ANN"],
                    since="MON 7 DEC 18:00",
                    timing=["PLEASE MOVE BY MON 14 DEC 18:00."],
                    muted=True,
                    autopilot=False,
                    last_events=["BOB PASSED."],
                    version=7,
                    reply_address="PLAY+TOK@PBEM.TEST",
                ),
                dict(
                    game_id=13,
                    title="HENGIST",
                    status="IN PLAY",
                    your_turn=False,
                    waiting_for=["BOB"],
                    since="MON 7 DEC 18:00",
                    timing=[],
                    muted=False,
                    autopilot=True,
                    last_events=[],
                    version=8,
                    reply_address="PLAY+TOK2@PBEM.TEST",
                ),
            ],
        ),
    }
    for token in ("TOK", None):
        thread = thread_for(settings, None if kind == "digest" else 12, "HONGA", ["ANN"], token)
        message = compose(kind, "ann@example.org", contexts[kind], thread, settings, shouting)
        text = re.sub(r"HTTPS://\S+|\S+@PBEM.TEST", "", message.get_body(("plain",)).get_content())
        markup = message.get_body(("html",)).get_content()
        # commands to tap are what the player writes (the service reads them), not sentences
        markup = re.sub(r'<a class="pb-chip".*?</a>', " ", markup, flags=re.S)
        markup = re.sub(r"<head>.*?</head>|<[^>]+>|&\w+;|\S+@PBEM.TEST", " ", markup, flags=re.S)
        assert not re.search(r"[a-z]", text), text
        assert not re.search(r"[a-z]", markup), markup
        assert message["Content-Language"] == "xx"
        assert not re.search(r"[a-z]", message["Subject"].removeprefix("[pbem #12]"))


SENTENCES = {
    "mail/test/sentence.html": "{{ _('Tom & Jerry') }} {{ _('%(who)s & co 100%%', who=who) }}",
    "mail/test/sentence.txt": "{{ _('Tom & Jerry') }} {{ _('%(who)s & co 100%%', who=who) }}",
}


class Shouting(gettext.NullTranslations):
    def gettext(self, message):
        return shout(message)


@pytest.fixture
def sentences(monkeypatch):
    env = i18n.mail_environment()
    monkeypatch.setattr(
        env, "loader", jinja2.ChoiceLoader([jinja2.DictLoader(SENTENCES), env.loader])
    )


def test_sentences_translated_when_compiled_read_as_gettext_gives_them(sentences):
    """A literal ``_()`` is translated once, when the template is compiled in the active
    catalogue, and reads as Jinja2's newstyle gettext wrote it: the sentence as markup in HTML
    (its & kept), the values escaped, ``%%`` a percent sign; each catalogue its own."""
    shouting = Shouting()
    for _round in range(2):
        html = i18n.render("mail/test/sentence.html", "en", who="<b>")
        assert html == "Tom & Jerry &lt;b&gt; & co 100%"
        assert i18n.render("mail/test/sentence.txt", "en", who="<b>") == "Tom & Jerry <b> & co 100%"
        with use(shouting):
            shouted = i18n.mail_environment().get_template("mail/test/sentence.html")
            assert shouted.render(who="<i>") == "TOM & JERRY &lt;i&gt; & CO 100%"


@pytest.mark.parametrize(
    ("sentence", "values"),
    [
        (
            "%(title)s, game #%(id)s, position #%(version)s",
            {"title": "<A&B>", "id": 3, "version": 9},
        ),
        ("%(who)s, 100%% 'yours' \"&\"", {"who": Markup("<i>ann</i>")}),
        ("%(n)s %(x)s %(b)s", {"n": None, "x": 1.5, "b": True}),
        ("nothing to fill in", {}),
        ("%(n)d left, %(w)r", {"n": 3, "w": "<"}),
        ("%(n)s\n%(m)s", {"n": "a\nb", "m": "'"}),
    ],
)
def test_a_sentence_is_filled_in_as_markup_fills_it_in(sentence, values):
    """In HTML a sentence's values are escaped and the sentence is not, as ``Markup % values``
    does it (done at once where every placeholder is ``%(name)s``); in text, plain ``%``."""
    filled = i18n._interpolated(sentence, values, autoescape=True)
    assert filled == Markup(sentence) % values and isinstance(filled, Markup)
    assert i18n._interpolated(sentence, values, autoescape=False) == sentence % values


def test_locales_without_a_catalogue_share_one_compiled_template():
    """A template is compiled once for all the locales whose sentences stay English, and
    once for each real catalogue."""
    env = i18n.mail_environment()
    compiled = {}
    for locale in ("fr", "nl_BE", "xx", "zz"):
        with use(i18n.translations(locale)):
            compiled[locale] = env.get_template("mail/turn.txt")
    assert len({id(template) for template in compiled.values()}) == 1
    with use(i18n.translations("es")):
        assert env.get_template("mail/turn.txt") is not compiled["fr"]
    assert i18n.render("mail/notice.subject.txt", "fr", subject="Hallo") == "Hallo"
