"""The labels of the header block a client writes above the mail it quotes or forwards
(Outlook's "From: ... / Sent: ... / To: ... / Subject: ..."), in the languages clients write
them in. One table for every reader: the HTML reader and the plain-text reader cut the quoted
history where such a block begins, and the language guess counts the labels only one of our
languages writes (Asunto:, Betreff:, Assunto:). Beside them, the prefixes clients write before
a reply's subject ("Re:", "AW:").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Each field's labels in each language (lower case).
LABELS: dict[str, dict[str, tuple[str, ...]]] = {
    "from": {
        "en": ("from",), "es": ("de",), "de": ("von",), "pt": ("de",), "fr": ("de",),
        "it": ("da",), "nl": ("van",), "ru": ("от",), "da": ("fra",), "pl": ("od",),
    },
    "sent": {
        "en": ("sent", "date"), "es": ("enviado", "enviada", "fecha"),
        "de": ("gesendet", "datum"), "pt": ("enviado", "enviada", "data", "enviado em"),
        "fr": ("envoyé", "date"), "it": ("inviato", "data"), "nl": ("verzonden", "datum"),
        "ru": ("отправлено", "дата"),
    },
    "to": {
        "en": ("to",), "es": ("para",), "de": ("an",), "pt": ("para",), "fr": ("à",),
        "it": ("a",), "nl": ("aan",), "ru": ("кому",),
    },
    "cc": {"en": ("cc",), "es": ("cc",), "de": ("cc", "kopie"), "pt": ("cc",)},
    # Lotus Notes: the sender's line above its labels ("Sent by: ..."), and a bare label
    # above the address replies go to
    "sent_by": {
        "en": ("sent by",), "es": ("enviado por",), "de": ("gesendet von",),
        "pt": ("enviado por",), "fr": ("envoyé par",),
    },
    "reply_to": {
        "en": ("please respond to",), "es": ("por favor, responda a", "responda a"),
        "de": ("bitte antworten an",), "pt": ("favor responder a", "responder a"),
        "fr": ("répondre à",),
    },
    "subject": {
        "en": ("subject",), "es": ("asunto",), "de": ("betreff", "thema"), "pt": ("assunto",),
        "fr": ("objet",), "it": ("oggetto",), "nl": ("onderwerp",), "ru": ("тема",),
    },
}  # fmt: skip


#: How a reply's or a forward's subject begins, once or more ("Re: ", "AW: ", "RES: ", "Fwd: ",
#: "Re[2]: "), in the clients of our languages and others.
REPLY_PREFIX = re.compile(
    r"^\s*(?:(?:re|aw|antw|wg|fwd?|rv|res|enc|sv|vs|tr|r|odp|ynt|atb)\s?(?:\[\d{1,4}\])?\s?:\s*)+",
    re.IGNORECASE,
)


def labels(*fields: str) -> set[str]:
    """The labels of ``fields`` (every field when none is named), in every language."""
    return {
        label
        for field in fields or LABELS
        for written in LABELS[field].values()
        for label in written
    }


def alternatives(written: Iterable[str]) -> str:
    """Labels as a regular expression's alternatives, the longest first."""
    return "|".join(re.escape(label) for label in sorted(written, key=lambda x: (-len(x), x)))


def own(language: str) -> set[str]:
    """The labels that ``language`` writes and no other language does."""
    written = {label for field in LABELS.values() for label in field.get(language, ())}
    others = {
        label
        for field in LABELS.values()
        for other, labels_of in field.items()
        if other != language
        for label in labels_of
    }
    return written - others
