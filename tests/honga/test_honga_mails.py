"""What players read in their mails, found by play-testing by mail: plurals, names that match
the board, events in the order they happened, and what a player needs to decide."""

from __future__ import annotations

import random
import re

import pytest

from engine import IllegalMove
from engine.honga import text
from pbem.i18n import render


def board(view: dict) -> str:
    return render("mail/honga/board.txt", "en", view=view)


def events(h, s, since=0) -> list[str]:
    return [h.GAME.describe(e) for e in h.GAME.view(s, "p1")["log"] if e["n"] > since]


def test_no_maybe_plurals_in_a_whole_game(h):
    """Plurals come from ngettext: never 'step(s)', 'card(s)', '1 berries', '1 mushrooms'."""
    game = h.GAME
    s = game.new(["p1", "p2", "p3"], seed=11)
    chooser = random.Random(11)
    seen = []
    while game.to_move(s):
        p = game.to_move(s)[0]
        seen.append(board(game.view(s, p)))
        for line in ("trade 1", "trade 2", "trade 3", "lure", "bonus 1", "bonus 4", "keep 1"):
            try:
                game.play(s, p, line)
            except IllegalMove as refusal:
                seen.append(str(refusal))
        s = game.play(s, p, chooser.choice(game.legal(s, p)))
    seen += [game.describe(e) for e in game.view(s, "p1")["log"]]
    everything = "\n".join(seen)
    assert "(s)" not in everything
    maybe = r"(?<!bonus )\b1 (berries|mushrooms|mammoths|points|steps|bonus cards)\b"
    assert not re.search(maybe, everything)


def test_amounts_use_singular_and_plural():
    assert text.amount(1, "berries") == "1 berry" and text.amount(2, "berries") == "2 berries"
    assert text.amount(1, "mammoths") == "1 mammoth" and text.amount(3, "fish") == "3 fish"
    assert text.amounts({"fish": 1, "mushrooms": 0, "water": 2}) == "1 fish, 2 water"


def test_events_name_areas_as_the_board_does(h):
    """The board prints 'fish', 'water', 'mountain': so do the events (no 'lake)' etc.)."""
    s = h.new()
    s = h.lay(s, "p1", {"fish": 1, "water": 2, "honga": 1})
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"mountain": 2, "trade": 1, "honga": 1})
    said = " ".join(events(h, s))
    assert "hands on HONGA 1, fish 1, water 2." in said
    assert "hands on trade 1, mountain 2, HONGA 1." in said
    assert "lake)" not in said and "spring)" not in said
    assert "p1 gathered 1 fish, 2 water." in said
    assert "p2 climbed 2 steps of the sacred mountain, to step 3." in said


def test_forest_and_single_step_sentences(h):
    s = h.new()
    s = h.lay(s, "p1", {"forest": 1, "mountain": 1, "honga": 2})
    said = events(h, s)
    assert "p1 took 1 bonus card face down from the forest." in said
    assert "p1 climbed 1 step of the sacred mountain, to step 2." in said


def test_honga_eats_one_berry_in_words(h):
    s = h.new()
    s["pl"]["p1"]["res"]["fish"] = 0
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})
    assert "HONGA ate 1 berry from p1's board." in " ".join(events(h, s))


def test_trade_event_names_the_card_then_the_tusk_moves(h):
    """A trade says what the card asked; the tusk leaving follows the trade, not before it."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((1, 1, 0, 0, 1))
    s["herd"] = ["p1"]
    s["tusk"] = "p1"
    before = len(s["log"])
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    said = events(h, s, since=before)
    trade = next(i for i, line in enumerate(said) if "trade card" in line)
    assert said[trade] == (
        "p1 fulfilled a trade card (1 fish, 1 berry, 1 mammoth) and scored 6 points."
    )
    assert said[trade + 1] == "The mammoth tusk goes back to the clearing."


def test_trade_event_says_what_was_paid_when_it_differs(h):
    s = h.new()
    s["trade_slots"][0] = h.trade_id((2, 0, 0, 0, 0))
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 0, "mushrooms": 0, "water": 2}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    assert events(h, s)[-1] == (
        "p1 fulfilled a trade card (2 fish) and scored 2 points. Paid: 1 fish, 2 water."
    )


def test_summit_sentence(h):
    s = h.new()
    s["pl"]["p1"]["step"] = 5
    s["pl"]["p2"]["step"] = 4
    s = h.lay(s, "p1", {"mountain": 2, "trade": 1, "honga": 1})
    s = h.play(s, "p1", "climb")
    assert events(h, s)[-2] == (
        "p1 climbed 1 step of the sacred mountain, to step 6. 1 step beyond the top is lost."
    )
    assert events(h, s)[-1] == (
        "p1 reached the top of the sacred mountain and scored 5 points. "
        "For their steps: p2 2 points. All figures go back to step 1."
    )


def test_bonus_events_say_what_the_option_did(h):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("climb_or_honga"), h.bonus_id("lucky_hand")]
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "water": 1})  # no hand on HONGA
    s = h.play(s, "p1", "bonus 1 honga")
    s = h.play(s, "p1", "bonus 2 water")
    said = events(h, s)[-4:]
    assert said[0] == "p1 played the bonus card 'caveman +2 or HONGA home' to send HONGA home."
    assert said[1] == "HONGA went back to his space."
    assert said[2] == "p1 played the bonus card 'lucky hand': one more hand on water."
    assert said[3] == "p1 gathered 1 water."


def test_bonus_list_explains_each_card(h):
    """The player's list says what each bonus card does, resource names translated."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("good_trade"), h.bonus_id("frugal")]
    out = board(h.GAME.view(s, "p1"))
    good = h.data.BONUS_DECK[h.bonus_id("good_trade")][1]
    assert f"[1] good trade ({good[0]} + {good[1]}): its two resources count" in out
    assert "[2] frugal mammoths: this turn a mammoth costs 1 fish, berry or" in out


def test_placements_when_honga_is_already_with_you(h):
    """HONGA with you stays whatever you lay: no 'HONGA comes to you', one sentence instead."""
    s = h.new()
    s["honga"] = "p1"
    out = board(h.GAME.view(s, "p1"))
    assert "HONGA comes to you" not in out
    assert "HONGA is with you: he eats at the start of each of your turns" in out
    other = board(h.GAME.view(s, "p2"))
    assert "HONGA is with you" not in other
    s["honga"] = "p2"
    assert "HONGA comes to you" in board(h.GAME.view(s, "p1"))


def test_mid_turn_shows_hands_left_and_bonus_cards_in_play(h):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("swap")]
    s = h.lay(s, "p1", {"mammoths": 2, "forest": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    out = board(h.GAME.view(s, "p1"))
    assert "Hands left this turn: mammoths 2" in out
    assert "Bonus cards in play: swap mushrooms and berries" in out
    assert "Hands left" not in board(h.GAME.view(s, "p2"))


def test_board_shows_mountain_points_and_trade_gaps(h):
    s = h.new()
    s["trade_slots"][1] = None
    out = board(h.GAME.view(s, "p1"))
    assert "Sacred mountain: reaching step 6 scores 5 points; then the others" in out
    assert "0/1/1/2/3 for steps 1-5." in out
    assert "  2: - (filled again at the end of the turn)" in out
    assert not re.search(r"\b1 (berries|mushrooms|mammoths|points)\b", out)


def test_honga_home_refusal_says_honga_is_not_with_you(h):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("hand_or_honga")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match="HONGA is not with you, so he cannot be sent home"):
        h.play(s, "p1", "b1 home")


def test_html_board_says_the_same(h):
    s = h.new()
    s["honga"] = "p1"
    s["pl"]["p1"]["bonus"] = [h.bonus_id("frugal")]
    s["trade_slots"][0] = h.trade_id((0, 1, 1, 0, 1))
    page = render("mail/honga/board.html", "en", view=h.GAME.view(s, "p1"))
    assert "HONGA comes to you" not in page and "HONGA is with you" in page
    assert "this turn a mammoth costs 1 fish, berry or mushroom" in page
    assert "1 berry, 1 mushroom, 1 mammoth" in page
    assert "Sacred mountain: reaching step 6 scores 5 points" in page


def test_send_honga_home_card_is_told_once(h):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("honga_home")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})
    s = h.play(s, "p1", "bonus 1 honga")
    assert events(h, s)[-2:] == [
        "p1 played the bonus card 'send HONGA home'.",
        "HONGA went back to his space.",
    ]


def test_final_board_drops_what_only_matters_during_the_game(h):
    game = h.GAME
    s = game.new(["p1", "p2"], seed=3)
    chooser = random.Random(3)
    while game.to_move(s):
        p = game.to_move(s)[0]
        s = game.play(s, p, chooser.choice(game.legal(s, p)))
    out = board(game.view(s, "p1"))
    assert "The game is over." in out
    for gone in ("Game ends at", "Your action card", "Your bonus cards", "Sacred mountain:"):
        assert gone not in out
    page = render("mail/honga/board.html", "en", view=game.view(s, "p1"))
    assert "Game ends at" not in page and "Your bonus cards" not in page


def test_lure_refusal_does_not_suggest_an_impossible_lure(h):
    """'lure fish' without frugal mammoths and without the price: the price and what you have,
    not 'Write lure'."""
    s = h.new()
    s = h.lay(s, "p1", {"mountain": 2, "forest": 1, "mammoths": 1})  # HONGA eats the fish
    with pytest.raises(IllegalMove) as refusal:
        h.play(s, "p1", "lure fish")
    said = str(refusal.value)
    assert "Write 'lure'" not in said
    assert "you have 1 berry, 1 mushroom." in said
    s2 = h.new()
    s2 = h.lay(s2, "p1", {"mammoths": 2, "forest": 1, "honga": 1})
    with pytest.raises(IllegalMove, match="Write 'lure'"):
        h.play(s2, "p1", "lure fish")


def test_html_board_numbers_the_circles(h):
    """The HTML board shows where circles 1-4 lie (the text board has '(1)' .. '(4)'); HONGA
    with a player is named, not drawn with an emoji a mail client may not have."""
    s = h.new()
    s["honga"] = "p2"
    page = render("mail/honga/board.html", "en", view=h.GAME.view(s, "p1"))
    for n in (1, 2, 3, 4):
        assert re.search(rf">{n}</span>", page)
    assert "&#128047;" not in page and "p2 (HONGA)" in page
    assert "Placements:" in page


def test_a_misspelt_verb_gets_a_suggestion(h):
    """'plcae 1 n', 'dnoe', 'tarde 1': the refusal quotes the line, suggests the command, and
    says why it cannot be done when it cannot; nothing is applied from a guess."""
    s = h.new()
    with pytest.raises(IllegalMove, match=r"'plcae 1 n'. Did you mean 'place 1 north'\?"):
        h.play(s, "p1", "plcae 1 n")
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match=r"'dnoe'. Did you mean 'done'\? You may now write"):
        h.play(s, "p1", "dnoe")
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 0, 2))
    with pytest.raises(IllegalMove, match=r"Did you mean 'trade 1'\? That is not possible now: "):
        h.play(s, "p1", "tarde 1")
    with pytest.raises(IllegalMove) as refusal:
        h.play(s, "p1", "xyzzy")
    assert "Did you mean" not in str(refusal.value)


def test_a_verb_typed_right_gets_no_other_verbs_command_as_a_suggestion(h):
    """'place 3 forest' (a place for a direction) was asked "Did you mean 'bonus 3 forest'?",
    the bonus card its close verb 'play' plays: the verb typed right is what was meant."""
    s = h.new()
    with pytest.raises(IllegalMove) as refusal:
        h.play(s, "p1", "place 3 forest")
    assert "'place 3 forest'" in str(refusal.value)
    assert "bonus" not in str(refusal.value) and "Did you mean" not in str(refusal.value)


def test_upper_case_commands_read_as_lower_case(h):
    from engine.honga import commands

    assert commands.candidates("P2N") == ["place 2 north"]
    assert commands.candidates("Place 2 NORTH") == ["place 2 north"]


def test_game_over_explains_a_tie_break(h):
    """Finalización: on equal points, most resources left wins; the last mail says so."""
    s = h.new()
    s["pl"]["p1"]["score"] = 40
    s["pl"]["p2"]["score"] = 38
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "done")
    s["pl"]["p2"]["score"] = 40
    s["pl"]["p2"]["res"]["water"] = 2
    s = h.lay(s, "p2", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    last = events(h, s)[-1]
    assert last.startswith("The game is over. Scores: p1 40, p2 40. Equal points are ranked")
    assert h.GAME.result(s)["ranking"] == ["p2", "p1"]
    left = h.GAME.result(s)["tiebreak"]
    assert f"p1 {left['p1']}, p2 {left['p2']}." in last


def test_final_board_shows_a_shared_place(h):
    """A full tie (points and resources) is a shared place: the final board numbers places,
    "1. p1, 1. p2", not a ranking that hides the tie."""
    s = h.new()
    for p in s["players"]:
        s["pl"][p]["score"] = 40
    for p in s["players"]:
        s = h.lay(s, p, {"fish": 1, "berries": 1, "honga": 2})
        s = h.play(s, p, "done")
    assert h.GAME.result(s)["places"] == {"p1": 1, "p2": 1}
    assert "Ranking: 1. p1, 1. p2" in board(h.GAME.view(s, "p2"))
    page = render("mail/honga/board.html", "en", view=h.GAME.view(s, "p2"))
    assert "Ranking: 1. p1, 1. p2" in page


def test_board_lists_both_cards_of_an_extra_draw(h):
    """Carta de acción extra: "Decide cuál de ellas deseas jugar en tu próximo turno": the
    owner's board lists both cards and the placements of each, named 'p2n c1'; the others
    see two card backs."""
    s = h.holding_two()
    out = board(h.GAME.view(s, "p1"))
    assert "Your action cards (extra action card: lay one of them, the other goes" in out
    assert re.search(r"^  card 1: grey, hands per quarter \d-\d-\d-\d$", out, re.M)
    assert re.search(r"^  card 2: grey, hands per quarter \d-\d-\d-\d$", out, re.M)
    assert re.search(r"^  p1n c1 ", out, re.M) and re.search(r"^  p4w c2 ", out, re.M)
    assert max(len(line) for line in out.splitlines()) <= 72
    theirs = board(h.GAME.view(s, "p2"))
    assert re.search(r"^p1 .* grey\+grey$", theirs, re.M) and "c1" not in theirs
    page = render("mail/honga/board.html", "en", view=h.GAME.view(s, "p1"))
    assert "p2n c1" in page and "Your action cards" in page
