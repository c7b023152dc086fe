"""Hidden information stays hidden; commands are short and forgiving; events are described."""

from __future__ import annotations

import json
import random

import pytest

from engine import IllegalMove


def _text(view):
    return json.dumps(view, sort_keys=True)


def test_fresh_bonus_unseen_even_by_owner(h):
    """Talar: drawn face down, without looking: the owner only sees how many."""
    s = h.new()
    s["pl"]["p1"]["fresh"] = [h.bonus_id("frugal")]
    for who in (None, "p1", "p2"):
        view = h.GAME.view(s, who)
        assert "frugal mammoths" not in _text(view)
        assert view["table"][0]["bonus_face_down"] == 1


def test_usable_bonus_seen_by_owner_only(h):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("swap")]
    assert "swap mushrooms and berries" in _text(h.GAME.view(s, "p1"))
    for who in (None, "p2"):
        view = h.GAME.view(s, who)
        assert "swap mushrooms and berries" not in _text(view)
        assert view["table"][0]["bonus_usable"] == 1


def test_action_card_in_hand_seen_by_owner_only(h):
    """Decision: the card in hand is known to its owner; the others see only its colour."""
    s = h.new()
    mine = h.GAME.view(s, "p1")
    theirs = h.GAME.view(s, "p2")
    public = h.GAME.view(s, None)
    assert mine["own"]["card"]["quarters"] and len(mine["own"]["placements"]) == 16
    assert "own" not in public and "quarters" not in _text(public)
    assert _text(theirs).count("quarters") == 1  # p2's own card only
    assert theirs["table"][0]["card_colour"] == "grey"


def test_no_deck_order_in_views(h):
    """Nobody sees the order of the piles or the next cards."""
    s = h.new()
    next_trade = h.data.TRADE_CARDS[s["trade_deck"][-1]]
    cost = {k: n for k, n in next_trade["cost"].items() if n}
    for who in (None, "p1", "p2"):
        view = h.GAME.view(s, who)
        assert json.dumps(cost, sort_keys=True) not in _text(view)
        assert all(isinstance(n, int) for n in view["piles"].values())
        for key in ("decks", "trade_deck", "bonus_deck", "seed"):
            assert key not in view


def test_public_board_shows_the_open_table(h):
    s = h.new()
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    view = h.GAME.view(s, None)
    assert view["herd"] == ["p1"] and view["tusk"] == "p1"
    assert view["board"][1]["top"]["hands"] == {"mammoths": 2, "mountain": 1, "honga": 1}
    assert len([t for t in view["trades"] if t]) == 3
    assert view["turn"]["hands_left"]["mammoths"] == 1


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("p2n", "place 2 north"),
        ("2 n", "place 2 north"),
        ("place north 2", "place 2 north"),
        ("put the card on circle 2 north", "place 2 north"),
        ("P2N", "place 2 north"),
    ],
)
def test_short_place_commands(h, typed, canonical):
    s = h.new()
    assert h.play(s, "p1", typed) == h.play(s, "p1", canonical)


def test_short_action_commands(h):
    s = h.new()
    s["pl"]["p1"]["res"] = {"fish": 5, "berries": 5, "mushrooms": 5, "water": 0}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    assert h.play(s, "p1", "l") == h.play(s, "p1", "lure")
    assert h.play(s, "p1", "lure a mammoth") == h.play(s, "p1", "lure")
    assert h.play(s, "p1", "finish turn") == h.play(s, "p1", "done")


@pytest.mark.parametrize("typed", ["end", "END", "end turn"])
def test_end_is_not_a_command(h, typed):
    """A mail line that is just 'end' stops the mail, so 'end' is never a HONGA command."""
    s = h.new()
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    assert "done" in h.GAME.legal(s, "p1")
    with pytest.raises(IllegalMove, match="do not understand"):
        h.play(s, "p1", typed)


def test_illegal_messages_explain(h):
    s = h.new()
    with pytest.raises(IllegalMove, match="do not understand"):
        h.play(s, "p1", "fly to the moon")
    with pytest.raises(IllegalMove, match="circles 1 to 4"):
        h.play(s, "p1", "place 7 north")
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    with pytest.raises(IllegalMove, match="no hand of yours is left on trade"):
        h.play(s, "p1", "t1")
    with pytest.raises(IllegalMove, match="already laid"):
        h.play(s, "p1", "p1n")


# phase -> the command forms its help must explain
HELP_FORMS = {
    "place": ["'place CIRCLE DIRECTION'", "'p2n'"],
    "pay": ["'pay board'", "'pay herd K'"],
    "act": ["'trade N'", "'lure'", "'bonus N [option]'", "'done'"],
}


def test_every_event_described_and_help_present(h):
    game = h.GAME
    seen = set()
    for seed in range(3):
        s = h.new(4, seed=seed)
        chooser = random.Random(seed)
        while game.to_move(s):
            p = game.to_move(s)[0]
            help_text = game.help(s, p)
            # the help explains how to write the commands; the turn mail lists the legal ones
            for form in HELP_FORMS[s["phase"]]:
                assert form in help_text, (s["phase"], help_text)
            assert "Legal now" not in help_text
            seen.add(s["phase"])
            s = game.play(s, p, chooser.choice(game.legal(s, p)))
        for event in s["log"]:
            sentence = game.describe(event)
            assert sentence and sentence != "Something happened."
    assert seen == set(HELP_FORMS)


def test_help_carries_no_reconstruction_note(h):
    """Issue 9, point 11: the note "board layout, card hands ... are reconstructions (see the
    rules document)" was printed in every turn mail, which prints the help; players cannot
    reach that document, so it is not in HONGA's help in any phase."""
    game = h.GAME
    s = h.new(3, seed=4)
    s["pl"]["p1"]["bonus"] = [h.bonus_id("extra_card")]
    chooser = random.Random(4)
    phases = set()
    while game.to_move(s):
        p = game.to_move(s)[0]
        phases.add(s["phase"])
        assert "reconstruction" not in game.help(s, p).lower()
        s = game.play(s, p, chooser.choice(game.legal(s, p)))
    assert {"place", "act"} <= phases
