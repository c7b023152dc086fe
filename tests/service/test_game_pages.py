"""The game pages: a public board for everybody, a private page per seat whose form plays
through the same inbound path as a mail."""

from __future__ import annotations

import random
import re

import pytest
from sqlalchemy import select

import engine
from pbem import jobs, links
from pbem.app import create_app
from pbem.db import transaction
from pbem.models import Player


@pytest.fixture
def client(service):
    """The web app, processing each accepted mail at once (as the worker would)."""
    app = create_app(service.settings, enqueue=lambda i: jobs.process_inbound(service.settings, i))
    return app.test_client()


def _page(service, game_id, name):
    seat = service.seat(game_id, name)
    return f"/game/{game_id}/{links.page_token(seat['token'], game_id)}"


def test_the_public_page_shows_the_board_without_any_hand(service, client):
    game_id = service.new_game(kind="hengist", players=2)
    page = client.get(f"/game/{game_id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'src="/game/{game_id}/picture.png"' in html and "Your hand:" not in html
    assert "<form" not in html and "Treasure" in html
    picture = client.get(f"/game/{game_id}/picture.png")
    assert picture.mimetype == "image/png" and picture.data.startswith(b"\x89PNG")


def test_a_private_page_needs_its_own_signed_token(service, client):
    game_id = service.new_game(kind="hengist", players=2)
    seat = service.seat(game_id, "a1")
    assert client.get(f"/game/{game_id}/{seat['token']}").status_code == 404
    assert client.get(f"/game/{game_id}/{'0' * 32}").status_code == 404
    other = service.new_game(kind="hengist", players=2)
    assert (
        client.get(_page(service, game_id, "a1").replace(str(game_id), str(other))).status_code
        == 404
    )
    html = client.get(_page(service, game_id, "a1")).get_data(as_text=True)
    hand = engine.load("hengist").view(service.state(game_id), "a1")["hand"]
    assert f"Your hand:</b> {', '.join(hand)}" in html
    assert seat["token"] not in html  # the reply address is not in the page's links


def test_a_whole_game_played_through_the_private_pages(service, client):
    game_id = service.new_game(kind="hengist", players=2, seed=5)
    game = engine.load("hengist")
    chooser, clicked = random.Random(2), 0
    for _ in range(200):
        waiting = service.to_move(game_id)
        if not waiting:
            break
        name = waiting[0]
        url = _page(service, game_id, name)
        html = client.get(url).get_data(as_text=True)
        buttons = re.findall(
            r'<button class="pb-chip" type="submit" name="command" value="([^"]+)"', html
        )
        version = re.search(r'name="version" value="(\d+)"', html).group(1)
        command = game.bot(service.state(game_id), name, chooser)
        if command in buttons:
            form, clicked = {"command": command, "version": version}, clicked + 1
        else:
            form = {"commands": command, "version": version}
        answer = client.post(url, data=form)
        assert answer.status_code == 303 and answer.location.endswith("?sent=1")
    assert not service.to_move(game_id), "the game ended"
    assert clicked > 10, "most moves are a tap on a button"
    over = client.get(_page(service, game_id, "a1")).get_data(as_text=True)
    assert "Ranking:" in over and "<form" not in over
    assert {m.kind for m in service.outbox()} >= {"turn", "over"}


def test_a_private_page_names_the_games_words_in_the_readers_language(service, client):
    """The hand and the parties' places on a Hengist page are the reader's words, as in the
    mails ('barco', 'colina'; they were 'boat', 'hill' on the page)."""
    game_id = service.new_game(kind="hengist", players=2)
    with transaction(service.settings.database_url) as session:
        for player in session.scalars(select(Player)):
            player.locale = "es"
    html = client.get(_page(service, game_id, "a1")).get_data(as_text=True)
    assert "a=barco" in html and "a=boat" not in html
    hand = engine.load("hengist").restore(service.game(game_id)[0].state)["hands"]["a1"]
    shown = engine.load("hengist").shown(hand[0], "es")
    assert shown in html.split("Tu mano:")[1][:200]
