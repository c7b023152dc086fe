"""The catalogues: the template holds every message the code and templates have, and every
catalogue translates every one of them, placeholders kept."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from pbem import i18n
from tests.conftest import REPO

CATALOGUES = ("en",)
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def message_ids(messages) -> set[str | tuple[str, ...]]:
    """A message's id: its text, or (singular, plural)."""
    return {m if isinstance(m, str) else tuple(m) for m in messages if m}


def template() -> dict:
    """The committed ``pbem/locale/pbem.pot``: id -> message."""
    with (i18n.LOCALE_DIR / "pbem.pot").open("rb") as pot:
        return {m.id if isinstance(m.id, str) else tuple(m.id): m for m in read_po(pot) if m.id}


def test_the_template_holds_exactly_what_extraction_finds_now():
    """A sentence added or changed in the code or a template is in the .pot (`make messages`)."""
    with (REPO / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = message_ids(m[2] for m in extract_from_dir(REPO, method_map, options_map))
    committed = set(template())
    assert not found - committed, "run `make messages`: new messages are not in the .pot"
    assert not committed - found, "run `make messages`: the .pot holds messages no longer used"


def placeholders(text: str) -> Counter:
    return Counter(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_message_is_translated_with_its_placeholders(language):
    path = i18n.catalogue_path(language)
    with path.open("rb") as po:
        catalog = read_po(po)
    assert str(catalog.locale) == language
    translated = {m.id if isinstance(m.id, str) else tuple(m.id): m for m in catalog if m.id}
    wanted = template()
    missing = set(wanted) - set(translated)
    assert not missing, f"{len(missing)} messages missing: pybabel update, then translate"
    problems = []
    for key, message in translated.items():
        if key not in wanted:
            continue  # obsolete, never looked up
        if message.fuzzy:
            problems.append(("fuzzy", key))
        if isinstance(key, tuple):
            strings = message.string if isinstance(message.string, tuple) else ()
            if len(strings) != catalog.num_plurals or not all(strings):
                problems.append(("plural forms missing", key))
            for n, string in enumerate(strings):
                source = key[0] if n == 0 and catalog.num_plurals > 1 else key[1]
                if placeholders(string) != placeholders(source):
                    problems.append(("placeholders", key, string))
        elif not message.string:
            problems.append(("empty", key))
        elif placeholders(message.string) != placeholders(key):
            problems.append(("placeholders", key, message.string))
    assert not problems, "\n".join(map(repr, problems[:40]))


@pytest.mark.parametrize("language", CATALOGUES)
def test_a_catalogue_is_read_from_its_po_once_and_shared_by_its_regions(language):
    assert i18n.translations(language) is i18n.translations(f"{language}-XX")
    assert i18n.translations(language).info()["language"] == language
