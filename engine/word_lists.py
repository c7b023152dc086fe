"""The words of our languages that tell prose from a mistyped command, shipped as text files.

Derived from pyspellchecker's word frequencies (of subtitles: the words people say to each
other) and wordfreq's English (of what people write: British spellings too) by ``make words``
(:func:`write`), which writes ``engine/words/``: sorted, one folded word a line. A process
reads those files, never pyspellchecker or wordfreq: deriving the lists cost 1.3-1.4 s of CPU
and a peak of 173 MB, reading them 0.02 s and 7 MB (docs/ARCHITECTURE.md).
``tests/test_word_lists.py`` checks the files equal the derivation.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

from engine.lexicon import LANGUAGES, fold

#: A word of the lists is letters only (a line's words are: :func:`engine.resemble.tokens`).
_LETTERS = re.compile(r"[^\W\d_]+")

#: A word of everyday speech occurs at least this often (a share of all words written).
_EVERYDAY = 1e-6
#: A language's words of grammar are its most frequent, this many.
_GRAMMAR = 100
#: The short words have this many letters or fewer (too few for a near miss).
SHORT = 4
#: Where the lists are shipped: one file a list, named after its field.
WORDS = Path(__file__).resolve().parent / "words"


class LanguageWords(NamedTuple):
    """The words of everyday speech in each of our languages; of them its words of grammar,
    the most frequent (articles, pronouns, "is", "not"); and every word of the lists of
    :data:`SHORT` letters or fewer, however rare. All folded."""

    everyday: frozenset[str]
    grammar: frozenset[str]
    short: frozenset[str]


def derive() -> LanguageWords:
    """The lists from pyspellchecker's word frequencies, and the everyday words also from
    wordfreq's (both dev dependencies: only this needs them)."""
    from spellchecker import SpellChecker

    everyday: set[str] = set()
    grammar: set[str] = set()
    short: set[str] = set()
    for language in LANGUAGES:
        frequency = SpellChecker(language=language, distance=1).word_frequency
        least = frequency.total_words * _EVERYDAY
        counts = frequency.dictionary
        everyday.update(fold(word) for word, count in counts.items() if count >= least)
        grammar.update(fold(word) for word in sorted(counts, key=counts.get)[-_GRAMMAR:])
        short.update(fold(word) for word in counts if len(fold(word)) <= SHORT)
    everyday.update(_written())
    return LanguageWords(frozenset(everyday), frozenset(grammar), frozenset(short))


def _written() -> set[str]:
    """The English words of everyday writing in wordfreq's frequencies (the web, news, books,
    subtitles, chat; of :data:`_EVERYDAY` share or more, as pyspellchecker's) longer than
    :data:`SHORT` letters: British spellings too ("colour", "realise", "centre", "favours"),
    which pyspellchecker's English lacks, and names people sign with. Its short words are
    mostly abbreviations and names ("byu", "lol"): the short words stay pyspellchecker's.
    Only its English: its Spanish, German and Portuguese would add some 53,000 words and
    make slips of commands that are words there no commands ("werkzeuge beine", "regresa")
    for almost no chat told better (docs/ARCHITECTURE.md)."""
    from wordfreq import get_frequency_dict

    return {
        fold(word)
        for word, share in get_frequency_dict("en", wordlist="large").items()
        if share >= _EVERYDAY and len(fold(word)) > SHORT and _LETTERS.fullmatch(fold(word))
    }


def write(directory: Path = WORDS) -> None:
    """Write the derived lists into ``directory``, one ``<list>.txt`` each."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, words in derive()._asdict().items():
        (directory / f"{name}.txt").write_text(
            "".join(f"{word}\n" for word in sorted(words)), encoding="utf-8"
        )


@cache
def load() -> LanguageWords:
    """The shipped lists, read once per process from :data:`WORDS`, where :func:`write`
    puts them."""
    return LanguageWords(
        *(
            frozenset((WORDS / f"{name}.txt").read_text(encoding="utf-8").splitlines())
            for name in LanguageWords._fields
        )
    )
