"""The mail board templates render every kind of view of a random game.

They render through :func:`pbem.i18n.render`, i.e. the mail environment (trim_blocks,
lstrip_blocks) that real mails use.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.i18n import use
from pbem.i18n import render, translations


def board(name: str, view: dict) -> str:
    return render(f"mail/honga/{name}", "en", view=view)


def test_templates_render_views(h):
    game = h.GAME
    s = game.new(["p1", "bartholomew12", "p3"], seed=5)
    chooser = random.Random(5)
    steps = 0
    while game.to_move(s):
        if steps % 17 == 0 or s["pl"][game.to_move(s)[0]]["second"] is not None:
            for who in (None, *s["players"]):
                view = game.view(s, who)
                text = board("board.txt", view)
                page = board("board.html", view)
                assert "HONGA" in text and "Herd" in text and "<table" in page
                lines = text.splitlines()
                assert max(len(line) for line in lines) <= 72
                for n in (1, 2, 3, 4):
                    assert sum(line.startswith(f"Circle {n}: ") for line in lines) == 1, text
                for p in view["table"]:
                    row = [line for line in lines if re.match(rf"{p['name']} +-?\d", line)]
                    assert len(row) == 1, text
                    assert p["name"] in page
                # the board shows the position only; the turn mail lists the commands
                assert "You may write" not in text and "You may write" not in page
        p = game.to_move(s)[0]
        s = game.play(s, p, chooser.choice(game.legal(s, p)))
        steps += 1
    final = board("board.txt", game.view(s, "p1"))
    assert "The game is over." in final


def test_table_columns_line_up(h):
    s = h.GAME.new(["ann", "bartholomew12", "cy"], seed=2)
    text = board("board.txt", h.GAME.view(s, "ann"))
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("Player "))
    rows = lines[header : header + 4]
    # "Pts" ends where the scores end, "Bonus" where the bonus counts end
    for word in ("Pts", "Step", "Bonus"):
        end = rows[0].index(word) + len(word)
        for row in rows[1:]:
            assert row[end - 1] != " " and row[end] == " ", (word, rows)


#: A red and a grey action card as each language says them of the card: one phrase with
#: its own word order and gender ("carta roja", never "rojo carta"); the colour of your own
#: card; the red card drawn.
CARD_COLOURS = {
    "es": ("carta roja", "carta gris", "roja", "una carta de acción roja"),
    "de": ("rote Scheibe", "graue Scheibe", "rot", "eine rote Aktionsscheibe"),
    "pt": ("carta vermelha", "carta cinza", "vermelha", "uma carta de ação vermelha"),
}


@pytest.mark.parametrize("language", sorted(CARD_COLOURS))
def test_a_card_colour_agrees_with_the_card_in_every_language(h, language):
    red, grey, own, drawn = CARD_COLOURS[language]
    s = h.GAME.new(["ann", "bob"], seed=3)
    red_card = next(i for i, c in enumerate(h.data.ACTION_CARDS) if c["colour"] == "red")
    grey_card = next(i for i, c in enumerate(h.data.ACTION_CARDS) if c["colour"] == "grey")
    s["circles"]["1"]["stack"] = [red_card]
    s["circles"]["2"]["stack"] = [grey_card]
    s["pl"]["ann"]["card"] = red_card
    text = render("mail/honga/board.txt", language, view=h.GAME.view(s, "ann"))
    circle = translations(language).gettext("Circle")
    assert f"{circle} 1: {red}," in text and f"{circle} 2: {grey}," in text, text
    assert f": {own}, " in text, text  # your action card
    with use(translations(language)):
        event = h.GAME.describe({"type": "draw", "player": "ann", "colour": "red"})
    assert drawn in event, event
