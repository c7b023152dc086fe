"""Whether a line looks like a command: typed right, mistyped, or prose that only greets.

A reply holds more than commands: "Hi all," above them, "Thanks, Bob" below. The service sets
such lines aside only when they do not look like a command, so that a mistyped command is
still refused and never silently dropped. A game tells what its commands are made of with a
:class:`Vocabulary`; :func:`resembles` reads a line with it the same way for every game (and
for the service's own commands).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine import word_lists
from engine.lexicon import fold

_TOKEN = re.compile(r"[^\W\d_]+|\d+")
_GUARD = re.compile(r"#\s?\d")
#: Names shorter than this count only inside a command ("a" a party, "n" north), never alone.
_NAME_ALONE = 3
#: Typed words shorter than this are compared exactly, never as a near miss (the word lists'
#: short words are those: :data:`engine.word_lists.SHORT`).
_NEAR_MISS_FROM = word_lists.SHORT
#: A mark that ends a clause, inside a line ("Passa o sal, por favor", "Fertig? Ich ...").
_INNER_MARK = re.compile(r"[,;!?…]\s*[^\W\d_]")


@dataclass(frozen=True)
class Vocabulary:
    """The words a game's commands are made of.

    ``verbs`` begin a command (with every alias, short ones too: "p", "d"); ``names`` name a
    thing of the game anywhere in a command (places, cards, goods, directions); ``fillers``
    are the small words commands may hold ("the", "on", "please"); ``ends_turn`` are the
    commands that end a turn ("done", "pass"); ``bare`` the verbs a command may hold with
    fillers only after them ("stay", "climb"; "tools" in "tools none"), besides those.
    """

    verbs: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    fillers: frozenset[str] = frozenset()
    ends_turn: frozenset[str] = frozenset()
    bare: frozenset[str] = frozenset()

    @cached_property
    def known(self) -> frozenset[str]:
        """The words that make a line a command: verbs and names."""
        return self.verbs | self.names

    @cached_property
    def every_word(self) -> frozenset[str]:
        """Every word of the commands, the fillers too ("ferramentas nenhua" is a slip of one;
        a short word's slip is no command word's, "lol" of "los")."""
        return self.known | self.fillers

    def __or__(self, other: Vocabulary) -> Vocabulary:
        return Vocabulary(
            self.verbs | other.verbs,
            self.names | other.names,
            self.fillers | other.fillers,
            self.ends_turn | other.ends_turn,
            self.bare | other.bare,
        )


def vocabulary(
    verbs: Iterable[str] = (),
    names: Iterable[str] = (),
    fillers: Iterable[str] = (),
    ends_turn: Iterable[str] = (),
    bare: Iterable[str] = (),
) -> Vocabulary:
    """A :class:`Vocabulary` from any iterables of words (folded; numbers are no names)."""
    names = [name for name in names if not name.isdigit()]
    return Vocabulary(
        *(frozenset(fold(w) for w in words) for words in (verbs, names, fillers, ends_turn, bare))
    )


def tokens(line: str) -> list[str]:
    """The words and numbers of ``line``, lower case without accents ("p2n" is "p", "2", "n";
    "Süd" is "sud")."""
    return _TOKEN.findall(fold(line))


@lru_cache(maxsize=4096)
def near_miss(word: str, candidates: frozenset[str]) -> bool:
    """Whether ``word`` is one slip (two in long words) away from a candidate of 4+ letters:
    a letter wrong, missing, added, or two letters swapped. In four letters a wrong letter
    makes another word too often ("moin", "join"; "here", "herd"): there it does not count.

    Cached: every mail's first words are the same few against a game's verbs."""
    if len(word) < _NEAR_MISS_FROM:
        return False
    most = 2 if len(word) >= 7 else 1
    return any(
        len(candidate) >= _NEAR_MISS_FROM
        and _distance(word, candidate, most) <= most
        and (len(word) > _NEAR_MISS_FROM or _not_one_wrong_letter(word, candidate))
        for candidate in candidates
    )


@lru_cache(maxsize=4096)
def unlisted_slip(word: str, candidates: frozenset[str]) -> bool:
    """Whether ``word``, too short for a :func:`near_miss`, is one slip from a candidate of
    3+ letters and no word of any of our languages' lists ("fsh", "byu", "mive": "tow", "don"
    and "dome" are words, and "lol", "thx" no slip of one). Such a word can be nothing but
    the slip; still it is no word people sign with: the caller asks for the game's word
    after it ("Moin", "LG" alone are no commands)."""
    return (
        len(word) <= _NEAR_MISS_FROM
        and any(
            len(candidate) >= _NAME_ALONE and _distance(word, candidate, 1) <= 1
            for candidate in candidates
        )
        and word not in word_lists.load().short
    )


def swapped(word: str, candidates: frozenset[str]) -> bool:
    """Whether ``word`` of three letters or more is a candidate with two letters next to each
    other swapped, the commonest slip, though a word itself ("tow" for "two"): after a verb
    typed right it is the slip ("tame tow"). Linear: each swap is looked up."""
    return len(word) >= _NAME_ALONE and any(
        f"{word[:i]}{word[i + 1]}{word[i]}{word[i + 2 :]}" in candidates
        for i in range(len(word) - 1)
        if word[i] != word[i + 1]
    )


def _slip(word: str, candidates: frozenset[str]) -> bool:
    return near_miss(word, candidates) or unlisted_slip(word, candidates)


def _not_one_wrong_letter(word: str, candidate: str) -> bool:
    return len(word) != len(candidate) or sorted(word) == sorted(candidate)


def _distance(a: str, b: str, most: int) -> int:
    """Edit distance with transpositions (optimal string alignment), cut off above ``most``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, other in enumerate(b, start=1):
            cost = char != other
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > most:
            return most + 1
        previous2, previous = previous, current
    return previous[-1]


def resembles(words: Vocabulary, line: str) -> bool:
    """Whether ``line`` looks like a command of ``words``, typed right or not.

    It does when it names a thing of the game (a place, a card: "Good luck in the forest"
    does), holds a ``#N``, or begins with a verb or a slip of one ("plce", "tarde", "byu")
    whose other words are mostly the command language's or slips of them ("take 2 wood",
    "discard forst", "lure fsh" do, "Take care" does not; after a verb typed right a word
    with two letters swapped is a slip though it is a word: "tame tow") and make no sentence
    (:func:`_prose`: "Back in a minute" does not). A slip of a verb that is a word itself or
    too short for a :func:`near_miss` needs a word of the game after it ("tarde 1", "byu
    herd"; not "Dear all", "Moin"); a number first needs a word of the language after it
    ("2 north", not "+49 170 123").
    """
    if _GUARD.search(line):
        return True
    found = tokens(line)
    if not found:
        return False
    if any(len(word) >= _NAME_ALONE and word in words.names for word in found):
        return True
    first, rest = found[0], [w for w in found[1:] if w not in words.fillers]
    known = words.known
    if first.isdigit():
        return bool(rest) and not rest[0].isdigit() and rest[0] in known
    if first not in words.verbs and not _slip(first, words.verbs):
        return False
    game = [word.isdigit() or word in known or near_miss(word, known) for word in rest]
    sure = first in words.verbs or (near_miss(first, words.verbs) and not _everyday(first))
    if not sure and not any(game):
        return False  # a slip that is a word or short needs a game's word after it: "Dear all"
    understood = [
        of
        or unlisted_slip(word, known)
        or near_miss(word, words.every_word)
        or (sure and swapped(word, words.every_word))
        for word, of in zip(rest, game, strict=True)
    ]
    return 2 * sum(understood) >= len(rest) and not _prose(words, found, line)


def _everyday(word: str) -> bool:
    """Whether ``word`` is a word of everyday speech in one of our languages."""
    return word in word_lists.load().everyday


def _prose(words: Vocabulary, found: list[str], line: str) -> bool:
    """Whether a line that begins with a verb (its words ``found``) is a sentence, not a
    command: no number, a word of everyday speech that is no word of the game nor a slip of
    one, and a sign of a sentence: a mark inside the line ("Passa o sal, por favor"), a word
    of grammar the game does not know ("Paso o me quedo"), one before a name too short to
    stand alone ("Back in a minute": "a" is an article there), or only verbs understood, no
    name ("Spiele morgen weiter"). "move a nowhere" shows none: a mistyped command. A word of
    no language is a slip ("raid a rde"), and the line a mistyped command too."""
    arguments = found[1:]
    if any(word.isdigit() for word in arguments):
        return False
    known = words.known
    foreign = [
        word
        for word in arguments
        if word not in known
        and word not in words.fillers
        and not _slip(word, known)
        and not swapped(word, words.every_word)
    ]
    everyday, grammar, _short = word_lists.load()
    if everyday.isdisjoint(foreign):
        return False
    return (
        bool(_INNER_MARK.search(line))
        or not grammar.isdisjoint(foreign)
        or any(
            before in grammar and name in words.names
            for before, name in zip(arguments, arguments[1:], strict=False)
        )
        or not any(word in words.names or _slip(word, words.names) for word in arguments)
    )


def chat(words: Vocabulary, line: str) -> bool:
    """Whether a line of a command's shape (:func:`resembles`) reads as a sentence to a reader
    who knows the position: it holds no number and no word of the game that stands alone (a
    name of :data:`_NAME_ALONE` letters or more, or a slip of one), only a name too short to
    stand alone that is a word of grammar too ("a": a party in Hengist, an article or a
    preposition in prose), and after it a word of grammar ("Vuelvo a las nueve") or one that
    is neither a filler nor a verb or name of the game nor a slip of one ("Move a muscle",
    "Return a favour"). No legal command is such a line, nor one slip from one; the caller
    asks only when it knows which commands are legal (:meth:`engine.contract.Game.resembles`)."""
    arguments = tokens(line)[1:]
    if any(
        word.isdigit() or (len(word) >= _NAME_ALONE and _slip_or(word, words.names))
        for word in arguments
    ):
        return False
    grammar = word_lists.load().grammar
    return any(
        short in words.names
        and len(short) < _NAME_ALONE
        and short in grammar
        and (after in grammar or not (after in words.fillers or _slip_or(after, words.known)))
        for short, after in zip(arguments, arguments[1:], strict=False)
    )


def bare(words: Vocabulary, line: str) -> bool:
    """Whether ``line`` is a verb typed right and fillers only ("Move on", "Play on!", "Move
    along") whose verb never makes a command without a word of the game after it: chat to a
    reader who knows the position. A verb that may (``Vocabulary.bare``, a word that ends the
    turn: "Stay on", "done please") or a slip of one ("Stya on") is a command."""
    found = tokens(line)
    return (
        len(found) > 1
        and found[0] in words.verbs
        and all(word in words.fillers for word in found[1:])
        and not _slip_or(found[0], words.bare | words.ends_turn)
    )


def _slip_or(word: str, candidates: frozenset[str]) -> bool:
    """Whether ``word`` is one of ``candidates`` or a slip of one."""
    return word in candidates or _slip(word, candidates)
