"""A whole game played in Chromium through the seats' private pages, one tap per move.

The web app runs on a loopback port; each form sent becomes a mail through the inbound path,
processed at once as the worker would. The pages fit a phone, light and dark, in each of the
four languages, show the seat's hand and nothing of the other seat's secrets.
"""

from __future__ import annotations

import random
import threading

import pytest
from werkzeug.serving import make_server

import engine
from engine.i18n import use
from engine.lexicon import LANGUAGES
from pbem import i18n, jobs, links, migrate
from pbem.app import create_app
from pbem.db import transaction
from pbem.models import Game
from tests.browser.every_mail import Table
from tests.browser.page_checks import (
    PHONE,
    check_contrast,
    check_layout,
    check_reading,
    screenshot,
)
from tests.conftest import make_settings


@pytest.fixture
def language() -> str:
    """The players' language: not known yet (English), unless a test is parametrized."""
    return ""


@pytest.fixture
def site(tmp_path, language):
    """The web app on a free loopback port, and a Hengist game at its table, its players
    reading ``language``."""
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path}/pbem.db")
    migrate.upgrade(settings.database_url)
    app = create_app(settings, enqueue=lambda i: jobs.process_inbound(settings, i))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield settings, f"http://127.0.0.1:{server.server_port}", Table(settings, "hengist", language)
    server.shutdown()
    thread.join(timeout=10)


def test_a_game_played_by_tapping_on_the_private_pages(site, browser, screenshots):
    settings, base, table = site
    game = engine.load("hengist")
    chooser, taps, typed = random.Random(4), 0, 0
    page = browser.new_page(viewport=PHONE)
    for _ in range(300):
        state = table.state()
        if not game.to_move(state):
            break
        name = game.to_move(state)[0]
        page.goto(f"{base}/game/{table.id}/{links.page_token(table.tokens[name], table.id)}")
        if taps == 3:
            check_layout(page)
            screenshot(page, screenshots / "hengist-page-private-light.png")
        hand = game.view(state, name)["hand"]
        assert f"Your hand: {', '.join(hand)}" in page.inner_text("body")
        command = game.bot(state, name, chooser)
        button = page.locator(f'button[name="command"][value="{command}"]')
        if button.count():
            button.first.click()
            taps += 1
        else:
            page.fill("textarea[name=commands]", command)
            page.click("text=Send")
            typed += 1
        page.wait_for_load_state()
        assert "Your commands were sent" in page.inner_text("body")
        assert table.state()["moves"] > state["moves"], command
    assert not game.to_move(table.state()), "the game is over"
    assert taps > typed, "most moves are one tap"
    with transaction(settings.database_url) as session:
        assert session.get(Game, table.id).status == "finished"
    page.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_fit_a_phone_and_keep_secrets(site, browser, screenshots, language):
    settings, base, table = site
    for _ in range(6):
        table.bot_turn()
    state, game = table.state(), engine.load("hengist")
    suffix = "" if language == "en" else f"-{language}"
    for scheme in ("light", "dark"):
        page = browser.new_page(viewport=PHONE, color_scheme=scheme)
        for name in [None, *table.tokens]:
            token = "" if name is None else "/" + links.page_token(table.tokens[name], table.id)
            page.goto(f"{base}/game/{table.id}{token}")
            layout = check_layout(page)
            check_contrast(page)
            check_reading(page)
            assert layout["images"] and all(image["ok"] for image in layout["images"])
            secrets = set()
            for words in ("en", language):  # the public page is English
                with use(i18n.translations(words)):
                    secrets |= {
                        game.describe(e) for e in state["log"] if "to" in e and name not in e["to"]
                    }
            assert not [s for s in secrets if s in page.content()], name
            assert f'<html lang="{"en" if name is None else language}">' in page.content()
            label = "public" if name is None else f"private-{name}"
            shot = screenshots / f"hengist-page-{label}-{scheme}{suffix}.png"
            screenshot(page, shot)
        page.close()
