"""Mails of the largest positions fit: picture under 150 KB, HTML part under 102 KB (longer
HTML is clipped by webmail), the picture inline by Content-ID at the top of the HTML."""

from __future__ import annotations

import pytest

from tests.pictures.mails import mails_at
from tests.pictures.positions import LARGEST, late

PICTURE_LIMIT = 150 * 1024
HTML_LIMIT = 102 * 1024


@pytest.mark.parametrize("kind", sorted(LARGEST))
def test_largest_late_positions_fit(kind, sqlite_settings):
    for name, message in mails_at(sqlite_settings, kind, late(kind)).items():
        html = message.get_body(("html",))
        related = next(p for p in message.walk() if p.get_content_type() == "multipart/related")
        image = next(p for p in related.iter_parts() if p.get_content_type() == "image/png")
        assert len(html.get_content().encode()) < HTML_LIMIT, name
        assert len(image.get_content()) < PICTURE_LIMIT, name
        cid = image["Content-ID"].strip("<>")
        body = html.get_content()
        assert f'src="cid:{cid}"' in body and body.index("cid:") < body.index("<table") + 1
        assert image.get_content_disposition() == "inline"
