"""Words players read, through gettext.

The engine marks every player-facing sentence with ``_()``; the service decides which
catalogue is active (the recipient's locale) with :func:`use`. The engine never knows where
catalogues live, so it stays free of the service.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext

_ENGLISH = gettext.NullTranslations()
_active: contextvars.ContextVar[gettext.NullTranslations | None] = contextvars.ContextVar(
    "pbem_translations", default=None
)


def _catalogue() -> gettext.NullTranslations:
    return _active.get() or _ENGLISH


def active() -> gettext.NullTranslations:
    """The active catalogue (English when none is active)."""
    return _catalogue()


def _(message: str) -> str:
    """Translate ``message`` with the active catalogue (English when none is active)."""
    return _catalogue().gettext(message)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context``: one English word that two languages
    write differently ("red" of a HONGA card is "roja", of a Hengist path "rojo")."""
    return _catalogue().pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation with the active catalogue."""
    return _catalogue().ngettext(singular, plural, n)


def language() -> str:
    """The language of the active catalogue ("es" for ``es_AR``; "en" when none is active):
    the reader's, which decides what a short command word means where languages differ."""
    code = _catalogue().info().get("language") or "en"
    return code.replace("-", "_").split("_")[0].lower()


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (data tables)."""
    return message


@contextlib.contextmanager
def use(translations: gettext.NullTranslations):
    """Make ``translations`` the active catalogue inside the ``with`` block."""
    token = _active.set(translations)
    try:
        yield translations
    finally:
        _active.reset(token)
