"""The text boards' tables in every language: every column is as wide as its widest heading
or value as a mail client shows it, so no heading runs into the next ("MamStufe"), the
values stand under their headings, and a line fits 72 columns."""

from __future__ import annotations

import random
import re

import pytest
import wcwidth

import engine
from pbem.i18n import render, translations

LANGUAGES = ("en", "es", "de", "pt")
#: Each game's table: its first heading, and how its columns are aligned.
TABLES = {
    "honga": ("Player", "<>>>>>>>> <"),
    "stoneage": ("Tribe", "<>>>>>>>>>> <"),
    "hengist": ("Player", "<>> <"),
}
PLAYERS = {"honga": 5, "stoneage": 4, "hengist": 2}


def positions(name: str, steps=(0, 25, 80)):
    game = engine.load(name)
    players = ["ann", "bartholomew12", "cy", "dörte", "ed"][: PLAYERS[name]]
    state, chooser, done = game.new(players, seed=4), random.Random(4), 0
    for step in steps:
        while done < step and game.to_move(state):
            mover = game.to_move(state)[0]
            state = game.play(state, mover, chooser.choice(game.legal(state, mover)))
            done += 1
        yield game, state


def spans(line: str, count: int) -> list[tuple[int, int]]:
    """The display columns (start, end) of the first ``count - 1`` cells of a table line and
    where its last cell starts (the last cell may hold spaces)."""
    found = [(m.start(), m.end()) for m in re.finditer(r"\S+", line)]
    width = [wcwidth.wcswidth(line[:start]) for start, _end in found]
    ends = [wcwidth.wcswidth(line[:end]) for _start, end in found]
    return [(width[k], ends[k]) for k in range(count - 1)] + [(width[count - 1], None)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_columns_fit_their_headings_in_every_language(name, language):
    first, align = TABLES[name]
    align = align.replace(" ", "")
    heading = translations(language).gettext(first)
    for game, state in positions(name):
        text = render(f"mail/{name}/board.txt", language, view=game.view(state, "ann"))
        lines = text.splitlines()
        assert max(map(wcwidth.wcswidth, lines)) <= 72, text
        top = next(i for i, line in enumerate(lines) if line.startswith(heading + " "))
        table = lines[top : top + 1 + len(state["players"])]
        assert len(table[0].split()) == len(align), table  # every heading stands alone
        cells = [spans(line, len(align)) for line in table]
        for column, side in enumerate(align):
            if side == ">":
                assert len({row[column][1] for row in cells}) == 1, (column, table)
            else:
                assert len({row[column][0] for row in cells}) == 1, (column, table)
