"""Hidden information, commands, help and log sentences."""

from __future__ import annotations

import json
import random

import pytest

from engine import IllegalMove
from engine.stoneage import data
from tests.stoneage.stoneage_helpers import GAME, new


def _views(s):
    return [json.dumps(GAME.view(s, who), sort_keys=True) for who in [None, *s["players"]]]


def test_deck_order_is_in_no_view():
    """The order of the civilization deck is nobody's: reordering it changes no view."""
    s = new(4, mammoth_herd=True)
    before = _views(s)
    s["deck"].reverse()
    assert _views(s) == before
    view = GAME.view(s, "p1")
    assert "deck" not in view and view["deck_size"] == 32


def test_buildings_below_the_top_are_in_no_view():
    s = new(4)
    before = _views(s)
    for stack in s["stacks"]:
        stack[1:] = reversed(stack[1:])
    assert _views(s) == before
    tops = [st["top"]["id"] for st in GAME.view(s, "p2")["stacks"]]
    assert tops == [st[0] for st in s["stacks"]]


def test_face_down_herd_tiles_are_in_no_view_except_the_back_on_top():
    """Only the back of the top tile shows (it names next round's resource)."""
    s = new(4, mammoth_herd=True)
    pile = s["herd"]["pile"]
    same_back = [t for t in pile[1:] if t != pile[0]]
    before = _views(s)
    pile[1:] = reversed(pile[1:])
    assert _views(s) == before
    herd = GAME.view(s, "p3")["herd"]
    assert set(herd) == {
        "resource",
        "area",
        "tile",
        "next_resource",
        "next_area",
        "pile_size",
        "on_tile",
        "tamed",
    }
    assert same_back  # the pile really held other tiles


def test_natural_commands_and_errors():
    s = new(2)
    with pytest.raises(IllegalMove) as error:
        GAME.play(s, "p1", "place 9 forest")
    assert "place 9 forest" in str(error.value)
    with pytest.raises(IllegalMove, match="once everybody has placed"):
        GAME.play(s, "p1", "use forest")  # an action while placing ("build 1" places)
    with pytest.raises(IllegalMove):
        GAME.play(s, "p2", "place 1 hunt")  # not p2's turn


def test_tools_setting_can_be_changed_on_your_turn():
    s = new(2)
    s = GAME.play(s, "p1", "tools ask")
    assert s["p"]["p1"]["auto_tools"] is False and GAME.to_move(s) == ["p1"]
    assert "tools auto" in GAME.legal(s, "p1")


def test_every_log_event_is_one_sentence_and_help_is_there():
    s = new(4, mammoth_herd=True)
    chooser = random.Random(5)
    while GAME.to_move(s):
        p = chooser.choice(GAME.to_move(s))
        assert GAME.help(s, p).strip()
        s = GAME.play(s, p, chooser.choice(GAME.legal(s, p)))
    kinds = set()
    for event in s["log"]:
        sentence = GAME.describe(event)
        assert sentence.strip() and "Something happened" not in sentence
        kinds.add(event["type"])
    assert {"place", "yield", "card", "round", "herd", "game_over"} <= kinds


def test_stone_age_is_open_but_for_the_cards_drawn_from_the_deck():
    """Resources, tools, buildings and the bought cards of the open row are seen by all; only
    the deck, the stacks below the top, the face-down herd tiles and the cards a player drew
    from the deck (issue 9; test_stoneage_hidden_cards) are not. So apart from the tribes'
    cards and the log, every player's view equals the public one (this test expected every
    view equal and no private event before the drawn cards became the drawer's)."""
    s = new(4, mammoth_herd=True)
    chooser = random.Random(1)
    while GAME.to_move(s):
        public = GAME.view(s, None)
        for p in s["players"]:
            view = GAME.view(s, p)
            skip = ("you", "tribes", "log")
            assert {k: v for k, v in view.items() if k not in skip} == {
                k: v for k, v in public.items() if k not in skip
            }
            assert [e for e in view["log"] if "to" not in e] == public["log"]
        p = chooser.choice(GAME.to_move(s))
        s = GAME.play(s, p, chooser.choice(GAME.legal(s, p)))
    assert {e["type"] for e in s["log"] if "to" in e} == {"extra_card"}
    assert not {"seed", "rng", "deck", "pile"} & set(json.dumps(GAME.view(s, None)).split('"'))


def test_the_face_up_tile_and_the_next_back_are_public():
    """'pega a primeira ficha ... coloca-a, com a face para cima' — the tile's both bonuses are
    public; '(O recurso que agora é mostrado não tem importância para essa rodada)' — the back
    of the next tile shows."""
    s = new(3, mammoth_herd=True)
    herd = GAME.view(s, None)["herd"]
    assert herd["tile"]["id"] == s["herd"]["tile"] and herd["tile"]["one_text"]
    assert herd["next_resource"] == data.HERD_TILES[s["herd"]["pile"][0]]["back"]
    assert herd["pile_size"] == 15


def test_help_carries_no_reconstruction_note():
    """Issue 9, point 11: the note that the herd tiles, the tool tile supply and card 36 are
    reconstructions was printed in every turn mail, which prints the help; players cannot
    reach the rules document, so the note is in no help (the ``rules`` answer carries it)."""
    s = new(3, mammoth_herd=True)
    chooser = random.Random(3)
    kinds = set()
    while GAME.to_move(s):
        p = chooser.choice(GAME.to_move(s))
        kinds.add(s["pending"][0]["kind"] if s["pending"] else s["phase"])
        assert "reconstruction" not in GAME.help(s, p).lower()
        s = GAME.play(s, p, chooser.choice(GAME.legal(s, p)))
    assert {"place", "action", "tame"} <= kinds
