"""Command words in Spanish, German and Portuguese, read as the English words the parsers know.

Players write commands in English, Spanish, German or Portuguese, and may mix them in one
mail. A game keeps the words of its commands in the other languages in a :class:`Lexicon`
(``engine/<game>/lexicon.py``, ``LEXICON``): each word with the English word it stands for.
A parser reads typed text through :meth:`Lexicon.english` first, so everything after it (the
parser's own typo tolerance, the canonical commands, the move log, replays) is English and
never depends on the language. :meth:`Lexicon.shown` writes a canonical command in a reader's
language, with the first word a table lists for each English word.

Accents and case never matter (``fold``: "Süd", "sud" and "SÜD" are one word). Where one
short word means different things in two languages (German "o", Ost, is east; the Spanish
"o", oeste, is west), the reader's language decides (:func:`engine.i18n.language`); a word
that only other languages know and that they read differently is left as typed.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping

from engine.i18n import language

#: The languages players may write and read.
LANGUAGES = ("en", "es", "de", "pt")

_LETTERS = re.compile(r"[^\W\d_]+")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """``text`` in lower case without accents ("Süd" is "sud", "Straße" is "strasse")."""
    text = text.lower().replace("ß", "ss")
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


#: Numbers written as words, in every language (articles such as "un", "ein" or "um" are
#: not among them: "una carta" is no card number).
NUMBERS = {
    "es": {
        "cero": "0", "uno": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5",
        "seis": "6", "siete": "7", "ocho": "8", "nueve": "9", "diez": "10",
    },
    "de": {
        "null": "0", "eins": "1", "zwei": "2", "drei": "3", "vier": "4", "fünf": "5",
        "fuenf": "5", "sechs": "6", "sieben": "7", "acht": "8", "neun": "9", "zehn": "10",
    },
    "pt": {
        "zero": "0", "dois": "2", "duas": "2", "três": "3", "quatro": "4", "cinco": "5",
        "seis": "6", "sete": "7", "oito": "8", "nove": "9", "dez": "10",
    },
}  # fmt: skip


class Lexicon:
    """A game's command words in other languages, each with the English word it stands for.

    ``verbs`` begin a command; ``names`` name things of the game (places, goods, directions),
    and a line naming one looks like a command; ``words`` are read the same way but are too
    common in prose to count as a name (numbers, "todos", "carta", the Spanish "este" that
    is east and "this"); ``fillers`` are small words a command may hold and that mean nothing
    ("el", "bitte"); ``phrases`` are several words that stand for one English word ("montón
    de arcilla"); ``sayings`` are whole lines that stand for one English word, read only
    alone ("Ich bin fertig" is "done"; in a sentence it is chat). Each maps a language to its
    words; the first word listed for an English word is the one :meth:`shown` writes, unless
    ``shows`` says another. ``""`` as the English word drops the word. ``english_words`` gives the game's own English words (called on
    first use: the parser's tables import the lexicon): to a reader of another language they
    stay English ("no" is a Portuguese filler, and no in Stone Age's "tame no").
    """

    def __init__(
        self,
        verbs: Mapping[str, Mapping[str, str]] | None = None,
        names: Mapping[str, Mapping[str, str]] | None = None,
        fillers: Mapping[str, Iterable[str]] | None = None,
        phrases: Mapping[str, Mapping[str, str]] | None = None,
        words: Mapping[str, Mapping[str, str]] | None = None,
        shows: Mapping[str, Mapping[str, str]] | None = None,
        english_words: Callable[[], Iterable[str]] = tuple,
        sayings: Mapping[str, Mapping[str, str]] | None = None,
    ):
        verbs, names, phrases, others = (
            _spelt(table or {}) for table in (verbs, names, phrases, words)
        )
        fillers = {lang: tuple(spellings(lang, words)) for lang, words in (fillers or {}).items()}
        self.verbs = frozenset(fold(w) for table in verbs.values() for w in table)
        self.names = frozenset(fold(w) for table in names.values() for w in table)
        self.fillers = frozenset(fold(w) for words in fillers.values() for w in words)
        self.others = frozenset(fold(w) for table in others.values() for w in table)
        self._words: dict[str, dict[str, str]] = {}
        self._shown: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES[1:]:
            words: dict[str, str] = {}
            shown: dict[str, str] = {}
            for table in (verbs.get(lang, {}), names.get(lang, {}), others.get(lang, {})):
                for word, english in table.items():
                    words.setdefault(fold(word), english)
                    if not english.isdigit():  # numbers are shown as digits
                        shown.setdefault(english, word)
            for word in fillers.get(lang, ()):
                words.setdefault(fold(word), "")
            self._words[lang] = words
            self._shown[lang] = {**shown, **(shows or {}).get(lang, {})}
        self._phrases = {
            lang: sorted(((fold(p), e) for p, e in phrases.get(lang, {}).items()), key=_longest)
            for lang in LANGUAGES[1:]
        }
        self._english_words = english_words
        self._sayings = {
            fold(saying): english
            for table in (sayings or {}).values()
            for saying, english in table.items()
        }
        #: every word, with the English words the languages that know it read it as (a
        #: one-letter filler, the Portuguese "e" and "o", only to readers of its language)
        self._any: dict[str, set[str]] = {}
        for words in self._words.values():
            for word, english in words.items():
                if english or len(word) > 1:
                    self._any.setdefault(word, set()).add(english)

    @functools.cached_property
    def english_words(self) -> frozenset[str]:
        """The game's own English words, which stay English to every reader."""
        return frozenset(self._english_words())

    def words(self, lang: str) -> Mapping[str, str]:
        """The words of ``lang`` (folded) and the English word each stands for."""
        return self._words.get(lang, {})

    def standing_for(self, english: str) -> set[str]:
        """Every word (folded, of any language) that stands for the English word ``english``."""
        return {word for word, meanings in self._any.items() if english in meanings}

    def word(self, typed: str, lang: str | None = None) -> str:
        """The English word a folded word stands for: in the reader's language ``lang``
        first, else in the one meaning every other language gives it; else ``typed``."""
        lang = lang or language()
        own = self._words.get(lang, {})
        if typed in own:
            return own[typed]
        if typed in self.english_words:
            return typed
        meanings = self._any.get(typed)
        if meanings is not None and len(meanings) == 1:
            return next(iter(meanings))
        return typed

    def beginning(self, typed: str, among: Iterable[str], lang: str | None = None) -> str | None:
        """The one English word of ``among`` that ``typed`` (folded) begins a word for: in the
        reader's language ``lang`` first ("f" is Fluss, river, to a German reader), else in
        English ("f" is forest); None when none or several do. The game decides where such a
        shorthand may stand (a card, a resource), since one letter means many things."""
        lang = lang or language()
        among = tuple(among)
        own = self._words.get(lang, {})
        for words in ({w: e for w, e in own.items() if e in among}, {e: e for e in among}):
            meant = {english for word, english in words.items() if word.startswith(typed)}
            if len(meant) == 1:
                return meant.pop()
            if meant:
                return None
        return None

    def english(self, text: str, lang: str | None = None) -> str:
        """``text`` with every word of another language in English: lower case, no accents,
        numbers, marks and places ("h2", "p2n") as typed, spaces single."""
        lang = lang or language()
        said = self.said(text)
        if said:
            return said
        text = self._phrased(fold(text), lang, dropped=True)
        text = _LETTERS.sub(lambda found: self.word(found[0], lang), text)
        return _SPACES.sub(" ", text).strip()

    def phrased(self, text: str, lang: str | None = None) -> str:
        """``text`` folded with each phrase that stands for an English word written as that
        word ("Zug beenden" is "done", "passar a vez" too), the other words as typed; "" when
        it holds none. The words a phrase drops ("por favor") stay: they tell prose."""
        said = self.said(text)
        if said:
            return said
        folded = fold(text)
        phrased = self._phrased(folded, lang or language(), dropped=False)
        return "" if phrased == folded else phrased

    def said(self, text: str) -> str:
        """The English word ``text`` says when the whole of it is a saying of any language
        ("I'm done!", "Ich bin fertig."), spaces and the marks that end it aside; else ""."""
        return self._sayings.get(_SPACES.sub(" ", fold(text)).strip(" .!¡…"), "")

    def _phrased(self, text: str, lang: str, dropped: bool) -> str:
        """Folded ``text`` with its phrases in English, in ``lang`` first; the phrases that
        stand for nothing dropped too where ``dropped``."""
        for each in (lang, *(other for other in LANGUAGES[1:] if other != lang)):
            for phrase, english in self._phrases.get(each, ()):
                if (english or dropped) and phrase in text:
                    text = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", f" {english} ", text)
        return text

    def shown(self, command: str, lang: str) -> str:
        """A canonical (English) command written in ``lang``: word by word, and each half of
        a double word ("hill/river"); words without a translation (numbers, places) as they
        are."""
        table = self._shown.get(lang)
        if not table:
            return command
        return " ".join(
            "/".join(table.get(part, part) for part in word.split("/"))
            for word in command.split(" ")
        )


#: A turn ended in one word as people write it below their moves, for the games whose turn
#: ends with "done": "finished" and "I finished" ("terminado", "terminé", "erledigt").
TURN_END_WORDS = {
    "es": {"terminado": "done", "terminé": "done", "acabado": "done", "acabé": "done"},
    "de": {"erledigt": "done", "beendet": "done"},
    "pt": {"terminado": "done", "terminei": "done", "acabado": "done", "acabei": "done"},
}  # fmt: skip

#: A turn ended as people say it, for the games whose turn ends with "done" (phrases: "passar
#: a vez" holds the Hengist party letter "a").
TURN_ENDS = {
    "es": {
        "terminar el turno": "done", "terminar turno": "done", "termino el turno": "done",
        "fin del turno": "done", "fin de turno": "done", "paso el turno": "done",
        "fin de mi turno": "done",
    },
    "de": {
        "zug beenden": "done", "zug beendet": "done", "ich passe": "done", "ende des zuges": "done",
    },
    "pt": {
        "passar a vez": "done", "passo a vez": "done", "terminar o turno": "done",
        "encerrar o turno": "done", "encerro o turno": "done", "fim do turno": "done",
        "fim da vez": "done",
    },
}  # fmt: skip

#: A turn ended as people say it on a line of its own ("I'm done", "ich bin fertig", "ya
#: está"): a whole line only, as "done" is; in a sentence it is chat ("Play on, I am done").
#: Never "end turn": a line "end" ends a mail, and "end" is no command of any game.
TURN_END_SAYINGS = {
    "en": {
        "i'm done": "done", "i’m done": "done", "i am done": "done", "im done": "done",
        "i'm finished": "done", "i’m finished": "done", "i am finished": "done",
        "all done": "done", "ok done": "done", "ok, done": "done", "okay done": "done",
        "okay, done": "done",
    },
    "es": {"ya está": "done", "he terminado": "done", "ya terminé": "done"},
    "de": {"ich bin fertig": "done", "bin fertig": "done"},
    "pt": {"já está": "done", "estou pronto": "done", "estou pronta": "done", "já terminei": "done"},
}  # fmt: skip


#: How a keyboard without umlauts writes them ("Huette", "fuettern", "ueberfallen").
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def spellings(lang: str, words: Iterable[str]) -> list[str]:
    """``words`` of ``lang`` as a keyboard may type them: a German word with an umlaut is
    followed by its spelling with two letters ("Hütte", "Huette"); other languages' as they
    are."""
    if lang != "de":
        return list(words)
    return [
        spelling for word in words for spelling in dict.fromkeys((word, word.translate(_UMLAUTS)))
    ]


def _spelt(table: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """A language table whose words are read in all their :func:`spellings` (the spelling
    the table writes stays the one shown: it comes first)."""
    return {
        lang: {
            spelling: english
            for word, english in words.items()
            for spelling in spellings(lang, (word,))
        }
        for lang, words in table.items()
    }


def _longest(pair: tuple[str, str]) -> int:
    return -len(pair[0])


def numbers() -> dict[str, dict[str, str]]:
    """:data:`NUMBERS`, as ``names`` of a lexicon."""
    return {lang: dict(words) for lang, words in NUMBERS.items()}


def merged(*tables: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """Several language tables as one (the first table's word for an English word first)."""
    out: dict[str, dict[str, str]] = {}
    for table in tables:
        for lang, words in table.items():
            out.setdefault(lang, {}).update(words)
    return out
