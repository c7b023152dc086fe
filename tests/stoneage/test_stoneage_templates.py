"""The mail board templates render views of a random game."""

from __future__ import annotations

import random

from conftest import GAME, new
from jinja2 import Environment, FileSystemLoader, select_autoescape


def _env():
    env = Environment(
        loader=FileSystemLoader("templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=select_autoescape(["html"]),
    )
    env.install_null_translations(newstyle=True)
    return env


def test_board_templates_render_views_of_a_random_game():
    env = _env()
    text, html = (
        env.get_template("mail/stoneage/board.txt"),
        env.get_template("mail/stoneage/board.html"),
    )
    s = new(3, mammoth_herd=True, resource_limit=True)
    chooser = random.Random(3)
    step = 0
    while GAME.to_move(s):
        if step % 97 == 0:
            for who in [None, *s["players"]]:
                view = GAME.view(s, who)
                out = text.render(view=view)
                assert "Stone Age" in out and "Buildings" in out
                assert all(len(line) <= 72 for line in out.splitlines()), out
                assert "<table" in html.render(view=view)
                if who:
                    assert "Your cards" in out
        p = chooser.choice(GAME.to_move(s))
        s = GAME.play(s, p, chooser.choice(GAME.legal(s, p)))
        step += 1
    out = text.render(view=GAME.view(s, "p1"))
    assert "Final scores" in out and "Final scores" in html.render(view=GAME.view(s, "p1"))
