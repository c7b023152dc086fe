"""The Hengist mail board renders from views, in text and HTML.

They render through :func:`pbem.i18n.render`, i.e. the mail environment (trim_blocks,
lstrip_blocks) that real mails use.
"""

from __future__ import annotations

import random
import re

from engine.hengist import GAME
from pbem.i18n import render


def board(name: str, view: dict) -> str:
    return render(f"mail/hengist/{name}", "en", view=view)


def views(players=("ann", "bob")):
    state = GAME.new(list(players), seed=11)
    chooser = random.Random(11)
    found = [GAME.view(state, players[0])]
    for step in range(200):
        if not GAME.to_move(state):
            break
        player = GAME.to_move(state)[0]
        state = GAME.play(state, player, chooser.choice(GAME.legal(state, player)))
        if step % 25 == 0:
            found.append(GAME.view(state, players[1]))
    found.append(GAME.view(state, players[0]))
    found.append(GAME.view(state, None))
    return found


def test_board_templates_render():
    for view in views() + views(("ann", "bartholomew12")):
        rendered = board("board.txt", view)
        lines = rendered.splitlines()
        assert "Board 1" in rendered and "Treasures:" in rendered
        assert f"bay {view['boat_bay']} of 6" in rendered
        assert max(len(line) for line in lines) <= 72
        for n in (1, 2, 3):
            assert sum(line.startswith(f"== Board {n} ") for line in lines) == 1, rendered
        for b in view["boards"]:
            for beach in b["beaches"]:
                assert sum(line.startswith(f"  {beach['name']}  ") for line in lines) == 1
        assert sum(line.startswith("Player ") for line in lines) == 1
        for player in view["players"]:
            row = [line for line in lines if re.match(rf"{player} +\d+ +\d+  ", line)]
            assert len(row) == 1, rendered
        if view["hand"] is not None:
            assert sum(line.startswith("Your hand: ") for line in lines) == 1
        assert rendered.endswith("\n")  # the mail puts a blank line after the board
        page = board("board.html", view)
        assert "<table" in page and "Board 3" in page
        for player in view["players"]:
            assert player in rendered and player in page
