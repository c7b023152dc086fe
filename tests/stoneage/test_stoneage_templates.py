"""The mail board templates render views of a random game.

They render through :func:`pbem.i18n.render`, i.e. the mail environment (trim_blocks,
lstrip_blocks) that real mails use.
"""

from __future__ import annotations

import random
import re

from engine.stoneage import data
from pbem.i18n import render
from tests.stoneage.stoneage_helpers import GAME, new


def place_name(place: str) -> str:
    """The English words the board uses for a place of the engine."""
    if place.startswith("card"):
        return f"card costing {place[4:]}"
    if place.startswith("building"):
        return f"building stack {place[8:]}"
    return data.PLACE_NAMES[place]


RAW_PLACE = re.compile(r"\b(?:card|building)\d\b|\bhunt\b")


def board(name: str, view: dict) -> str:
    return render(f"mail/stoneage/{name}", "en", view=view)


def check_text(view: dict, out: str) -> None:
    lines = out.splitlines()
    assert "Stone Age" in out and "Buildings" in out
    assert all(len(line) <= 72 for line in lines), out
    # one item per line: every card slot, every building stack, every tribe
    for slot in view["row"]:
        assert sum(line.startswith(f"  [{slot['cost']}] ") for line in lines) == 1, out
    for stack in view["stacks"]:
        assert sum(line.startswith(f"  {stack['stack']}: ") for line in lines) == 1, out
    header = next(line for line in lines if line.startswith("Tribe "))
    for p in view["tribes"]:
        rows = [line for line in lines if re.match(rf"{re.escape(p)} +-?\d+ +\d+ ", line)]
        assert len(rows) == 1, out
        end = header.index("Pts") + len("Pts")
        assert rows[0][end - 1] != " " and rows[0][end] == " ", (header, rows[0])
    # places in words, not the engine's keys; the position only, no command list
    assert not RAW_PLACE.search(out), out
    if view["board"]:
        start = lines.index("Figures placed:") + 1
        shown = {
            re.split(r"  +", line.strip())[0] for line in lines[start : start + len(view["board"])]
        }
        assert shown == {place_name(place) for place in view["board"]}, out
    assert "may write" not in out.lower()


def test_board_templates_render_views_of_a_random_game():
    s = new(3, mammoth_herd=True, resource_limit=True)
    chooser = random.Random(3)
    step = 0
    while GAME.to_move(s):
        if step % 97 == 0 or s["pending"]:
            for who in [None, *s["players"]]:
                view = GAME.view(s, who)
                out = board("board.txt", view)
                check_text(view, out)
                page = board("board.html", view)
                assert "<table" in page and not RAW_PLACE.search(page)
                if who:
                    assert "Your cards" in out
        p = chooser.choice(GAME.to_move(s))
        s = GAME.play(s, p, chooser.choice(GAME.legal(s, p)))
        step += 1
    view = GAME.view(s, "p1")
    out = board("board.txt", view)
    check_text(view, out)
    assert "Final scores" in out and "Final scores" in board("board.html", view)


def test_figures_placed_show_place_names():
    s = new(2)
    s["board"] = {"hunt": {"p1": 3}, "card4": {"p2": 1}, "building2": {"p1": 1}, "hut": {"p2": 2}}
    out = board("board.txt", GAME.view(s, "p1"))
    lines = out.splitlines()
    start = lines.index("Figures placed:")
    assert lines[start + 1 : start + 5] == [
        "  hunting grounds   p1 3",
        "  hut               p2 2",
        "  card costing 4    p2 1",
        "  building stack 2  p1 1",
    ], out
    page = board("board.html", GAME.view(s, "p1"))
    assert "hunting grounds" in page and "card costing 4" in page


def test_the_board_says_how_many_figures_are_still_to_place():
    """Playtest: a player had to add up the placed figures to know how many were left."""
    s = new(2)
    s["board"] = {"hunt": {"p1": 3}, "hut": {"p2": 2}}
    s["placed"] = {"p1": 3, "p2": 2}
    out = board("board.txt", GAME.view(s, "p1"))
    assert "Figures still to place: p1 2, p2 3" in out, out
    page = board("board.html", GAME.view(s, "p1"))
    assert "Figures still to place" in page and "<b>2</b>" in page
    s["phase"] = "action"
    assert "still to place" not in board("board.txt", GAME.view(s, "p1"))


def test_final_scores_show_how_they_were_made():
    """Playtest: the table said 26 points, the final scores 206, and nothing explained why."""
    s = new(2, mammoth_herd=True)
    chooser = random.Random(4)
    while GAME.to_move(s):
        p = GAME.to_move(s)[0]
        s = GAME.play(s, p, GAME.bot(s, p, chooser))
    view = GAME.view(s, "p1")
    out = board("board.txt", view)
    check_text(view, out)
    final = s["final"]
    for p in s["players"]:
        parts = final["breakdown"][p]
        lines = out.splitlines()
        at = next(i for i, x in enumerate(lines) if x.startswith(f"     = {parts['game']} during"))
        line = lines[at] + "".join(x for x in lines[at + 1 : at + 3] if x.startswith("       "))
        shown = re.findall(r"(-?\d+) [a-z ]+", line)
        assert sum(map(int, shown)) == final["scores"][p], (line, final)
    assert "during the game" in board("board.html", view)


def test_the_html_tribes_are_blocks_that_fit_a_phone():
    """Playtest screenshot: a twelve-column table ran past the right edge of a phone, even
    with short headings. Each tribe is now a block of its own, in words."""
    view = GAME.view(new(4), "p1")
    page = board("board.html", view)
    assert ">Agr</th>" not in page and "<th" not in page.split("Points")[-1]
    for tribe in view["tribes"]:
        assert f"<b>{tribe}</b> &ndash; Points: <b>" in page
    assert page.count("figures 5, agriculture 0") == 4
