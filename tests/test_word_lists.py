"""The word lists shipped in engine/words are what engine.word_lists derives from the installed
pyspellchecker and wordfreq, byte for byte (so they never drift from them), and a process reads
them without either, also from the installed package."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from engine import word_lists

REPO = Path(__file__).resolve().parent.parent


def test_the_shipped_word_lists_are_the_derived_ones(tmp_path):
    word_lists.write(tmp_path)
    derived = sorted(path.name for path in tmp_path.iterdir())
    assert sorted(path.name for path in word_lists.WORDS.iterdir()) == derived
    drifted = [
        name
        for name in derived
        if (tmp_path / name).read_bytes() != (word_lists.WORDS / name).read_bytes()
    ]
    assert drifted == [], "run make words"


def test_a_process_reads_the_lists_without_pyspellchecker(monkeypatch):
    monkeypatch.setitem(sys.modules, "spellchecker", None)  # importing it raises ImportError
    monkeypatch.setitem(sys.modules, "wordfreq", None)
    lists = word_lists.load.__wrapped__()
    assert {"the", "que", "und", "nao"} <= lists.grammar <= lists.everyday
    assert "thx" not in lists.short and "tow" in lists.short


def test_british_spellings_are_everyday_and_slips_and_abbreviations_are_not():
    """wordfreq's English brings the British spellings pyspellchecker's lacks; its misspellings
    are rarer than everyday words, and its short words (abbreviations, names) stay out."""
    lists = word_lists.load()
    british = {"favour", "colour", "neighbour", "realise", "organise", "centre", "theatre"}
    assert british | {"travelling", "cheque", "mum", "whilst", "fortnight"} <= lists.everyday
    assert {"plase", "palce", "moeve", "definately", "recieve"}.isdisjoint(lists.everyday)
    assert {"byu", "lol", "thx"}.isdisjoint(lists.short | lists.everyday)


def test_the_lists_are_package_data():
    with (REPO / "pyproject.toml").open("rb") as pyproject:
        patterns = tomllib.load(pyproject)["tool"]["setuptools"]["package-data"]["engine"]
    engine = REPO / "engine"
    unpackaged = [
        path.name
        for path in word_lists.WORDS.iterdir()
        if not any(path.relative_to(engine).match(pattern) for pattern in patterns)
    ]
    assert unpackaged == []
