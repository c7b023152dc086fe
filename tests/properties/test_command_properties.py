"""Properties of every game's command parser and of the mail's command reader.

Whatever text a player writes, at any point of a game, ``engine.play`` either gives a new
state or raises ``IllegalMove`` (the documented refusal), in bounded time, and never changes
the state it was given; ``commands.parse`` either reads the text or raises ``CommandError``.
"""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.contract import copy_state
from pbem.mail import commands

GAMES = engine.names()
PARSER = settings(
    max_examples=120, deadline=timedelta(seconds=1), suppress_health_check=[HealthCheck.too_slow]
)
_positions: dict[tuple[str, int], dict] = {}


def position(kind: str, moves: int) -> dict:
    """A two-player game of ``kind`` after ``moves`` bot moves (cached: the bot is slow)."""
    key = (kind, moves)
    if key not in _positions:
        game = engine.load(kind)
        state = game.new(["ann", "bob"], seed=moves)
        chooser = random.Random(moves)
        for _ in range(moves):
            waiting = game.to_move(state)
            if not waiting:
                break
            state = game.play(state, waiting[0], game.bot(state, waiting[0], chooser))
        _positions[key] = state
    return _positions[key]


@st.composite
def written(draw, legal: list[str]) -> str:
    """A command as people type it: a legal one bent (words dropped, swapped, numbers changed,
    case and spacing), words of legal ones mixed, or any text at all."""
    if legal and draw(st.integers(0, 3)):
        words = draw(st.sampled_from(legal)).split()
        for _ in range(draw(st.integers(0, 3))):
            change = draw(st.sampled_from(["drop", "swap", "number", "word", "case", "junk"]))
            index = draw(st.integers(0, max(len(words) - 1, 0)))
            if change == "drop" and words:
                words.pop(index)
            elif change == "swap" and len(words) > 1:
                words[index], words[-1] = words[-1], words[index]
            elif change == "number":
                words.insert(index, str(draw(st.integers(-10, 10**12))))
            elif change == "word":
                other = draw(st.sampled_from(legal)).split()
                words.insert(index, draw(st.sampled_from(other)))
            elif change == "case" and words:
                words[index] = words[index].upper()
            elif change == "junk":
                words.insert(index, draw(st.text(max_size=8)))
        return draw(st.sampled_from([" ", "  ", "\t", " , "])).join(words)
    return draw(st.text(max_size=200))


@pytest.mark.parametrize("kind", GAMES)
@PARSER
@given(data=st.data())
def test_any_text_is_a_move_or_a_refusal(kind, data):
    game = engine.load(kind)
    state = position(kind, data.draw(st.sampled_from([0, 3, 12, 40])))
    waiting = game.to_move(state)
    player = data.draw(st.sampled_from(waiting or ["ann"]))
    legal = game.legal(state, player) if waiting else []
    text = data.draw(written(legal))
    before = json.dumps(state, sort_keys=True)
    try:
        after = game.play(state, player, text)
    except engine.IllegalMove as refusal:
        assert str(refusal).strip()  # a reason the player can read
    else:
        assert after["moves"] == state["moves"] + 1
        assert copy_state(after) == after  # still plain JSON data
    assert json.dumps(state, sort_keys=True) == before


@PARSER
@given(text=st.text(max_size=2000))
def test_any_reply_text_is_read_or_refused_with_a_reason(text):
    try:
        parsed = commands.parse(text)
    except commands.CommandError as refusal:
        assert str(refusal).strip()
    else:
        assert all(line.text.strip() for line in parsed.lines)
        assert len(parsed.lines) <= len(text.splitlines())
