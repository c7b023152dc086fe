"""HTML as the text its reader sees: paragraphs apart by a blank line, lines as the mail shows them.

Block structure follows what a browser renders (the ``innerText`` rule of the HTML standard):
a paragraph, a list, a quote, a heading or a ``<pre>`` stands a blank line apart from what is
around it; a ``<div>``, a list item, a table row or a ``<br>`` ends a line; runs of blank lines
are one. A list item begins with its marker as a browser draws it ("1. " in an ``<ol>``, a
bullet in a ``<ul>``; an ``<ol>``'s ``type`` is read as numbers, and so are the letters and
roman numbers of the markers Word writes as text, its symbol fonts' bullets as bullets). Paragraphs without margins are lines: Word's (Outlook's ``MsoNormal``, where an empty
paragraph is a blank line) and those whose style, inline or in the mail's style sheet, sets
their top and bottom margins to zero (Outlook on the web, Hotmail).

In reply mode, quoted parts come out as ``>`` lines, an ``<hr>`` as a :data:`RULE` line,
attributions and signatures that clients mark are dropped, and the text stops where a client's marked history begins. One pass over the
tokens of :mod:`pbem.mail.html_tokens`, linear in the input however deep the nesting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.mail import header_labels
from pbem.mail.html_tokens import tokens

#: Elements that end a line before and after them.
_LINE_BLOCKS = {
    "address", "article", "aside", "center", "dd", "div", "dt", "fieldset", "footer", "form",
    "header", "hr", "li", "main", "nav", "section", "table", "tr",
}  # fmt: skip
#: Elements with a blank line before and after them (their margins, in a browser).
_PARAGRAPH_BLOCKS = {
    "blockquote", "dl", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "p", "pre", "ul",
}  # fmt: skip
_LISTS = {"ol", "ul"}
#: The bullets a browser draws in a ``<ul>``, by how deep in lists it is (the last for deeper).
_BULLETS = ("•", "◦", "▪")
_VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr",
}  # fmt: skip
_HIDDEN = {"script", "style", "title", "template", "noscript"}
#: A style that hides an element from its reader (a preview line, text a client keeps out of
#: sight): what nobody sees, nobody wrote.
_INVISIBLE_STYLE = re.compile(
    r"(?:^|;)(?:display:none|visibility:hidden|mso-hide:all)(?:!important)?(?:;|$)"
)
_QUOTE_START = "\ue000"  # private-use marks: where quoted HTML begins and ends
_QUOTE_END = "\ue001"
#: In reply mode, a line of its own where an ``<hr>`` stands: the rule a signature may follow.
RULE = "\ue002"
#: Invisible characters clients and editors slip into text (zero-width spaces and joiners,
#: direction marks, byte-order marks, soft hyphens): no player means them.
INVISIBLE = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)
#: Elements holding only an attribution or a signature: dropped in replies.
_DROPPED_CLASSES = {
    "moz-cite-prefix", "gmail_signature", "moz-signature", "protonmail_signature_block",
    "elementtoproof-signature", "fairemail_signature", "k9mail-signature",
}  # fmt: skip
_DROPPED_IDS = {
    "signature", "applemailsignature", "ms-outlook-mobile-signature", "composer_signature",
    "ymail_android_signature", "divtagdefaultsignature",
}  # fmt: skip
#: Elements named (``name=``) as a signature, and as the start of the history (Spark).
_DROPPED_NAMES = {"messagesignaturesection"}
_CUT_NAMES = {"messagereplysection"}
#: Elements that hold quoted history: kept as ``>`` lines, so text after them survives.
_QUOTE_CLASSES = {"yahoo_quoted", "protonmail_quote", "fairemail_quote"}
#: Elements after which everything is quoted history.
_CUT_IDS = {
    "divrplyfwdmsg", "appendonsend", "stopspelling", "zwchr",
    "olk_src_body_section", "mail-editor-reference-message-container",  # Outlook for Mac
}  # fmt: skip
_CUT_CLASSES = {"outlookmessageheader", "moz-forward-container"}
#: What clients put around the class and id names of a mail they show or quote, so its style
#: sheet cannot touch theirs: Outlook on the web and Exchange ``x_`` (once per round), Gmail
#: ``m_<digits>`` (and ``gmail-`` on pasted Word classes), Yahoo ``yiv<digits>``, AOL
#: ``aolmail_``, Hotmail ``ecx``; mail.ru puts ``_mr_css_attr`` after them.
_NAME_PREFIXES = re.compile(r"^(?:x_|m_-?\d+_?|yiv\d+|aolmail_|ecx|gmail-)+")
_NAME_SUFFIX = "_mr_css_attr"
#: How a header block above quoted history begins: "From:", "Von:", "Sent:", "Enviado:".
_HEADER_START = re.compile(
    rf"^\s*({header_labels.alternatives(header_labels.labels('from', 'sent'))})\s*:",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"-?\d{1,9}")
#: An ordered marker Word writes: digits, letters or a roman number, maybe within a
#: multilevel number ("1.2."), with a dot or in brackets ("a.", "iv)", "(c)").
_WORD_ORDERED = re.compile(r"\(?(?:\d{1,3}\.)*(\d{1,3}|[a-z]{1,3}|[ivxlcdm]{1,7})([.)])", re.I)
#: The glyphs of Word's bullets in their symbol fonts, as the bullets a browser draws.
_WORD_BULLETS = {"·": "•", "o": "◦", "§": "▪"}
_ROMAN = re.compile(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
#: White space that HTML collapses (a no-break space is not such).
_COLLAPSIBLE = re.compile(r"[ \t\n\r\f]+")
#: How Word's paragraph classes begin (MsoNormal, MsoListParagraph, MsoPlainText): lines
#: without margins, as Word's own style sheet makes them.
_WORD_PARAGRAPH = "mso"
#: How much of a style sheet is read for paragraph margins.
_STYLE_READ = 50_000


#: A whole document's start: some clients and webmail forwarders send HTML as text/plain.
_DOCUMENT_START = re.compile(r"<(?:!doctype\s+html|html)[\s>]", re.I)
#: A text that is markup begins with a block element's tag and closes one (Gmail's ``<div
#: dir="ltr">``); a player's '<' in prose or a command ("<3", "say a < b") makes none.
_BLOCK_START = re.compile(
    r"<(?:blockquote|body|center|div|font|head|meta|ol|p|pre|span|table|ul)(?:\s[^<>]*)?/?>",
    re.I,
)
_BLOCK_CLOSE = re.compile(r"</(?:blockquote|body|div|html|ol|p|pre|span|table|ul)\s*>", re.I)


def is_markup(text: str) -> bool:
    """Whether a text/plain body is really HTML: it begins a whole document, or begins with a
    block element's tag, closes one and ends with a tag."""
    text = INVISIBLE.sub("", text).strip()
    if _DOCUMENT_START.match(text):
        return True
    return bool(_BLOCK_START.match(text) and text.endswith(">") and _BLOCK_CLOSE.search(text))


def html_to_text(html: str) -> str:
    """Readable text of ``html``: blocks as their reader sees them, entities decoded,
    scripts, styles and hidden elements dropped."""
    return render(html, for_reply=False)


def html_reply_text(html: str) -> str:
    """Text of an HTML reply with quoted parts as ``>`` lines and known history cut off."""
    return render(html, for_reply=True)


def render(html: str, for_reply: bool) -> str:
    """The text of ``html`` (see the module); ``for_reply`` marks quotes and cuts history."""
    reader = _TextReader(for_reply)
    for kind, value, attrs in tokens(_unmarked(html)):
        if reader.cut:
            break
        if kind == "start":
            reader.start(value, attrs)
        elif kind == "end":
            reader.end(value)
        else:
            reader.data(value)
    lines: list[str] = []
    depth = 0
    for line in "".join(reader.parts).split("\n"):
        if line == _QUOTE_START:
            depth += 1
        elif line == _QUOTE_END:
            depth = max(depth - 1, 0)
        else:
            lines.append((("> " if depth else "") + line.strip()).rstrip())
    text = "\n".join(lines).strip("\n")
    return re.sub(r"\n{3,}", "\n\n", text)


def _unmarked(html: str) -> str:
    """``html`` without the private-use characters the reader marks lines with."""
    for mark in (_QUOTE_START, _QUOTE_END, RULE):
        html = html.replace(mark, "")
    return html


# -- margins ------------------------------------------------------------------------------------


def _margins_zero(declarations: str) -> bool | None:
    """Whether CSS ``declarations`` set the top and bottom margins to zero (None: they set
    neither)."""
    top = bottom = None
    for declaration in declarations.split(";"):
        name, _, value = declaration.partition(":")
        name, values = name.strip().lower(), value.lower().replace("!important", "").split()
        if name == "margin" and values:
            top, bottom = values[0], values[2] if len(values) > 2 else values[0]
        elif name == "margin-top" and values:
            top = values[0]
        elif name == "margin-bottom" and values:
            bottom = values[0]
    if top is None and bottom is None:
        return None
    return _is_zero(top) and _is_zero(bottom)


def _is_zero(length: str | None) -> bool:
    """Whether a CSS length is no visible margin ("0", "0cm", Word's ".0001pt")."""
    found = re.fullmatch(r"-?(\d*\.?\d+)([a-z%]*)", length or "")
    return found is not None and float(found[1]) < (1 if found[2] in ("px", "pt") else 0.01)


@dataclass
class _StyleSheet:
    """What a mail's style sheets say about paragraph margins: for ``p`` itself (None: nothing)
    and for classes, whether they are zero."""

    paragraphs: bool | None = None
    classes: dict[str, bool] | None = None

    def read(self, css: str) -> None:
        """Take in the rules of ``css`` that set vertical margins."""
        if self.classes is None:
            self.classes = {}
        for rule in css[:_STYLE_READ].split("}"):
            selectors, _, declarations = rule.partition("{")
            zero = _margins_zero(declarations)
            if zero is None:
                continue
            for selector in selectors.split(","):
                compound = (selector.split() or [""])[-1].lower()
                tag, _, name = compound.partition(".")
                name = _unprefixed(name)
                if tag == "p" and not name:
                    self.paragraphs = zero
                elif tag in ("p", "") and name:
                    self.classes[name] = zero

    def zero_for(self, classes: set[str]) -> bool | None:
        """Whether a paragraph of ``classes`` has no vertical margins by the style sheet."""
        for name in classes:
            if self.classes and name in self.classes:
                return self.classes[name]
        return self.paragraphs


# -- the reader ---------------------------------------------------------------------------------


@dataclass
class _Region:
    """An open element whose content is hidden, quoted or a list's marker, and how often its
    tag is open."""

    tag: str
    kind: str
    open_count: int = 1


class _TextReader:
    """Collects the text of HTML; in reply mode also marks quotes and stops at history.

    Line breaks are asked for, not written: a block asks for one or two, and they are written
    when text follows (the most asked for; fewer if ``<br>`` wrote some already). Linear
    however deep the nesting: the open hidden and quote regions are a stack with, per tag, the
    stack positions of its regions, and counts of hidden and marker ones.
    """

    def __init__(self, for_reply: bool) -> None:
        self.for_reply = for_reply
        self.parts: list[str] = []
        self.regions: list[_Region] = []
        self.by_tag: dict[str, list[int]] = {}
        self.hidden = 0
        self.markers = 0  # open list markers Word writes (``mso-list:Ignore``)
        self.pre = 0
        self.lists: list[int | None] = []  # per open list: its last item's number (None: <ul>)
        self.item_marker = ""  # the marker of a list item that has no text yet
        self.cut = False
        self.maybe_cut_at: int | None = None  # a border-top box: history if it starts "From:"
        self.newlines: int | None = None  # line breaks written since the last text; None: none yet
        self.asked = 0  # line breaks asked for before the next text
        self.line_paragraphs: list[bool] = []  # per open <p>: whether it is a line, no margins
        self.paragraph_text_at: list[int] = []  # per open <p>: len(parts) at its start
        self.style = _StyleSheet()
        self.in_style = False

    def start(self, tag: str, attrs: dict) -> None:
        kind = self._kind(tag, attrs)
        if kind == "cut":
            self.cut = True
            return
        if kind == "border":
            self.maybe_cut_at = len(self.parts)
            kind = None
        if kind is not None and tag not in _VOID:
            self.by_tag.setdefault(tag, []).append(len(self.regions))
            self.regions.append(_Region(tag, kind))
            if kind == "hidden":
                self.hidden += 1
            elif kind == "marker":
                self.markers += 1
            elif kind == "quote":
                self._mark(_QUOTE_START)
        elif self.by_tag.get(tag):
            self.regions[self.by_tag[tag][-1]].open_count += 1
        if tag == "hr" and self.for_reply and not self.hidden:
            self._mark(RULE)
        elif tag == "br":
            self._write_asked()
            self.parts.append("\n")
            self.newlines = (self.newlines or 0) + 1
        elif tag == "p":
            self._open_paragraph(attrs)
        elif tag in _LISTS:
            self._ask(1 if self.lists else 2)
            self.lists.append(_first_number(attrs) - 1 if tag == "ol" else None)
        elif tag == "li":
            self._ask(1)
            self.item_marker = self._marker(attrs)
        else:
            self._ask(self._breaks(tag))
        if tag == "pre":
            self.pre += 1
        elif tag == "style":
            self.in_style = True
        elif tag in ("td", "th") and self.newlines == 0 and not self.asked:
            self.parts.append(" ")

    def end(self, tag: str) -> None:
        if self.by_tag.get(tag):
            index = self.by_tag[tag][-1]
            self.regions[index].open_count -= 1
            if self.regions[index].open_count == 0:
                self._close_from(index)
        if tag == "p":
            self._close_paragraph()
        elif tag in _LISTS:
            if self.lists:
                self.lists.pop()
            self._ask(1 if self.lists else 2)
        else:
            if tag == "li":
                self.item_marker = ""
            self._ask(self._breaks(tag))
        if tag == "pre":
            self.pre = max(self.pre - 1, 0)
        elif tag == "style":
            self.in_style = False

    def data(self, data: str) -> None:
        if self.in_style:
            self.style.read(data)
        if self.hidden:
            return
        if self.maybe_cut_at is not None and data.strip():
            if _HEADER_START.match(data):
                del self.parts[self.maybe_cut_at :]
                self.cut = True
                return
            self.maybe_cut_at = None
        if self.pre:
            self._write(data.replace("\xa0", " "))
            return
        # a list marker's no-break spaces ("1.&nbsp;&nbsp;&nbsp; ") stand for Word's tab: one space
        if self.markers:
            text = _word_marker(re.sub(r"\s+", " ", data))
        else:
            text = _COLLAPSIBLE.sub(" ", data)
        if self.newlines != 0 or self.asked:
            text = text.lstrip(" ")  # collapsible space at the start of a line is not shown
        if text:
            self._write(text.replace("\xa0", " "))

    @staticmethod
    def _breaks(tag: str) -> int:
        """Line breaks a tag asks for before and after it: 2 for a paragraph, 1 for a line."""
        if tag in _PARAGRAPH_BLOCKS:
            return 2
        return 1 if tag in _LINE_BLOCKS else 0

    def _open_paragraph(self, attrs: dict) -> None:
        classes = _classes(attrs)
        zero = _margins_zero(attrs.get("style") or "")
        if zero is None:
            zero = self.style.zero_for(classes)
        if zero is None:
            zero = any(name.startswith(_WORD_PARAGRAPH) for name in classes)
        self.line_paragraphs.append(bool(zero))
        self.paragraph_text_at.append(len(self.parts))
        self._ask(1 if zero else 2)

    def _close_paragraph(self) -> None:
        """End a paragraph; an empty one without margins is a blank line, as Word shows it."""
        if not self.line_paragraphs:
            self._ask(2)
            return
        line, text_at = self.line_paragraphs.pop(), self.paragraph_text_at.pop()
        if line and len(self.parts) == text_at and not self.hidden and self.newlines is not None:
            self._write_asked()
            self.newlines = 0  # the empty line stands as a line of text
        self._ask(1 if line else 2)

    def _ask(self, breaks: int) -> None:
        self.asked = max(self.asked, breaks)

    def _write_asked(self) -> None:
        """Write the line breaks asked for (none before the first text)."""
        if self.newlines is not None and self.asked > self.newlines:
            self.parts.append("\n" * (self.asked - self.newlines))
            self.newlines = self.asked
        self.asked = 0

    def _marker(self, attrs: dict) -> str:
        """The marker of a list item opened now ("" outside a list), counting it."""
        if not self.lists:
            return ""
        number = self.lists[-1]
        if number is None:
            return _BULLETS[min(len(self.lists), len(_BULLETS)) - 1] + " "
        value = attrs.get("value", "").strip()
        self.lists[-1] = int(value) if _NUMBER.fullmatch(value) else number + 1
        return f"{self.lists[-1]}. "

    def _write(self, text: str) -> None:
        self._write_asked()
        if self.item_marker:
            self.parts.append(self.item_marker)
            self.item_marker = ""
        self.parts.append(text)
        if text.strip("\n") or self.newlines is None:
            self.newlines = len(text) - len(text.rstrip("\n"))
        else:
            self.newlines += len(text)

    def _close_from(self, index: int) -> None:
        """Close the region at ``index`` and every region opened inside it."""
        while len(self.regions) > index:
            closed = self.regions.pop()
            self.by_tag[closed.tag].pop()
            if closed.kind == "hidden":
                self.hidden -= 1
            elif closed.kind == "marker":
                self.markers -= 1
            elif closed.kind == "quote":
                self._mark(_QUOTE_END)

    def _kind(self, tag: str, attrs: dict) -> str | None:
        """What a start tag means: "hidden", "quote", "marker", "cut", "border" or nothing
        special."""
        style = (attrs.get("style") or "").lower().replace(" ", "")
        if tag in _HIDDEN or "hidden" in attrs or _INVISIBLE_STYLE.search(style):
            return "hidden"
        if "mso-list:ignore" in style:
            return "marker"
        if not self.for_reply:
            return None
        classes = _classes(attrs)
        ident = _unprefixed((attrs.get("id") or "").lower())
        name = (attrs.get("name") or "").lower()
        if ident in _CUT_IDS or classes & _CUT_CLASSES or name in _CUT_NAMES:
            return "cut"
        if (tag == "blockquote" and not _is_indent(attrs, style)) or _is_quote_container(
            classes, ident
        ):
            return "quote"
        if (
            classes & _DROPPED_CLASSES
            or ident in _DROPPED_IDS
            or name in _DROPPED_NAMES
            or attrs.get("data-signatureblock") == "true"
            or attrs.get("fairemail") == "signature"
        ):
            return "hidden"
        if tag == "div" and "border-top" in style and "solid" in style:
            return "border"
        return None

    def _mark(self, mark: str) -> None:
        """A quote begins or ends, or a rule stands: its mark on a line of its own."""
        self.parts.append(f"\n{mark}\n")
        if self.newlines is not None:
            self.newlines = 1


def _word_marker(text: str) -> str:
    """A piece of the marker Word writes before a list paragraph (``mso-list:Ignore``) as
    this reader writes an item's marker: a number for any ordered list ("b." is "2.", "iv)"
    "4)", "(c)" "3)", "1.2." "2."), a bullet for a symbol font's glyph (Symbol's "·",
    Courier's "o", Wingdings' "§"); its spaces as they are."""
    marker = text.strip()
    ordered = _WORD_ORDERED.fullmatch(marker)
    if ordered:
        number = ordered[1]
        if not number.isdigit():
            number = str(_roman(number) or _alphabetic(number))
        return text.replace(marker, number + ordered[2])
    if len(marker) == 1 and not marker.isdigit():
        return text.replace(marker, _WORD_BULLETS.get(marker, _BULLETS[0]))
    return text


def _roman(numeral: str) -> int:
    """The value of a roman numeral ("iv" is 4), 0 if ``numeral`` is none; of one letter,
    only "i", "v" and "x" ("c." is the third item of a list by letters, not the 100th)."""
    numeral = numeral.lower()
    if not _ROMAN.fullmatch(numeral) or (len(numeral) == 1 and numeral not in "ivx"):
        return 0
    values = [_ROMAN_VALUES[letter] for letter in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _alphabetic(letters: str) -> int:
    """The number an alphabetic marker counts ("a" 1, "z" 26, "aa" 27), as browsers count."""
    number = 0
    for letter in letters.lower():
        number = number * 26 + ord(letter) - ord("a") + 1
    return number


def _first_number(attrs: dict) -> int:
    """The number of an ``<ol>``'s first item (its ``start``, else 1)."""
    start = attrs.get("start", "").strip()
    return int(start) if _NUMBER.fullmatch(start) else 1


def _classes(attrs: dict) -> set[str]:
    """An element's class names, lower case, without the prefixes clients add."""
    return {_unprefixed(name) for name in (attrs.get("class") or "").lower().split()}


def _unprefixed(name: str) -> str:
    """A class or id name as its writer gave it (``x_divrplyfwdmsg``: ``divrplyfwdmsg``)."""
    return _NAME_PREFIXES.sub("", name.removesuffix(_NAME_SUFFIX), count=1)


def _is_indent(attrs: dict, style: str) -> bool:
    """Whether a ``<blockquote>`` only indents the writer's own text: "Indent more" in Gmail
    and Apple Mail writes one without a border, a class or ``type=cite``."""
    return "border:none" in style and "class" not in attrs and attrs.get("type") != "cite"


def _is_quote_container(classes: set[str], ident: str) -> bool:
    """Whether an element's classes or id mark it as quoted history (Yahoo prefixes its own
    with a random "ydp..." part: ``ydp4ffb0c8byahoo_quoted``)."""
    return any(name in ident or any(name in c for c in classes) for name in _QUOTE_CLASSES)
