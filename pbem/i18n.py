"""Catalogues per locale (each `.po` compiled in memory at first use) and the Jinja2
environment that renders mails.

Templates and the engine share one gettext: the environment's ``_``/``ngettext`` are
:mod:`engine.i18n`'s, and :func:`render` makes the recipient's catalogue active around each
render, so a template sentence and an engine sentence in the same mail are in one language.

What every reader of a position sees alike (the open board) is rendered once for all of them:
a template calls ``shared("mail/<game>/open.html", view=view|only("board", ...))``, and the
named template is rendered with exactly those values, in the active language, once per
distinct values (:func:`shared`).

A template is compiled once per catalogue, and its ``_("...")`` calls of a literal are
translated then (:class:`_Environment`): they cost nothing when a mail is rendered, where
each had cost five Python calls through Jinja2's i18n extension, for some 400 of them in a
turn mail's two parts. The gettext calls of a value known only when rendering (``_(area)``)
become filters doing the same (``area|gettext``): one plain call each.
"""

from __future__ import annotations

import gettext
import io
import re
import textwrap
import types
import weakref
from functools import lru_cache
from importlib import resources
from pathlib import Path

import jinja2
import jinja2.runtime
import orjson
import wcwidth
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from jinja2 import nodes
from jinja2.visitor import NodeTransformer
from markupsafe import Markup, escape

from engine import i18n as engine_i18n
from engine.frozen import FrozenDict

DOMAIN = "pbem"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TEMPLATES_DIR = resources.files("pbem.templates")  # templates/ of the checkout (pyproject.toml)

_LOCALE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*")


class _Untranslated(gettext.NullTranslations):
    """A locale without a catalogue: English sentences, but the locale's language is known
    (it decides what a short command word means, :func:`engine.i18n.language`)."""

    def __init__(self, language: str):
        super().__init__()
        self._info = {"language": language}


@lru_cache(maxsize=64)
def translations(locale: str) -> gettext.NullTranslations:
    """The catalogue of ``locale``; English sentences when there is none.

    ``pt-BR`` and ``pt_BR`` are the same locale and fall back to ``pt`` when there is no
    ``pt_BR`` catalogue.
    """
    if not _LOCALE.fullmatch(locale or ""):
        return gettext.NullTranslations()
    language, *region = locale.replace("-", "_").split("_")
    candidates = ["_".join([language.lower(), *region]), language.lower()]
    for name in candidates:
        path = catalogue_path(name)
        if path.is_file():
            return _compiled(path)
    return _Untranslated(locale.replace("-", "_"))


def catalogue_path(name: str) -> Path:
    """Where the catalogue of locale ``name`` (``es``, ``pt_BR``) is: its ``.po`` file."""
    return LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=16)
def _compiled(path: Path) -> gettext.GNUTranslations:
    """The ``.po`` at ``path`` compiled in memory, once per process.

    The ``.po`` is read directly (no ``.mo`` in git or to build; docs/LANGUAGES.md): a
    fuzzy or empty translation is left out, so its English msgid is shown.
    """
    with path.open("rb") as po:
        catalog = read_po(po, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def wrap(text: str, width: int = 72, indent: str = "") -> str:
    """Each line of ``text`` wrapped at ``width`` columns, continuation lines indented."""
    return "\n".join(
        line if _fits(line, width) else _wrapped_line(line, width, indent)
        for line in str(text).splitlines()
    )


def _fits(line: str, width: int) -> bool:
    """Whether textwrap would give ``line`` back as it is: short enough, no tab, nothing
    blank at its end (most lines of a mail; textwrap costs more than the rest of the wrap)."""
    return len(line) <= width and "\t" not in line and not line[-1:].isspace()


@lru_cache(maxsize=4096)
def _wrapped_line(line: str, width: int, indent: str) -> str:
    """One line wrapped (cached: every recipient's mail repeats most lines of the others')."""
    return "\n".join(
        textwrap.wrap(
            line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
        )
    )


def columns(rows: list[list], align: str) -> str:
    """``rows`` (a heading row, then the values) as a text table: each column as wide as its
    widest cell as a mail client shows it (:func:`wcwidth.wcswidth`: "Águ" is three columns,
    a wide letter two), aligned as ``align`` says for each column (``<`` left, ``>`` right),
    one space between columns and one more for each space in ``align`` (``"<>> <"``: two
    before the last), so a heading in any language fits over its values. (Tabulate and the
    like put two spaces between all columns: a text mail has 72.)"""
    sides = align.replace(" ", "")
    gaps = [" " * (1 + len(gap)) for gap in re.split(r"[<>]", align.strip())[1:-1]]
    cells = [[str(cell) for cell in row] for row in rows]
    widths = [max(_width(row[k]) for row in cells) for k in range(len(sides))]
    lines = []
    for row in cells:
        line = ""
        for k, (cell, width, side) in enumerate(zip(row, widths, sides, strict=True)):
            pad = " " * (width - _width(cell))
            line += (gaps[k - 1] if k else "") + (pad + cell if side == ">" else cell + pad)
        lines.append(line.rstrip())
    return "\n".join(lines)


def _width(text: str) -> int:
    """The columns ``text`` takes in a monospaced mail (its length where it has no printable
    width, a control character)."""
    width = wcwidth.wcswidth(text)
    return width if width >= 0 else len(text)


def quote(text: str, width: int = 72) -> str:
    """``text`` wrapped and quoted with ``> `` on every line, as mail quotes are."""
    return "\n".join(f"> {line}".rstrip() for line in wrap(text, width - 2).splitlines() or [""])


#: a sentence whose every placeholder is ``%(name)s`` (or ``%%``)
_NAMED_STRINGS = re.compile(r"(?:[^%]|%%|%\([^()]*\)s)*", re.DOTALL)


@lru_cache(maxsize=4096)
def _named_strings_only(sentence: str) -> bool:
    return _NAMED_STRINGS.fullmatch(sentence) is not None


def _interpolated(sentence: str, values: dict, autoescape: bool) -> str:
    """``sentence % values`` as Jinja2's newstyle gettext does it: in an autoescaped template
    the sentence is markup and each value is escaped. markupsafe's ``Markup % values`` wraps
    every value in a helper that escapes it when formatted; where every placeholder is
    ``%(name)s`` the values are escaped first and the sentence formatted once (the same text,
    a third of the time)."""
    if not autoescape:
        return sentence % values
    if not _named_strings_only(sentence):
        return Markup(sentence) % values
    return Markup(sentence % {key: escape(value) for key, value in values.items()})


@jinja2.pass_eval_context
def _interpolate(eval_ctx, sentence: str, values: dict) -> str:
    """``sentence % values`` in a template, escaped where it autoescapes (a filter)."""
    return _interpolated(sentence, values, eval_ctx.autoescape)


@jinja2.pass_eval_context
def _gettext(eval_ctx, string: str, **variables) -> str:
    """``_(string)`` as Jinja2's newstyle gettext does it, as a filter (``string|gettext``)."""
    return _interpolated(engine_i18n._(string), variables, eval_ctx.autoescape)


@jinja2.pass_eval_context
def _pgettext(eval_ctx, string: str, context: str, **variables) -> str:
    """``pgettext(context, string)`` as Jinja2's newstyle pgettext, as a filter."""
    variables.setdefault("context", context)
    rv = engine_i18n.pgettext(context, string)
    return _interpolated(rv, variables, eval_ctx.autoescape)


@jinja2.pass_eval_context
def _ngettext(eval_ctx, num: int, singular: str, plural: str, **variables) -> str:
    """``ngettext(singular, plural, num)`` as Jinja2's newstyle ngettext, as a filter."""
    variables.setdefault("num", num)
    rv = engine_i18n.ngettext(singular, plural, num)
    return _interpolated(rv, variables, eval_ctx.autoescape)


#: gettext function -> (its filter's name, the index of the argument the filter is applied to)
_AS_FILTERS = {
    "_": ("gettext", 0, 1),
    "pgettext": ("pgettext", 1, 2),
    "ngettext": ("ngettext", 2, 3),
}


class _Translated(NodeTransformer):
    """``_("literal", name=value...)`` replaced by the active catalogue's translation,
    formatted with the values as Jinja2's newstyle gettext does (the ``interpolate`` filter:
    ``%`` with a dict, markup in autoescaped templates, so the values are escaped and the
    sentence is not).

    Every other ``_(...)``, ``pgettext(...)`` and ``ngettext(...)`` becomes a filter doing the
    same (``value|gettext``): a call in a template goes through Jinja2's ``Context.call``,
    and each of these through three of them, a filter is one plain call."""

    def visit_Call(self, node: nodes.Call) -> nodes.Node:
        node = self.generic_visit(node)
        if not (
            isinstance(node.node, nodes.Name)
            and node.node.name in _AS_FILTERS
            and node.dyn_args is None
            and node.dyn_kwargs is None
        ):
            return node
        name, subject, count = _AS_FILTERS[node.node.name]
        if len(node.args) != count:
            return node
        if not (
            name == "gettext"
            and isinstance(node.args[0], nodes.Const)
            and isinstance(node.args[0].value, str)
        ):
            value, others = node.args[subject], node.args[:subject] + node.args[subject + 1 :]
            return nodes.Filter(value, name, others, node.kwargs, None, None, lineno=node.lineno)
        sentence = engine_i18n._(node.args[0].value)
        if not node.kwargs:
            return nodes.MarkSafeIfAutoescape(nodes.Const(sentence % {}), lineno=node.lineno)
        values = [nodes.Pair(nodes.Const(k.key), k.value, lineno=k.lineno) for k in node.kwargs]
        return nodes.Filter(
            nodes.Const(sentence),
            "interpolate",
            [nodes.Dict(values, lineno=node.lineno)],
            [],
            None,
            None,
            lineno=node.lineno,
        )


def _sentences_of(catalogue: gettext.NullTranslations) -> gettext.NullTranslations | None:
    """What a template compiled in ``catalogue`` depends on: its sentences. Every catalogue
    that leaves them English (a locale without one, ``_Untranslated``) shares one compiled
    template (None), so players of many unknown locales cost no compilation each."""
    english = type(catalogue).gettext is gettext.NullTranslations.gettext
    return None if english and catalogue._fallback is None else catalogue


#: what an instance of each plain dict type has as attributes (its class's and their bases')
_DICT_ATTRIBUTES = {kind: frozenset(dir(kind)) for kind in (dict, FrozenDict)}


#: what a template may call that can carry no ``pass_context`` mark (a dict's ``get``, a
#: string's ``find``): called at once, not looked over first as Jinja2's ``Context.call`` does
_UNMARKED = frozenset({types.BuiltinFunctionType, types.MethodWrapperType})


class _Context(jinja2.runtime.Context):
    """Jinja2's context, calling a built-in function or method directly."""

    def call(__self, __obj, *args, **kwargs):  # noqa: N805 (Jinja2's own names)
        if type(__obj) not in _UNMARKED:
            return super().call(__obj, *args, **kwargs)
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


class _Environment(jinja2.Environment):
    """Templates compiled in the active catalogue: literal sentences translated once."""

    def __init__(self, **options):
        super().__init__(cache_size=0, **options)
        #: the templates compiled, by loader, name and the catalogue they were compiled in
        self.compiled: dict = {}

    context_class = _Context

    def getattr(self, obj, attribute):
        """Jinja2's ``obj.attribute`` (the attribute, else the item), looking a plain dict's
        key up at once when the dict has no such attribute: the same answer, without the
        AttributeError Jinja2 raised for every ``view.table`` (some 370 a turn mail)."""
        attributes = _DICT_ATTRIBUTES.get(type(obj))
        if attributes is None or attribute in attributes:
            return super().getattr(obj, attribute)
        try:
            return obj[attribute]
        except LookupError:
            return self.undefined(obj=obj, name=attribute)

    def _parse(self, source, name, filename):
        return _Translated().visit(super()._parse(source, name, filename))

    def get_template(self, name, parent=None, globals=None):
        """Jinja2's, kept per catalogue (a template compiled in one language is another
        template in the next): Jinja2's own cache keys a template by its name alone, and is off
        (``cache_size=0``)."""
        if isinstance(name, jinja2.Template):
            return name
        if parent is not None:
            name = self.join_path(name, parent)
        key = (weakref.ref(self.loader), name, _sentences_of(engine_i18n.active()))
        template = self.compiled.get(key)
        if template is None or (self.auto_reload and not template.is_up_to_date):
            template = self.compiled[key] = super().get_template(name, globals=globals)
        elif globals:
            template.globals.update(globals)
        return template


@lru_cache(maxsize=1)
def mail_environment() -> jinja2.Environment:
    """The Jinja2 environment for ``templates/`` (HTML autoescaped, undefined names fail)."""
    env = _Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        extensions=["jinja2.ext.i18n"],
        autoescape=jinja2.select_autoescape(enabled_extensions=("html",), default=False),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # templates are compiled once per process: no stat per include
    )
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(
        engine_i18n._, engine_i18n.ngettext, newstyle=True, pgettext=engine_i18n.pgettext
    )
    env.filters["wrap"] = wrap
    env.filters["quote"] = quote
    env.filters["columns"] = columns
    env.filters["only"] = only
    env.filters.update(
        gettext=_gettext, pgettext=_pgettext, ngettext=_ngettext, interpolate=_interpolate
    )
    env.globals["shared"] = shared
    env.globals["term"] = str  # a game's word as the reader writes it: compose gives the game's
    return env


def only(values: dict, *keys: str) -> dict:
    """The entries ``keys`` of ``values`` (a view's open parts, for :func:`shared`)."""
    return {key: values[key] for key in keys}


def shared(template: str, /, **values) -> str:
    """``template`` rendered with ``values`` alone (JSON-able), in the active language.

    Rendered once per language and distinct values (the same, in the same order), and the
    template sees nothing but them: the readers of a position share it exactly when they hand
    it the same values, so a reader never gets what was rendered from anything but their own.
    HTML comes back as markup, text as text.
    """
    data = orjson.dumps(values)
    return _rendered(template, engine_i18n.active(), data)


def forget_shared() -> None:
    """Forget the fragments :func:`shared` rendered (for tests and measuring)."""
    _rendered.cache_clear()


@lru_cache(maxsize=512)
def _rendered(template: str, catalogue: gettext.NullTranslations, data: bytes) -> str:
    with engine_i18n.use(catalogue):
        out = mail_environment().get_template(template).render(**orjson.loads(data))
    return Markup(out) if template.endswith(".html") else out


def render(template: str, locale: str, /, **context) -> str:
    """``template`` rendered with ``context`` in ``locale``."""
    with engine_i18n.use(translations(locale)):
        return mail_environment().get_template(template).render(**context)
