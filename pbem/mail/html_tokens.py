"""HTML as a stream of start tags, end tags and text, in one pass over any input.

:mod:`html.parser` takes quadratic time on hostile markup (20,000 unclosed ``<!--`` or
``<a b='`` cost seconds to minutes), so mail HTML is read here instead: every position of the
input is looked at a bounded number of times. Markup that is not a tag is text, as browsers
read it; an unclosed comment or ``<script>`` hides the rest of the input, and a tag ends at
its first ``>`` (mail clients do not write ``>`` inside attribute values).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

_TAG_NAME = re.compile(r"/?([A-Za-z][A-Za-z0-9:-]*)")
_ATTRIBUTE = re.compile(
    r"""([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""", re.ASCII
)
#: Elements whose content is raw text up to their end tag.
_RAW_TEXT = ("script", "style", "textarea", "title", "xmp")
_RAW_TEXT_ENDS = {tag: re.compile(f"</{tag}", re.IGNORECASE) for tag in _RAW_TEXT}
#: Attributes are read from at most this much of a tag (a hostile tag may be megabytes long).
_ATTRIBUTES_READ = 4096

Token = tuple[str, str, dict[str, str]]  # (kind, tag or text, attributes)


def tokens(markup: str) -> Iterator[Token]:
    """``("start", tag, attrs)``, ``("end", tag, {})`` and ``("data", text, {})`` in order;
    tag and attribute names lower case, entities in text and attribute values decoded."""
    length, position = len(markup), 0
    while position < length:
        opening = markup.find("<", position)
        if opening < 0:
            opening = length
        if opening > position:
            yield "data", html.unescape(markup[position:opening]), {}
        if opening >= length:
            return
        position, token = _markup_at(markup, opening)
        if token is not None:
            yield token
            if token[0] == "start" and token[1] in _RAW_TEXT:
                position, text = _raw_text(markup, position, token[1])
                if token[1] in ("textarea", "title"):
                    yield "data", html.unescape(text), {}
                else:
                    yield "data", text, {}
                yield "end", token[1], {}


def _markup_at(markup: str, opening: int) -> tuple[int, Token | None]:
    """What starts at the ``<`` at ``opening``: (where reading goes on, the token or None)."""
    if markup.startswith("<!--", opening):
        end = markup.find("-->", opening + 4)
        return (len(markup) if end < 0 else end + 3), None
    if markup.startswith(("<!", "<?"), opening):
        end = markup.find(">", opening + 2)
        return (len(markup) if end < 0 else end + 1), None
    name = _TAG_NAME.match(markup, opening + 1)
    if name is None:
        return opening + 1, ("data", "<", {})
    end = markup.find(">", name.end())
    if end < 0:
        return len(markup), None  # an unfinished tag at the end: nothing more to read
    tag = name[1].lower()
    if markup[opening + 1] == "/":
        return end + 1, ("end", tag, {})
    inside = markup[name.end() : min(end, name.end() + _ATTRIBUTES_READ)]
    return end + 1, ("start", tag, _attributes(inside))


def _attributes(inside: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(inside):
        value = next((v for v in match.groups()[1:] if v is not None), "")
        found.setdefault(match[1].lower(), html.unescape(value))
    return found


def _raw_text(markup: str, start: int, tag: str) -> tuple[int, str]:
    """The raw text of ``<tag>`` from ``start`` up to ``</tag``, and where reading goes on."""
    found = _RAW_TEXT_ENDS[tag].search(markup, start)
    end = found.start() if found else -1
    if end < 0:
        return len(markup), markup[start:]
    close = markup.find(">", end)
    return (len(markup) if close < 0 else close + 1), markup[start:end]
