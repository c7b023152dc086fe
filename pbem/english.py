"""The English catalogue, written from the template: every msgstr is its msgid.

``make messages`` runs ``python -m pbem.english`` after extracting ``pbem/locale/pbem.pot``,
so ``pbem/locale/en/LC_MESSAGES/pbem.po`` always holds every message. English is written in
the code and the templates; to change an English sentence, change its msgid there.
"""

from __future__ import annotations

from babel import Locale
from babel.messages.pofile import read_po, write_po

from pbem.i18n import DOMAIN, LOCALE_DIR, catalogue_path


def write_english() -> int:
    """Write the English ``.po`` from the ``.pot``; the number of messages in it."""
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as pot:
        catalog = read_po(pot, domain=DOMAIN)
    catalog.locale = Locale("en")
    catalog.revision_date = catalog.creation_date
    catalog.fuzzy = False
    for message in catalog:
        if message.id:
            message.string = message.id
    path = catalogue_path("en")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, omit_header=False, sort_output=True, no_location=True)
    return len(catalog)


if __name__ == "__main__":
    print(f"{catalogue_path('en')}: {write_english()} messages")
