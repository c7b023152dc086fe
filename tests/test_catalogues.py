"""The catalogues: the template holds every message the code and templates have, and every
catalogue translates every one of them, placeholders kept."""

from __future__ import annotations

import ast
import re
from collections import Counter

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from pbem import i18n
from tests.conftest import REPO

CATALOGUES = ("en", "es", "de", "pt")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def key(message_id, context: str | None = None) -> tuple:
    """A message's key: its context (``None`` without one) and its text, or (singular,
    plural): "red" of a HONGA card and "red" of a Hengist path are two messages."""
    return (context, message_id if isinstance(message_id, str) else tuple(message_id))


def keys(catalog) -> dict:
    """Each message of ``catalog`` (but the header) by its key."""
    return {key(m.id, m.context): m for m in catalog if m.id}


def template() -> dict:
    """The committed ``pbem/locale/pbem.pot``: key -> message."""
    with (i18n.LOCALE_DIR / "pbem.pot").open("rb") as pot:
        return keys(read_po(pot))


def test_the_template_holds_exactly_what_extraction_finds_now():
    """A sentence added or changed in the code or a template is in the .pot (`make messages`)."""
    with (REPO / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {key(m[2], m[4]) for m in extract_from_dir(REPO, method_map, options_map) if m[2]}
    committed = set(template())
    assert not found - committed, "run `make messages`: new messages are not in the .pot"
    assert not committed - found, "run `make messages`: the .pot holds messages no longer used"


def placeholders(text: str) -> tuple[frozenset, Counter]:
    """The named placeholders of ``text`` (a translation may name one twice) and how many of
    each positional one (``%s``, ``{}``: as many as the msgid's)."""
    found = PLACEHOLDER.findall(text)
    named = frozenset(p for p in found if p not in ("%s", "%d", "{}"))
    return named, Counter(p for p in found if p in ("%s", "%d", "{}"))


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_message_is_translated_with_its_placeholders(language):
    path = i18n.catalogue_path(language)
    with path.open("rb") as po:
        catalog = read_po(po)
    assert str(catalog.locale) == language
    translated = keys(catalog)
    wanted = template()
    missing = set(wanted) - set(translated)
    assert not missing, f"{len(missing)} messages missing: pybabel update, then translate"
    problems = []
    for found, message in translated.items():
        if found not in wanted:
            continue  # obsolete, never looked up
        if message.fuzzy:
            problems.append(("fuzzy", found))
        if isinstance(message.id, tuple | list):
            strings = message.string if isinstance(message.string, tuple) else ()
            if len(strings) != catalog.num_plurals or not all(strings):
                problems.append(("plural forms missing", found))
            for n, string in enumerate(strings):
                source = message.id[0] if n == 0 and catalog.num_plurals > 1 else message.id[1]
                if placeholders(string) != placeholders(source):
                    problems.append(("placeholders", found, string))
        elif not message.string:
            problems.append(("empty", found))
        elif placeholders(message.string) != placeholders(message.id):
            problems.append(("placeholders", found, message.string))
    assert not problems, "\n".join(map(repr, problems[:40]))


@pytest.mark.parametrize("language", CATALOGUES)
def test_a_catalogue_has_the_plural_forms_of_its_language(language):
    """CLDR's plural rules as Babel gives them: Spanish and Portuguese three forms ('one',
    'many' for whole millions, 'other'; Portuguese 'one' is 0 and 1), English and German two;
    the gettext that reads the catalogue picks the form a number needs."""
    with i18n.catalogue_path(language).open("rb") as po:
        catalog = read_po(po)
    assert catalog.plural_forms == get_plural(language).plural_forms
    compiled = i18n.translations(language)
    singular = compiled.ngettext("%(num)s point", "%(num)s points", 1)
    assert compiled.ngettext("%(num)s point", "%(num)s points", 2) != singular
    zero = compiled.ngettext("%(num)s point", "%(num)s points", 0)
    assert (zero == singular) == (language == "pt")


@pytest.mark.parametrize("language", CATALOGUES)
def test_a_catalogue_is_read_from_its_po_once_and_shared_by_its_regions(language):
    assert i18n.translations(language) is i18n.translations(f"{language}-XX")
    assert i18n.translations(language).info()["language"] == language


# -- nothing players read escapes gettext ----------------------------------------------------

#: Attributes a reader sees or hears (a picture's text, a tooltip, a screen reader's label).
READABLE = re.compile(r'\b(?:alt|title|aria-label|placeholder)\s*=\s*"([^"]*)"', re.I)
#: Names that are the same in every language.
NAMES = {"pbem"}
#: A string literal in an expression that reads as words (not a key, style, path or markup).
PROSE = re.compile(r"[^:;=/.#{%<_]*[^\W\d_]{2,} +[^\W\d_]{2,}[^:;=/.#{%<_]*")
#: The template calls whose string literals are messages (or a message's context).
GETTEXT_CALLS = {("name", name) for name in ("_", "gettext", "ngettext", "pgettext")}
TEMPLATES = sorted(
    p for p in i18n.TEMPLATES_DIR.rglob("*") if p.suffix in (".html", ".txt") and p.is_file()
)


def literal_words(source: str) -> list[str]:
    """The words of ``source`` (a template) a reader would read untranslated: its text outside
    ``{% trans %}`` blocks and expressions, without markup, comments, style sheets, addresses
    and links, the readable attributes' literal values, and string literals of expressions
    outside ``_()`` that are not styles, paths or markup."""
    env = i18n.mail_environment()
    tokens = [token for token in env.lex(source) if token[1] != "whitespace"]
    parts, depth, brackets, calls = [], 0, 0, []
    for index, (_line, kind, value) in enumerate(tokens):
        if kind == "block_begin":
            name = next((v for _, k, v in tokens[index + 1 :] if k == "name"), "")
            depth += {"trans": 1, "endtrans": -1}.get(name, 0)
            parts.append("\x00")
        elif kind == "variable_begin":
            parts.append("\x00")  # an expression: its words come from gettext or the data
        elif kind == "data" and depth == 0:
            parts.append(value)
        elif kind == "operator" and value == "(":
            brackets += 1
            if tokens[index - 1][1:] in GETTEXT_CALLS:
                calls.append(brackets)
        elif kind == "operator" and value == ")":
            if calls and calls[-1] == brackets:
                calls.pop()
            brackets -= 1
        elif kind == "string" and not calls and PROSE.fullmatch(value):
            parts.append(f" {value} ")  # words in an expression, outside gettext
    text = "".join(parts)
    text = re.sub(r"<!--.*?-->|<style\b.*?</style>", " ", text, flags=re.S | re.I)
    readable = [value for tag in re.findall(r"<[^>]*>", text) for value in READABLE.findall(tag)]
    text = re.sub(r"<[^>]*>|&#?\w+;", " ", text)
    text = re.sub(r"[\w.+-]+@[\w.-]+|https?://\S+", " ", " ".join([text, *readable]))
    words = re.findall(r"[^\W\d_]{2,}", text)
    return [word for word in words if word not in NAMES]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(i18n.TEMPLATES_DIR)))
def test_a_template_has_no_words_outside_gettext(path):
    assert literal_words(path.read_text()) == []


def test_the_template_check_finds_words_in_text_and_readable_attributes():
    source = (
        '<p>{{ _("Your turn") }}: {% trans %}Go on{% endtrans %} {{ n }} &nbsp;—</p>'
        '<style>p{font-family:serif}</style><!-- a note --><img src="x.png" style="width:9px">'
    )
    assert literal_words(source) == []
    assert literal_words("<p>Your turn</p>") == ["Your", "turn"]
    assert literal_words('<img alt="the board" src="b.png">') == ["the", "board"]
    assert literal_words("<img alt=\"{{ _('the board') }}\">") == []
    assert literal_words("{% if x %}Waiting{% endif %}") == ["Waiting"]
    assert literal_words('{{ _("Hand") if x else "no hand" }}') == ["no", "hand"]
    assert literal_words('{{ _("%(n)s left", n=k) }}{% include "mail/_top.html" %}') == []
    assert literal_words('{{ pgettext("action card", c.colour) }}') == []


#: The engines' modules of command words in other languages (read, never written to players).
LEXICONS = "lexicon.py"
#: Errors only a programmer reads.
PROGRAMMERS = {"TypeError", "ValueError", "AssertionError", "KeyError"}
SENTENCE = re.compile(r"[^\W\d_]+ [^\W\d_]+ [^\W\d_]+")


def sentences_outside_gettext(source: str) -> list[str]:
    """String literals of three words or more that are neither a docstring nor inside
    ``_``, ``N_``, ``ngettext`` or ``pgettext`` (nor an error for programmers)."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {
        node.body[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if node in docstrings or not SENTENCE.search(node.value):
            continue
        parent = parents.get(node)
        while parent is not None:
            if isinstance(parent, ast.Call):
                called = getattr(parent.func, "id", getattr(parent.func, "attr", ""))
                if called in {"_", "N_", "ngettext", "pgettext"} | PROGRAMMERS:
                    break
            parent = parents.get(parent)
        else:
            found.append(node.value)
    return found


ENGINE_MODULES = sorted(
    p
    for p in (REPO / "engine").rglob("*.py")
    if p.name != LEXICONS and not p.name.startswith("bench")  # benches talk to programmers
)


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(REPO)))
def test_an_engine_sentence_goes_through_gettext(path):
    assert sentences_outside_gettext(path.read_text()) == []


def test_the_engine_check_finds_sentences_outside_gettext():
    source = '''
def describe(event):
    """What happened, in a sentence of the reader's."""
    if event:
        return _("{p} took the wood.").format(p=event)
    raise TypeError("an event is a dict")
    return f"{event} took the stone."
'''
    assert sentences_outside_gettext(source) == [" took the stone."]
