"""The board at a glance: in a game mail the picture comes right below whose turn it is,
above the list of what happened since the reader's last mail (at times a phone's screen
full)."""

from __future__ import annotations

import pytest

from tests.pictures.mails import mails_at
from tests.pictures.positions import LARGEST, late


@pytest.mark.parametrize("kind", sorted(LARGEST))
def test_the_picture_comes_before_what_happened(kind, sqlite_settings):
    for name, message in mails_at(sqlite_settings, kind, late(kind)).items():
        body = message.get_body(("html",)).get_content()
        assert "<li>" in body, name  # a late position, seen from the start: many events
        assert body.index('src="cid:') < body.index("<li>"), name
