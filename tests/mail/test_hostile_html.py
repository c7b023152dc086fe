"""Hostile replies cost time in proportion to their size: deep nesting, unclosed markup and
megabyte bodies. Counted in steps (Python lines run), never timed; ``make bench`` times them."""

from __future__ import annotations

import sys
from email.message import EmailMessage

import pytest

from pbem.mail import extract, html_text, html_tokens
from pbem.mail.commands import parse
from pbem.mail.extract import READ_AT_MOST, new_text

HOSTILE = {
    "nested blockquotes": "<blockquote>x",
    "nested divs": "<div>x",
    "nested spans": "<span>x",
    "nested hidden": "<div class='gmail_signature'>x",
    "nested prefixed": "<div class='x_x_m_-42x_gmail_quote'>x",
    "rules": "<hr>x",
    "nested list items": "<ol><li>x",
    "unclosed comments": "<!--",
    "unclosed attribute quotes": "<a b='",
    "end tags": "</",
    "lone angles": "< x",
    "declarations": "<!x",
    "raw text": "<style>x",
}


def html_only(html: str) -> EmailMessage:
    message = EmailMessage()
    message.set_content(html, subtype="html")
    return message


def steps(function, *args) -> int:
    """How many lines of Python ``function(*args)`` runs (the work, without the clock)."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        function(*args)
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize("unit", HOSTILE.values(), ids=HOSTILE.keys())
def test_twice_the_hostile_markup_is_at_most_twice_the_work(unit):
    def read(n: int):
        return html_text.html_to_text("<p>place 2 north</p>" + unit * n) and html_text.render(
            "<p>place 2 north</p>" + unit * n, True
        )

    small, large = steps(read, 2_000), steps(read, 4_000)
    assert large <= 2.2 * small, (small, large)


@pytest.mark.parametrize("unit", HOSTILE.values(), ids=HOSTILE.keys())
def test_twenty_thousand_nested_tags_keep_the_command(unit):
    assert new_text(html_only("<p>place 2 north</p>" + unit * 20_000)).startswith("place 2 north")


def test_tokens_look_at_each_character_a_bounded_number_of_times():
    markup = "<a b='" * 5_000 + "<!--" + "x" * 10
    assert list(html_tokens.tokens(markup)) == []  # an unfinished tag hides the rest
    assert list(html_tokens.tokens("a<b C='x &amp; y'>d</b>&amp;")) == [
        ("data", "a", {}),
        ("start", "b", {"c": "x & y"}),
        ("data", "d", {}),
        ("end", "b", {}),
        ("data", "&", {}),
    ]


def test_a_megabyte_reply_is_read_up_to_the_bound():
    body = "place 2 north\n" + "> an old line of the game mail\n" * 90_000 + "lure fish\n"
    assert len(body) > 2 * READ_AT_MOST
    message = EmailMessage()
    message.set_content(body)
    assert new_text(message) == "place 2 north"  # the tail past the bound is not read


def test_many_attribution_like_lines_are_read_in_linear_steps():
    def read(n: int):
        return extract._strip_history("place 2 north\n" + "x@y 10:00:\n\n\n\n" * n)

    assert steps(read, 4_000) <= 2.2 * steps(read, 2_000)


#: Plain-text units a hostile reply may repeat, for the reader of commands and of history.
HOSTILE_TEXT = {
    "greetings": "Hi there\n",
    "wrapped say lines": "say " + "word " * 15 + "\ntail of it\n",
    "emphasis marks": "*.",
    "dashes": "-",
    "rules with a line each": "-----\nplace 2 north\n",
    "bars": "| quoted\n",
    "bullets": "- * ",
    "invisible characters": "\u200b\ufeff",
    "clauses on one line": "Hi, ",
    "smileys on one line": "Hi :) ",
    "thanks after a command on one line": "p2n, thanks! ",
}


@pytest.mark.parametrize("unit", HOSTILE_TEXT.values(), ids=HOSTILE_TEXT.keys())
def test_twice_the_hostile_text_is_at_most_twice_the_work(unit):
    def read(n: int):
        text = "place 2 north\n" + unit * n
        # no line like a command of the game: each is a greeting until one is (the guard
        # check once looked at every line above each: 16,000 greetings cost 3.3 s of CPU)
        return parse(extract._strip_history(text)) and parse(text, lambda line: False)

    small, large = steps(read, 300), steps(read, 600)
    assert large <= 2.2 * small, (small, large)
