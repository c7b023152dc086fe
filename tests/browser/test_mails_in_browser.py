"""Every kind of mail of every game, opened in headless Chromium on a phone-wide screen.

Each mail's HTML is written out with its inline picture as a file (what a mail client does
with a Content-ID) and opened at 390 pixels, light and dark: the picture loads, nothing is
wider than 360 pixels, text keeps its contrast, the recipient's hand is shown, and nothing of
another player's secrets is in the HTML, the text part, the picture's input data or the page.
Every game's mails are checked in English, Spanish, German and Portuguese (longer words must
fit too). Screenshots go to var/screenshots/: ``honga-turn-turn-light.png`` in English and
``honga-turn-turn-light-de.png`` beside it in German.
"""

from __future__ import annotations

import pytest

import engine
from engine.i18n import use
from engine.lexicon import LANGUAGES
from pbem import i18n, migrate, pictures
from tests.browser.every_mail import every_mail
from tests.browser.page_checks import (
    PHONE,
    check_contrast,
    check_layout,
    check_reading,
    screenshot,
)
from tests.conftest import make_settings
from tests.pictures.positions import LARGEST

KINDS = sorted(LARGEST)
HAND = {"honga": "Your action card", "stoneage": "Your cards", "hengist": "Your hand:"}
MAIL_KINDS = {"invite", "turn", "error", "notice", "relay", "over", "digest"}


@pytest.fixture(
    scope="module",
    params=[(kind, language) for kind in KINDS for language in LANGUAGES],
    ids=lambda param: "-".join(param),
)
def mails(request, tmp_path_factory):
    kind, language = request.param
    folder = tmp_path_factory.mktemp(f"{kind}-{language}")
    settings = make_settings(folder, f"sqlite:///{folder}/pbem.db", base_url="https://pbem.test")
    migrate.upgrade(settings.database_url)
    return kind, language, every_mail(settings, kind, language), folder


def _write(mail, folder, n):
    """The HTML part as a file, its inline picture beside it (as a mail client shows it)."""
    html = mail.message.get_body(("html",)).get_content()
    picture = None
    for part in mail.message.walk():
        if part.get_content_type() == "image/png":
            picture = part.get_content()
            name = f"picture-{n}.png"
            (folder / name).write_bytes(picture)
            html = html.replace(f"cid:{part['Content-ID'].strip('<>')}", name)
    path = folder / f"mail-{n}.html"
    path.write_text(html)
    return path, picture


def _secrets(kind: str, state: dict | None, reader: str, language: str) -> set[str]:
    """What the other players' private events say, as mails and pages put it to the reader."""
    if state is None:
        return set()
    game = engine.load(kind)
    with use(i18n.translations(language)):
        return {game.describe(e) for e in state["log"] if "to" in e and reader not in e["to"]}


def test_every_mail_kind_reads_well_on_a_phone(mails, browser, screenshots):
    kind, language, every, folder = mails
    hand = i18n.translations(language).gettext(HAND[kind])
    suffix = "" if language == "en" else f"-{language}"
    assert {m.kind for m in every} >= MAIL_KINDS, "every kind of mail is made"
    shot = set()
    for n, mail in enumerate(every):
        path, picture = _write(mail, folder, n)
        text = mail.message.get_body(("plain",)).get_content()
        html = mail.message.get_body(("html",)).get_content()
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport=PHONE, color_scheme=scheme)
            page.goto(path.as_uri())
            layout = check_layout(page)
            check_contrast(page)
            check_reading(page)
            if mail.kind in ("turn", "over"):
                assert picture is not None and layout["images"], (mail.label, mail.to)
                assert all(image["ok"] for image in layout["images"]), layout["images"]
                assert layout["images"][0]["width"] <= 360
            if mail.kind == "turn" and mail.to:
                assert hand in layout["text"], (mail.label, mail.to)
            assert mail.message["Content-Language"] == language
            for secret in _secrets(kind, mail.state, mail.to, language):
                assert secret not in html and secret not in text and secret not in layout["text"]
            if (mail.label, mail.kind, scheme) not in shot:
                shot.add((mail.label, mail.kind, scheme))
                screenshot(
                    page, screenshots / f"{kind}-{mail.label}-{mail.kind}-{scheme}{suffix}.png"
                )
            page.close()
        if picture is not None and mail.to:
            # the picture's input data is the recipient's own view, nothing more
            with use(i18n.translations(language)):  # its words in the reader's language
                view = engine.load(kind).view(mail.state, mail.to)
                assert picture == pictures.picture(kind, view).png
