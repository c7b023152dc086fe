"""The words of our languages that tell prose from a mistyped command, shipped as text files.

Derived from pyspellchecker's word frequencies (of subtitles: the words people say to each
other) by ``make words`` (:func:`write`), which writes ``engine/words/``:
sorted, one folded word a line. A process reads those files, never pyspellchecker: deriving
the lists cost 1.3-1.4 s of CPU and a peak of 173 MB, reading them 0.01 s and 7 MB
(docs/ARCHITECTURE.md). ``tests/test_word_lists.py`` checks the files equal the derivation.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from engine.lexicon import LANGUAGES, fold

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
    """The lists from pyspellchecker's word frequencies (a dev dependency: only this needs
    it)."""
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
    return LanguageWords(frozenset(everyday), frozenset(grammar), frozenset(short))


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
