"""The mail board templates render every kind of view of a random game."""

from __future__ import annotations

import random

from jinja2 import Environment, FileSystemLoader, select_autoescape


def _env():
    env = Environment(
        loader=FileSystemLoader("templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=select_autoescape(["html"]),
    )
    env.install_null_translations(newstyle=True)
    return env


def test_templates_render_views(h):
    env = _env()
    txt = env.get_template("mail/honga/board.txt")
    html = env.get_template("mail/honga/board.html")
    game = h.GAME
    s = h.new(3, seed=5)
    chooser = random.Random(5)
    steps = 0
    while game.to_move(s):
        if steps % 17 == 0 or s["phase"] == "keep":
            for who in (None, *s["players"]):
                view = game.view(s, who)
                text = txt.render(view=view)
                page = html.render(view=view)
                assert "HONGA" in text and "Herd" in text and "<table" in page
                assert max(len(line) for line in text.splitlines()) <= 72
                for p in view["table"]:
                    assert p["name"] in text and p["name"] in page
                if who and view["own"]["legal"]:
                    assert view["own"]["legal"][0] in text
        p = game.to_move(s)[0]
        s = game.play(s, p, chooser.choice(game.legal(s, p)))
        steps += 1
    final = txt.render(view=game.view(s, "p1"))
    assert "The game is over." in final
