"""Commands as a person types them on a phone: case, spaces, punctuation, short forms, word
order; refusals quote what was typed and say why. 'end' is never a command."""

from __future__ import annotations

import pytest
from hengist_helpers import fresh, play

from engine import IllegalMove
from engine.hengist import GAME


def busy():
    state = fresh()
    state["parties"]["ann"] = ["b10", "h11", "boat"]
    state["hands"]["ann"] = ["hill", "river", "mountain", "forest", "explorer", "hill/river"]
    return state


def last_move(state):
    return [e for e in state["log"] if e["type"] in ("move", "raid", "spy")][-1]


@pytest.mark.parametrize(
    "typed",
    [
        "Move A H1 Hill",
        "  move   a  h1   hill ",
        "move a h1, hill.",
        "move a to h1 using the hill card",
        "party a move h1 hill",  # the verb later, as a whole word
        "a move to h1 with hill",
        "m a h1 h",
        "go a h1 hil",
    ],
)
def test_move_forms_are_accepted(typed):
    state = play(busy(), typed)
    assert state["parties"]["ann"][0] == "h10" and last_move(state)["cards"] == ["hill"]


@pytest.mark.parametrize("typed", ["move a h1 hill/river", "move a h1 Hill - River",
                                   "move a h1 river/hill", "move a h1 h/r", "move a h1 hill + river"])  # fmt: skip
def test_double_cards_in_any_spelling(typed):
    assert last_move(play(busy(), typed))["cards"] == ["hill/river"]


@pytest.mark.parametrize(
    "typed",
    [
        "raid b white hill river forest",
        "raid b w h r f",
        "Raid b White, Hill, River, Forest!",
        "raid b wh h r f",
        "b raid white h r f",
        "raid h2 white h r f",  # the party's own hinterland space names it
        "raid b white path with hill river and forest",
    ],
)
def test_raid_forms_are_accepted(typed):
    state = play(busy(), typed)
    assert last_move(state)["path"] == "white" and state["taken"]["ann"] == [10]


def test_raid_colour_letters_b_and_r_stay_party_and_river():
    """'b' is party b and 'r' is a river card, never blue or red."""
    state = busy()
    with pytest.raises(IllegalMove, match="which one path"):
        play(state, "raid b r r f")


@pytest.mark.parametrize("typed", ["spy a 2", "spy a board 2", "look a 2", "Spy A 2 with explorer",
                                   "spy on board 2 with a", "s a 2 x"])  # fmt: skip
def test_spy_forms_are_accepted(typed):
    state = play(busy(), typed)
    assert last_move(state)["board"] == 2


@pytest.mark.parametrize("typed", ["done", "Done", "DONE ", "done.", "done!", "pass"])
def test_done_forms_end_the_turn(typed):
    assert GAME.to_move(play(busy(), typed)) == ["bob"]


def test_a_move_without_a_card_plays_the_only_fitting_terrain_card():
    """'move a h1' pays with the one kind of terrain card that fits; it never spends an
    explorer by itself (that would sail the boat), and asks when several kinds fit."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # 1a -> h1 is a hill road
    state["hands"]["ann"] = ["hill", "hill", "river", "explorer"]
    after = play(state, "move a h1")
    assert after["hands"]["ann"] == ["hill", "river", "explorer"] and after["boat"] == ["1", 0]
    state["hands"]["ann"] = ["hill", "hill/river", "explorer"]
    with pytest.raises(IllegalMove, match=r"you hold hill, hill/river, explorer.*'move a h1 hill'"):
        play(state, "move a h1")
    state["hands"]["ann"] = ["explorer", "river"]
    with pytest.raises(IllegalMove, match="you hold explorer"):
        play(state, "move a h1")


@pytest.mark.parametrize(
    "typed, says",
    [
        ("move a 7a", "'7a' is not a place"),
        ("move a h12 hill", "'h12' is not a place"),
        ("move a", "'move a' says no place"),
        ("move a h1 hills", "'hills' is not a card"),
        ("move a h1 hill river", "'move a h1 hill river' names 2"),
        ("move c boat", "already in the boat"),
        ("move a h9 hill", "cannot reach h9; it can go to: boat, h1"),
        ("raid b", "'raid b': say which one path"),
        ("raid b purple hill", "'raid b purple hill': say which one path"),
        ("spy a 4", "'spy a 4': say which road tile"),
        ("spy a", "'spy a': say which road tile"),
        ("reinforce a", "not lost"),
        ("reinforce", "None of your parties is lost"),
        ("reinforce a now", "'reinforce a now'"),
        ("done now", "'done now'"),
        ("hello", "Unknown command 'hello'"),
        ("end", "write 'done'"),
    ],
)
def test_refusals_quote_what_was_typed_and_say_why(typed, says):
    state = busy()
    with pytest.raises(IllegalMove, match=None) as error:
        play(state, typed)
    assert says in str(error.value)


@pytest.mark.parametrize("typed", ["end", "END", "End.", "end turn", "e"])
def test_end_is_never_a_command(typed):
    """The mail layer stops reading at a line 'end'; the game refuses it and changes nothing."""
    state = busy()
    with pytest.raises(IllegalMove, match="Unknown command"):
        play(state, typed)
    assert not any(c.split()[0] == "end" for c in GAME.legal(state, "ann"))
