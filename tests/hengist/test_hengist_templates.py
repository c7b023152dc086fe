"""The Hengist mail board renders from views, in text and HTML."""

from __future__ import annotations

import random

from jinja2 import Environment, FileSystemLoader, select_autoescape

from engine.hengist import GAME


def env():
    environment = Environment(
        loader=FileSystemLoader("templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=select_autoescape(["html"]),
    )
    environment.install_null_translations(newstyle=True)
    return environment


def views():
    state = GAME.new(["ann", "bob"], seed=11)
    chooser = random.Random(11)
    found = [GAME.view(state, "ann")]
    for step in range(200):
        if not GAME.to_move(state):
            break
        player = GAME.to_move(state)[0]
        state = GAME.play(state, player, chooser.choice(GAME.legal(state, player)))
        if step % 25 == 0:
            found.append(GAME.view(state, "bob"))
    found.append(GAME.view(state, "ann"))
    found.append(GAME.view(state, None))
    return found


def test_board_templates_render():
    environment = env()
    text = environment.get_template("mail/hengist/board.txt")
    html = environment.get_template("mail/hengist/board.html")
    for view in views():
        rendered = text.render(view=view)
        assert "Board 1" in rendered and "Treasures:" in rendered
        assert f"bay {view['boat_bay']} of 6" in rendered
        assert max(len(line) for line in rendered.splitlines()) <= 72
        if view["hand"] is not None:
            assert "Your hand:" in rendered
        page = html.render(view=view)
        assert "<table" in page and "Board 3" in page
        for player in view["players"]:
            assert player in rendered and player in page
