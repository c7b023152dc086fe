"""Composing mails: both parts, headers, threading, the contract of each template."""

from __future__ import annotations

import html
import re
from email import message_from_bytes, policy
from email.utils import parsedate_to_datetime
from urllib.parse import quote

import jinja2
import pytest

from pbem.i18n import mail_environment
from pbem.mail.compose import KINDS, compose, thread_for


def parts(message):
    """The text and the HTML of ``message``."""
    text = message.get_body(("plain",)).get_content()
    markup = message.get_body(("html",)).get_content()
    return text, markup


def visible(markup: str) -> str:
    """What a reader sees of ``markup``: no head, no tags, entities decoded."""
    markup = re.sub(r"<head>.*?</head>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture
def thread(settings):
    return thread_for(settings, 12, "HONGA", ["ann", "bob", "cy"], "tok12ann")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_text_and_html(kind, settings, thread, contexts):
    message = compose(kind, "ann@example.org", contexts[kind], thread, settings)
    assert message.get_content_type() == "multipart/alternative"
    text, markup = parts(message)
    assert text.strip() and "<" not in text.split("-- ")[0].replace("<script", "")
    assert markup.lstrip().startswith("<!DOCTYPE html>")
    # links: only our own pages (unsubscribe, the private page of the game), no remote content
    assert "http" not in re.sub(r'href="https://pbem\.test/(unsubscribe|game)/[^"]+"', "", markup)
    for line in text.splitlines():
        assert len(line) <= 72 or "://" in line, line
    # round trip through the bytes the outbox stores
    again = message_from_bytes(message.as_bytes(policy=policy.SMTP), policy=policy.default)
    assert parts(again)[0].replace("\r\n", "\n") == text


def test_headers(settings, thread, contexts):
    message = compose("turn", "ann@example.org", contexts["turn"], thread, settings)
    assert message["From"] == "pbem <play@pbem.test>"
    assert message["To"] == "ann@example.org"
    assert message["Reply-To"] == "play+tok12ann@pbem.test"
    assert message["Subject"] == "[pbem #12] HONGA — ann, bob, cy"
    assert parsedate_to_datetime(message["Date"]).tzinfo is not None
    assert re.fullmatch(r"<[^<>@\s]+@pbem\.test>", message["Message-ID"])
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["X-PBEM-Loop"] == "pbem.test"
    assert message["Precedence"] is None
    assert message["List-Id"] == "pbem game 12 <game-12.pbem.test>"
    assert message["List-Unsubscribe"] == (
        "<https://pbem.test/unsubscribe/tok12ann>, "
        "<mailto:play+tok12ann@pbem.test?subject=unsubscribe&body=unsubscribe>"
    )
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["Content-Language"] == "en"
    assert "https://pbem.test/unsubscribe/tok12ann" in parts(message)[0]


def test_thread_is_stable_per_game(settings, thread, contexts):
    first = compose("turn", "ann@example.org", contexts["turn"], thread, settings)
    second = compose("relay", "ann@example.org", contexts["relay"], thread, settings)
    assert first["Subject"] == second["Subject"]
    assert first["Message-ID"] != second["Message-ID"]
    for message in (first, second):
        assert message["In-Reply-To"] == "<game-12@pbem.test>"
        assert message["References"] == "<game-12@pbem.test>"


def test_answer_points_at_the_players_mail(settings, contexts):
    thread = thread_for(
        settings, 12, "HONGA", ["ann", "bob"], "tok", in_reply_to="<m1@example.org>"
    )
    message = compose("error", "ann@example.org", contexts["error"], thread, settings)
    assert message["In-Reply-To"] == "<m1@example.org>"
    assert message["References"] == "<game-12@pbem.test> <m1@example.org>"
    assert message["Auto-Submitted"] == "auto-replied"


def test_service_mail_without_game_or_token(settings, contexts):
    thread = thread_for(settings, None, "pbem", [], None, in_reply_to="<m2@example.org>")
    message = compose("notice", "dan@example.org", contexts["notice"], thread, settings)
    assert message["Subject"] == "Your games"
    assert message["Reply-To"] == "play@pbem.test"
    assert message["References"] == "<m2@example.org>"
    for header in ("List-Unsubscribe", "List-Unsubscribe-Post", "List-Id"):
        assert message[header] is None
    text, markup = parts(message)
    assert "Game 13 (Stone Age): inviting." in text and "play@pbem.test" in text
    assert "Game 12 (HONGA): active." in markup


def test_digest_is_bulk_with_its_own_subject(settings, contexts):
    thread = thread_for(settings, None, "pbem", [], None)
    message = compose("digest", "ann@example.org", contexts["digest"], thread, settings)
    assert message["Precedence"] == "bulk"
    assert message["Subject"] == "Your week in pbem"
    text, _ = parts(message)
    assert "HONGA, game #12: in play" in text
    assert "Waiting for bob, since Mon, Dec 7, 18:00." in text and "It is your turn." in text
    assert "  * bob passed." in text
    assert "to play, write to play+abc@pbem.test" in " ".join(text.split())


def test_turn_shows_events_turn_every_command_once_and_the_guard(settings, thread, contexts):
    """Commands differing in one number are one row, in the text as in the HTML (the text
    listed 24 of them, one per line, before; the HTML's links show them all)."""
    text, markup = parts(compose("turn", "ann@example.org", contexts["turn"], thread, settings))
    assert "  * cy passed." in text
    assert "ann, it is your turn." in text
    row = " ".join(text.split("take … wood:", 1)[1].split("\n\n", 1)[0].split())
    assert row == " ".join(str(n) for n in range(45))
    assert "    take 0 wood" not in text and "more like" not in text
    # the HTML offers every one of them, each a mailto link sending the guard and the command
    for n in range(45):
        body = quote(f"#7\r\ntake {n} wood")
        assert "mailto:play+tok12ann@pbem.test?subject=" in markup and f"body={body}" in markup
    assert "pass: do nothing this round" in text
    assert "#7" in text and "#7" in markup


def test_turn_when_waiting_lists_no_commands(settings, thread, contexts):
    context = contexts["turn"] | {"your_turn": False, "waiting_for": ["bob", "cy"], "legal": []}
    text, _ = parts(compose("turn", "ann@example.org", context, thread, settings))
    assert "Waiting for bob, cy." in text
    assert "What you may write now" not in text


def test_error_quotes_the_line_says_why_and_what_is_legal(settings, thread, contexts):
    text, markup = parts(compose("error", "ann@example.org", contexts["error"], thread, settings))
    assert "> tkae 3 wood" in text
    assert "tkae is not a command; did you mean take?" in text
    assert "Nothing in your mail was applied" in text
    assert "    take … wood: 1 2\n    pass" in text  # one row for one shape (issue 12)
    assert "tkae 3 wood</blockquote>" in markup


def test_error_without_game(settings, contexts):
    context = {k: v for k, v in contexts["error"].items() if k not in ("game_title", "game_id")}
    context |= {"legal": [], "help": ""}
    thread = thread_for(settings, None, "pbem", [], None)
    text, _ = parts(compose("error", "dan@example.org", context, thread, settings))
    assert "game #" not in text and "> tkae 3 wood" in text


def test_invite_says_how_to_answer(settings, thread, contexts):
    text, markup = parts(compose("invite", "ann@example.org", contexts["invite"], thread, settings))
    assert "bob invites you to play Stone Age (game #13)." in text
    assert "Players, in seat order: bob, ann, cy." in text and "mammoth: yes" in text
    assert "join" in text and "decline" in text and "decline" in markup
    # join and decline are also links to tap, answering with the word
    assert 'href="mailto:play+tok12ann@pbem.test?subject=' in markup and "body=join" in markup


def test_over_ranks_with_ties(settings, thread, contexts):
    """Shared places are named so (issue 9.8; the list was numbered 1., 2. before)."""
    text, markup = parts(compose("over", "ann@example.org", contexts["over"], thread, settings))
    assert "  1st: ann (31)\n  2nd (shared): bob (27), cy (27)" in text
    assert "<li><strong>2nd (shared):</strong> bob (27), cy (27)</li>" in markup
    assert "You won." in text and "You won." in markup
    # a finished game's mail does not invite a reply to play on
    for part in (text, markup):
        assert "Reply to this mail to play" not in part
        assert "This game is over. To play again, write to play@" in " ".join(part.split())


def test_html_escapes_and_text_keeps_player_text(settings, thread, contexts):
    context = contexts["relay"] | {"text": "<script>alert(1)</script> & <b>co</b>"}
    text, markup = parts(compose("relay", "ann@example.org", context, thread, settings))
    assert "> <script>alert(1)</script> & <b>co</b>" in text
    assert "<script>" not in markup and "&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in markup
    assert "bob says, in HONGA game #12:" in text


def test_missing_context_and_unknown_kind_are_refused(settings, thread, contexts):
    context = dict(contexts["turn"])
    del context["legal"]
    with pytest.raises(ValueError, match="legal"):
        compose("turn", "ann@example.org", context, thread, settings)
    with pytest.raises(ValueError, match="unknown mail kind"):
        compose("poke", "ann@example.org", {}, thread, settings)


def test_templates_show_only_the_recipients_view(settings, contexts, monkeypatch):
    """Each mail is rendered from its recipient's view alone: no other seat's secrets leak."""
    env = mail_environment()
    boards = jinja2.DictLoader(
        {
            "mail/secretgame/board.txt": "Your hand: {{ view.hand|join(', ') }}",
            "mail/secretgame/board.html": "<p>Your hand: {{ view.hand|join(', ') }}</p>",
        }
    )
    monkeypatch.setattr(env, "loader", jinja2.ChoiceLoader([boards, env.loader]))
    views = {
        "ann": {"you": "ann", "hand": ["ANN-SECRET-7"], "players": ["ann", "bob"]},
        "bob": {"you": "bob", "hand": ["BOB-SECRET-3"], "players": ["ann", "bob"]},
    }
    for me, other in (("ann", "bob"), ("bob", "ann")):
        context = contexts["turn"] | {"game": "secretgame", "player": me, "view": views[me]}
        thread = thread_for(settings, 12, "HONGA", ["ann", "bob"], f"tok-{me}")
        message = compose("turn", f"{me}@example.org", context, thread, settings)
        raw = message.as_bytes().decode()
        text, markup = parts(message)
        assert f"{me.upper()}-SECRET" in text and f"{me.upper()}-SECRET" in markup
        assert f"{other.upper()}-SECRET" not in text + markup + raw
        assert f"{other}@example.org" not in raw and f"tok-{other}" not in raw


def test_html_shows_the_same_content(settings, thread, contexts):
    for kind in ("turn", "error", "over", "invite"):
        text, markup = parts(compose(kind, "ann@example.org", contexts[kind], thread, settings))
        seen = " ".join(visible(markup).split())
        for line in text.split("\n-- \n")[0].splitlines():
            words = line.strip(" *>").strip()
            if words.startswith("... and "):
                continue  # the HTML lists every command the text part leaves out
            if words and not re.match(r"\d+\. ", words):
                assert words.split()[0] in seen, (kind, line)
