"""Commands as typed on a phone: short forms, case, spaces, word order; helpful refusals."""

from __future__ import annotations

import random

import pytest

from engine import IllegalMove
from engine.stoneage import commands
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def _read(s, player, typed):
    return commands.resolve(s, player, " ".join(typed.lower().split()))


@pytest.mark.parametrize(
    "typed,canonical",
    [("Forest 3", "place 3 forest"), ("3 forest", "place 3 forest"),
     ("  PLACE   3   Forest ", "place 3 forest"), ("forest three", "place 3 forest"),
     ("wood 2", "place 2 forest"), ("hunt", "place 1 hunt"), ("2 clay pit", "place 2 clay"),
     ("Hut", "place hut"), ("place 2 hut", "place hut"), ("farm", "place field"),
     ("tool maker", "place toolmaker"), ("tools", "place toolmaker"),
     ("Card2", "place card 2"), ("2 card", "place card 2"), ("house 1", "place building 1"),
     ("auto tools", None), ("TOOLS ASK", "tools ask")],
)  # fmt: skip
def test_placement_short_forms(typed, canonical):
    s = new(2)
    if canonical is None:
        with pytest.raises(IllegalMove, match="already set to auto"):
            _read(s, "p1", typed)
    else:
        assert _read(s, "p1", typed) == canonical


@pytest.mark.parametrize(
    "typed,canonical",
    [("building 1", "place building 1"), ("Building 2", "place building 2"),
     ("build 1", "place building 1"), ("place on building 1", "place building 1"),
     ("building stack 2", "place building 2"), ("buildings 1", "place building 1"),
     ("civ card 3", "place card 3"), ("civilization card 4", "place card 4"),
     ("card slot 2", "place card 2"), ("buy card 2", "place card 2"),
     ("hunting ground 2", "place 2 hunt"), ("2 on the hunting grounds", "place 2 hunt"),
     ("hunting area 2", "place 2 hunt"), ("the field", "place field"),
     ("farmland", "place field"), ("tool-maker", "place toolmaker"),
     ("the tool maker", "place toolmaker"), ("toolsmith", "place toolmaker"),
     ("the hut", "place hut"), ("love hut", "place hut"), ("forest 2", "place 2 forest"),
     ("clay pit 2", "place 2 clay"), ("claypit 2", "place 2 clay"),
     ("clay-pit 2", "place 2 clay"), ("bricks 2", "place 2 clay"),
     ("quarry 2", "place 2 quarry"), ("stones 2", "place 2 quarry"),
     ("river 2", "place 2 river"), ("2 in the river", "place 2 river")],
)  # fmt: skip
def test_natural_place_names_while_placing(typed, canonical):
    """'En la fase de colocación, el jugador inicial coloca una o más figuras': a figure goes
    to the 'terrenos de caza', 'bosque, montón de arcilla, cantera o río', 'fabricante de
    herramientas, cabaña y campo', a 'carta de Civilización' or a 'loseta de edificio'. While
    placing, the words people use for these places (issue 9: 'building 1' was read as the
    action 'build' and refused) say where to place."""
    s = new(4)
    assert _read(s, "p1", typed) == canonical


@pytest.mark.parametrize(
    "typed,canonical",
    [("Forest", "use forest"), ("forest use", "use forest"), ("use wood", "use forest"),
     ("hut", "use hut"), ("card 1 wood", "buy card 1 pay 1 wood"),
     ("buy card1 with a wood", "buy card 1 pay 1 wood"), ("card 1 buy wood", "buy card 1 pay 1 wood"),
     ("skip card1", "skip card 1"), ("pass card 1", "skip card 1"), ("Build 1", "build 1"),
     ("build building 1 pay 2 wood and a clay", "build 1"), ("use building 1", "build 1"),
     ("decline building 1", "skip building 1")],
)  # fmt: skip
def test_action_short_forms(typed, canonical):
    s = at_action(
        new(2),
        {"forest": {"p1": 1}, "hut": {"p1": 2}, "card1": {"p1": 1}, "building1": {"p1": 1},
         "hunt": {"p2": 1}},
    )  # fmt: skip
    s["stacks"][0][0] = 1  # 2 wood 1 clay
    s["p"]["p1"].update(wood=3, clay=1)
    assert _read(s, "p1", typed) == canonical


def test_a_payment_is_asked_for_only_when_there_is_a_choice():
    s = at_action(new(2), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(wood=3)
    assert _read(s, "p1", "buy card 1") == "buy card 1 pay 1 wood"
    s["p"]["p1"].update(clay=1)
    with pytest.raises(IllegalMove, match="say what you pay for card 1"):
        _read(s, "p1", "buy card 1")


@pytest.mark.parametrize(
    "kind,typed,canonical",
    [("pick", "Gold", "pick gold"), ("pick", "4", "pick gold"), ("pick", "field", "pick agriculture"),
     ("take", "gold, stone", "take 1 stone 1 gold"), ("take", "2 gold", "take 2 gold"),
     ("tame", "2", "tame 2"), ("tame", "none", "tame 0"), ("tame", "send two", "tame 2"),
     ("bonus", "one", "bonus one"), ("bonus", "For All", "bonus all"), ("bonus", "1", "bonus one"),
     ("tools", "3", "tools 3"), ("tools", "no", "tools none"), ("tools", "c4 3", "tools 3 c4")],
)  # fmt: skip
def test_decisions_read_in_context(kind, typed, canonical):
    """A bare answer ('gold', '2', 'none') is read as the answer to the question waiting."""
    s = new(3)
    s["p"]["p1"].update(tools=[3], used=[False], one_use=[4])
    s["pending"] = [
        {"kind": kind, "player": "p1", "dice": [1, 4, 6], "order": ["p1", "p2", "p3"],
         "count": 2 if kind != "tame" else 3, "tile": 3, "others": [], "good": "wood",
         "source": "forest"}
    ]  # fmt: skip
    assert _read(s, "p1", typed) == canonical


def test_feeding_short_forms():
    s = new(2)
    s["phase"], s["feeding"] = "feed", {"p1": 2}
    s["p"]["p1"].update(wood=1, gold=3)
    assert _read(s, "p1", "wood gold") == "pay 1 wood 1 gold"
    assert _read(s, "p1", "Feed 2 gold") == "pay 2 gold"
    assert _read(s, "p1", "lose 10") == "starve"


def test_refusals_quote_what_was_typed_say_why_and_what_is_possible():
    s = new(2)
    with pytest.raises(IllegalMove) as error:
        GAME.play(s, "p1", "Forest 9")
    text = str(error.value)
    assert "“forest 9” (read as “place 9 forest”)" in text
    assert "only 5 figures left" in text and "Possible now:" in text
    with pytest.raises(IllegalMove) as error:
        GAME.play(s, "p1", "dance wildly")
    assert "“dance wildly” is not understood" in str(error.value)
    assert "Possible now:" in str(error.value)


def test_no_passing_is_explained():
    """'No, no puedes pasar si aún tienes figuras sin colocar.'"""
    with pytest.raises(IllegalMove, match="may not pass"):
        GAME.play(new(2), "p1", "pass")


def test_hut_field_and_tool_maker_refuse_a_wrong_number_of_figures():
    """'Para usar la cabaña debes colocar exactamente dos figuras': 'place 1 hut' is refused,
    not silently turned into two figures."""
    s = new(4)
    with pytest.raises(IllegalMove, match="exactly 2"):
        GAME.play(s, "p1", "place 1 hut")
    with pytest.raises(IllegalMove, match="exactly 1"):
        GAME.play(s, "p1", "place 2 field")


def test_a_fixed_building_paid_with_other_goods_is_refused():
    """A fixed building costs exactly its printed resources; 'build 1 pay 3 wood' was accepted
    and charged 2 wood 1 clay instead."""
    s = at_action(new(2), {"building1": {"p1": 1}, "hunt": {"p2": 1}})
    s["stacks"][0][0] = 1  # 2 wood 1 clay
    s["p"]["p1"].update(wood=3, clay=1)
    with pytest.raises(IllegalMove, match="costs exactly 2 wood 1 clay"):
        GAME.play(s, "p1", "build 1 pay 3 wood")


def test_taming_refusals_say_why():
    s = new(3)
    s["pending"] = [{"kind": "tame", "player": "p1", "count": 2}]
    s["p"]["p1"].update(food=3, wood=2)
    with pytest.raises(IllegalMove, match="only 2 figure"):
        GAME.play(s, "p1", "tame 3")
    with pytest.raises(IllegalMove, match="resources stand in only for the food you lack"):
        GAME.play(s, "p1", "tame 2 pay 2 wood")


def test_end_is_never_a_game_command():
    """The mail layer reserves 'end' (it stops reading a mail)."""
    s = new(3, mammoth_herd=True)
    chooser = random.Random(11)
    while GAME.to_move(s):
        p = chooser.choice(GAME.to_move(s))
        legal = GAME.legal(s, p)
        assert not any("end" in c.split() for c in legal)
        with pytest.raises(IllegalMove):
            GAME.play(s, p, "end")
        s = GAME.play(s, p, chooser.choice(legal))
    assert "“end”" not in GAME.help(s, "p1")


def test_the_tools_setting_is_changed_while_acting_too():
    """Issue 9: 'tools ask/auto' may be set at any time (it was refused outside placing, which
    this test expected before); setting what is already set says so."""
    s = at_action(new(2), {"forest": {"p1": 1}, "hunt": {"p2": 1}})
    with pytest.raises(IllegalMove, match="already set to auto"):
        GAME.play(s, "p1", "auto tools")
    s = GAME.play(s, "p1", "tools ask")
    assert s["p"]["p1"]["auto_tools"] is False and GAME.to_move(s) == ["p1"]


def test_a_hyphen_joins_words_but_a_minus_is_no_number():
    """'tool-maker' and 'clay-pit' are places; '-1' is no number of figures to tame."""
    s = new(2)
    assert _read(s, "p1", "tool-maker") == "place toolmaker"
    s["pending"] = [{"kind": "tame", "player": "p1", "count": 2}]
    with pytest.raises(IllegalMove, match="not understood"):
        _read(s, "p1", "-1")
