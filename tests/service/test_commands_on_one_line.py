"""Several commands on one line ("place 2 north, done"), as people write a turn: played as the
lines they are when the game refuses the line whole and every piece plays in turn; a line
with a piece the game refuses stays one line, refused for what it is."""

from __future__ import annotations

import random

import pytest

import engine
from engine.i18n import use
from pbem import games, i18n

#: each game after a few turns of its bots, and whoever is to move
SEEDS = {"honga": 3, "stoneage": 4, "hengist": 5}
JOINS = [", ", "; ", ". ", ",", " ; "]


def _position(kind: str, turns: int = 5):
    game = engine.load(kind)
    players = ["ann", "bob"] if kind == "hengist" else ["ann", "bob", "cy"]
    state, chooser = game.new(players, SEEDS[kind]), random.Random(SEEDS[kind])
    for _ in range(turns):
        mover = game.to_move(state)[0]
        while mover in game.to_move(state):
            state = game.play(state, mover, game.bot(state, mover, chooser))
    return game, state, game.to_move(state)[0], chooser


def _turn(game, state, mover, chooser) -> list[str]:
    lines = []
    while mover in game.to_move(state) and len(lines) < 6:
        lines.append(game.bot(state, mover, chooser))
        state = game.play(state, mover, lines[-1])
    return lines


def _commands(kind: str):
    """A position of ``kind``, whoever is to move, and several commands they may give in turn."""
    game, state, mover, chooser = _position(kind)
    lines = _turn(game, state, mover, chooser)
    if len(lines) < 2:
        lines = [*lines, *_turn(game, game.play(state, mover, lines[0]), mover, chooser)]
    assert len(lines) >= 2, "a turn of several commands"
    return game, state, mover, lines


@pytest.mark.parametrize("join", JOINS)
@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_a_turn_written_on_one_line_plays_as_its_lines(kind, join):
    game, state, mover, lines = _commands(kind)
    apart = games.play_lines(game, state, mover, lines)
    together = games.play_lines(game, state, mover, [join.join(lines)])
    assert together.state == apart.state and together.logged == apart.logged
    assert together.lines == lines


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_a_line_with_a_piece_the_game_refuses_is_refused_whole(kind):
    """Nothing applied, the line quoted as written; unless a piece before drew (a card from
    the deck): then, as on lines of their own, the draw stays and the rest is refused."""
    game, state, mover, chooser = _position(kind)
    first = game.bot(state, mover, chooser)
    line = f"{first}, fly to the moon"
    if game.draws(game.play(state, mover, first)) != game.draws(state):
        joined = games.play_lines(game, state, mover, [line])
        apart = games.play_lines(game, state, mover, [first, "fly to the moon"])
        assert joined.lines == apart.lines == [first] and joined.state == apart.state
        assert joined.refused.line == "fly to the moon"
        return
    with pytest.raises(games.Refused) as refused:
        games.play_lines(game, state, mover, [line])
    assert refused.value.line == line  # quoted as written: nothing of it applied


def test_a_line_of_more_pieces_than_a_turn_takes_is_one_line():
    game, state, mover, _chooser = _position("honga")
    line = ", ".join(["done"] * (games.MOST_JOINED + 1))
    with pytest.raises(games.Refused) as refused:
        games.play_lines(game, state, mover, [line])
    assert refused.value.line == line


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_a_reply_with_the_turn_on_one_line_is_applied(service, kind):
    game_id = service.new_game(kind)
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    body = "Hi all,\n\n" + ", ".join(lines) + "\n\nCheers, Ann"
    sent = service.deliver(service.reply(game_id, mover, body))
    assert [m.kind for m in sent if m.kind == "error"] == []
    assert service.game(game_id)[0].version == 2 and mover not in service.to_move(game_id)


#: the words joining two commands, as each language writes them
JOINED_BY = {"en": " and then ", "es": ", y ", "de": " und ", "pt": " e "}


@pytest.mark.parametrize("language", sorted(JOINED_BY))
@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_commands_joined_by_words_in_every_language(kind, language):
    game, state, mover, lines = _commands(kind)
    with use(i18n.translations(language)):
        typed = JOINED_BY[language].join(game.shown(line, language) for line in lines)
        together = games.play_lines(game, state, mover, [typed])
    assert together.state == games.play_lines(game, state, mover, lines).state


def test_hostile_lines_stay_one_line_refused():
    """Long runs of spaces, of joins and of joining words: refused as written, nothing applied
    (the line is made one space apart before it is cut, so the cutting pattern never
    backtracks over a run; ``make bench`` times hostile mail)."""
    game, state, mover, _chooser = _position("honga")
    for line in ("p2n" + " " * 200_000 + "x", "a ," * 50_000, "and " * 50_000 + "x"):
        with pytest.raises(games.Refused) as refused:
            games.play_lines(game, state, mover, [line])
        assert refused.value.line == line


@pytest.mark.parametrize("kind", ["hengist", "honga"])  # Stone Age's turns end by themselves
def test_a_done_joined_after_a_turn_that_ended_by_itself_changes_nothing(kind):
    """'place 2 east, done' where placing ends the turn: the 'done' is left out, as the pipeline
    leaves out a 'done' line written after the turn ended (it was refused: "your turn was
    over")."""
    game, state, mover, chooser = _position(kind)
    lines = _turn(game, state, mover, chooser)
    played = games.play_lines(game, state, mover, [", ".join([*lines, "done"])])
    assert played.refused is None and played.lines == lines
    assert played.state == games.play_lines(game, state, mover, lines).state
