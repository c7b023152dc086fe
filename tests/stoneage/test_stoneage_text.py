"""Playtest findings on the words of the mails: plurals, place names, what a decision is about."""

from __future__ import annotations

import pytest

from engine.contract import IllegalMove
from engine.stoneage import commands, data
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def test_event_sentences_use_proper_plurals_and_place_names():
    say = GAME.describe
    assert say({"type": "place", "player": "p1", "place": "forest", "count": 5}) == (
        "p1 placed 5 figures on the forest."
    )
    assert say({"type": "place", "player": "p1", "place": "card1", "count": 1}) == (
        "p1 placed 1 figure on the card costing 1."
    )
    assert say({"type": "stuck", "player": "p1", "count": 1}) == (
        "p1 has no place left for 1 figure; it stays home."
    )
    tame = {"type": "tame", "player": "p2", "count": 1, "paid": {"food": 1}}
    assert say(tame) == "p2 sent 1 figure to tame the mammoth, paying 1 food."
    assert say({**tame, "count": 0, "paid": {}}) == "p2 sent no figure to tame the mammoth."
    assert "(s)" not in " ".join(
        say(e)
        for e in (
            {"type": "herd_bonus", "player": "p1", "bonus": {"kind": "choice", "amount": 1}},
            {"type": "herd_bonus", "player": "p1", "bonus": {"kind": "points", "amount": 1}},
        )
    )


def test_the_herd_stands_at_a_place_not_at_a_good():
    """It read "The mammoth herd stands at the stone" while the board said "quarry"."""
    text = GAME.describe({"type": "herd", "tile": 7, "resource": "stone"})
    assert text.startswith("The mammoth herd stands at the quarry;"), text
    assert "resource(s)" not in text and "1 resource of your choice" in text


def test_one_point_is_singular_in_bonus_and_card_texts():
    s = new(2, mammoth_herd=True)
    s["herd"]["tile"], s["herd"]["resource"] = 12, "gold"  # for all: 1 point
    assert GAME.view(s, "p1")["herd"]["tile"]["all_text"] == "1 point"


def test_a_choice_bonus_says_who_chooses_in_the_third_person():
    """It read "p1 received 1 resource(s) of your choice" in everybody's mail."""
    text = GAME.describe(
        {"type": "herd_bonus", "player": "p1", "bonus": {"kind": "choice", "amount": 2}}
    )
    assert text == "p1 may choose 2 resources."


def test_yields_name_the_tools_only_when_used():
    event = {"type": "yield", "player": "p1", "good": "wood", "amount": 6, "tools": 0}
    event.update(place="forest", dice=[6, 3, 4, 3, 4])
    assert GAME.describe(event) == "p1 rolled 6 3 4 3 4 at the forest and got 6 wood."
    event.update(tools=2, amount=7)
    assert GAME.describe(event) == (
        "p1 rolled 6 3 4 3 4 at the forest, added tools worth 2 and got 7 wood."
    )


def test_village_sentences_say_what_was_gained():
    s = at_action(new(2), {"hut": {"p1": 2}, "toolmaker": {"p2": 1}, "field": {"p1": 1}})
    s = GAME.play(s, "p1", "use hut")
    s = GAME.play(s, "p1", "use field")
    said = [GAME.describe(e) for e in s["log"][-2:]]
    assert said == [
        "p1 used the hut and now has 6 figures.",
        "p1 used the field: agriculture is now 1.",
    ]
    s = GAME.play(s, "p2", "use toolmaker")
    said = [GAME.describe(e) for e in s["log"] if e["type"] == "village"]
    assert said[-1] == "p2 used the tool maker: tools are now 1."
    # events logged before the result was recorded still read well
    assert GAME.describe({"type": "village", "player": "p1", "place": "hut"}) == (
        "p1 used the hut."
    )


def test_the_bonus_decision_says_what_each_bonus_gives():
    """The board no longer shows the tile once it is tamed; the choice was blind."""
    s = new(3, mammoth_herd=True)
    s["pending"] = [{"kind": "bonus", "player": "p1", "tile": 6, "others": ["p2"]}]
    help_text = GAME.help(s, "p1")
    assert "“bonus one” gives one more figure; “bonus all” gives 3 points." in help_text
    assert "(p2)" in help_text


def test_help_gives_the_numbers_of_the_decision_and_does_not_repeat_the_list():
    s = new(2, mammoth_herd=True)
    assert "Possible now" not in GAME.help(s, "p1")  # the mail lists the commands
    s["pending"] = [{"kind": "take", "player": "p1", "count": 2}]
    assert "Choose 2 resources" in GAME.help(s, "p1")
    s["pending"] = []
    s["phase"], s["feeding"] = "feed", {"p1": 3}
    s["p"]["p1"].update(food=0, wood=5)
    assert "still lacks 3 food" in GAME.help(s, "p1")


def test_a_later_command_during_a_waiting_decision_says_the_decision_comes_first():
    s = new(2, mammoth_herd=True)
    s["pending"] = [{"kind": "tame", "player": "p1", "count": 2}]
    s["herd"]["tile"], s["herd"]["resource"] = 7, "stone"
    with pytest.raises(IllegalMove, match="a decision comes first .how many figures tame"):
        GAME.play(s, "p1", "use field")
    assert "2 figures at the quarry" in GAME.help(s, "p1")


def test_tame_all_sends_every_figure_there():
    s = new(2, mammoth_herd=True)
    s["pending"] = [{"kind": "tame", "player": "p1", "count": 3}]
    s["herd"]["tile"], s["herd"]["resource"] = 7, "stone"
    s["board"] = {"quarry": {"p1": 3}}
    s = GAME.play(s, "p1", "tame all")
    assert s["log"][-1]["count"] == 3


def test_a_taken_place_says_by_whom_and_refusals_use_plurals():
    s = new(2)
    s = GAME.play(s, "p1", "place field")
    with pytest.raises(IllegalMove, match="taken by p1"):
        GAME.play(s, "p2", "field")
    s = GAME.play(s, "p2", "place 2 forest")
    with pytest.raises(IllegalMove, match="only 1 player may use one resource area"):
        GAME.play(s, "p1", "place 1 forest")
    assert data.PLAYERS_PER_AREA[2] == 1


def test_the_dice_for_everyone_stay_in_the_log_after_the_picks(dice):
    """A mail read "p1 rolled dice for everyone: ." once both dice had been picked."""
    s = at_action(new(2), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0], s["p"]["p1"]["wood"] = 1, 1  # dice for everyone
    dice += [4, 4]
    s = GAME.play(s, "p1", "buy card 1")
    said = [GAME.describe(e) for e in s["log"] if e["type"] == "dice_everyone"]
    assert said == ["p1 rolled dice for everyone: 4 4."]


def test_a_card_roll_reads_for_the_card(dice):
    """It read "p1 rolled 3 5 at a card and got 1 wood"."""
    s = at_action(new(2), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0], s["p"]["p1"]["stone"] = 24, 1  # roll 2 dice for wood
    dice += [3, 5]
    s = GAME.play(s, "p1", "buy card 1")
    said = [GAME.describe(e) for e in s["log"] if e["type"] == "yield"]
    assert said == ["p1 rolled 3 5 for the card and got 2 wood."]


def _read(s, player, typed):
    return GAME.play(s, player, typed)["log"][-1]


def test_phone_typing_plurals_and_a_slipped_verb_are_understood():
    s = new(3)
    assert _read(s, "p1", "plase 2 hunts")["count"] == 2
    assert _read(s, "p1", "plce 2 huts")["place"] == "hut"
    assert _read(s, "p1", "pleace 3 forests")["place"] == "forest"


def test_placing_refusals_that_used_to_mislead():
    s = new(3)
    with pytest.raises(IllegalMove, match="exactly 1 figure"):
        GAME.play(s, "p1", "place 2 card 1")  # was silently one figure
    with pytest.raises(IllegalMove, match="used once everybody has placed"):
        GAME.play(s, "p1", "use forest")
    with pytest.raises(IllegalMove, match="nothing to decide now; waiting for p1"):
        commands.resolve(s, "p2", "place 1 hunt")


def test_a_building_of_one_kind_is_not_of_1_kinds():
    texts = {GAME.describe({"type": "build", "player": "p1", "tile": t, "paid": {"clay": 4},
                            "points": 10}) for t, b in data.BUILDINGS.items()
             if b["kind"] == "exact"}  # fmt: skip
    assert any("“4 resources of one kind”" in t for t in texts)
    assert not any("1 kinds" in t or "1 points" in t for t in texts), texts
