"""The project's own corpus of replies (``tests/mail/corpus``): every client style we know, in
English, Spanish, German and Portuguese, plain and HTML-only. Each ``NAME.eml`` says in its
headers what must be read as commands (``X-Test-Read``) and what set aside (``X-Test-Aside``);
``NAME.txt`` beside it holds the new text the player wrote (no quote, no signature).

Run them with ``.venv/bin/python -m pytest tests/mail/test_corpus.py``."""

from __future__ import annotations

from email import message_from_bytes, policy
from pathlib import Path

import pytest

import engine
from pbem.mail.commands import parse
from pbem.mail.extract import new_text

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.eml"))


def expected(message, header: str) -> list[str]:
    value = str(message[header] or "")
    return [item.strip() for item in value.split(" | ")] if value.strip() else []


def read(path: Path):
    message = message_from_bytes(path.read_bytes(), policy=policy.default)
    game = engine.load(str(message["X-Test-Game"]))
    parsed = parse(new_text(message), lambda line: game.resembles(None, None, line))
    return message, parsed


def test_the_corpus_covers_every_language_and_html_only_replies():
    names = [path.stem for path in CORPUS]
    for language in ("en", "es", "de", "pt"):
        assert sum(name.endswith(f"_{language}") or f"_{language}_" in name for name in names) >= 5
    html_only = [
        p
        for p in CORPUS
        if not message_from_bytes(p.read_bytes()).get_content_type().endswith("alternative")
        and "text/html" in p.read_text(errors="replace")
    ]
    assert len(html_only) >= 8


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_corpus_new_text_is_what_the_player_wrote(path):
    message = message_from_bytes(path.read_bytes(), policy=policy.default)
    assert new_text(message) == path.with_suffix(".txt").read_text(encoding="utf-8").rstrip("\n")


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_corpus_reply_is_read_as_meant(path):
    message, parsed = read(path)
    assert parsed.read == expected(message, "X-Test-Read")
    assert parsed.set_aside == expected(message, "X-Test-Aside")
