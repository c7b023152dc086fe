"""What a play-test by mail found: refusals a phone player understands, lines without a verb,
events that read well, help that wraps, and a board that says where each path leads."""

from __future__ import annotations

import pytest
from hengist_helpers import fresh, play

from engine import IllegalMove
from engine.hengist import GAME
from pbem.i18n import render


def refusal(state, typed, player="ann"):
    with pytest.raises(IllegalMove) as error:
        play(state, typed, player=player)
    return str(error.value)


def test_missing_cards_are_counted_in_words_not_card_s():
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # 1a -> h1 is a hill road
    state["hands"]["ann"] = ["hill", "river"]
    text = refusal(state, "move a h1 forest hill/river mountain")
    assert "You hold no forest card; your hand: hill, river." in text
    assert "(s)" not in text
    state["hands"]["ann"] = ["hill", "river", "forest"]
    assert "You do not hold 2 forest cards" in refusal(state, "move a h1 forest forest river")


def test_a_raid_without_cards_suggests_cards_from_your_own_hand():
    """Several sets pay: the refusal lists them as commands, with cards the player holds, not
    the bare terrains. (It gave one example before every paying set was listed, issue 9.9.)"""
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]  # red: river+forest
    state["hands"]["ann"] = ["river/forest", "river", "forest"]
    text = refusal(state, "raid a red")
    assert "needs one card for each of river, forest" in text
    listed = text.split("Your hand pays for it with: ")[1].rstrip(".").split(", ")
    assert len(listed) == 3
    assert {command.strip("'") for command in listed} <= set(GAME.legal(state, "ann"))
    state["hands"]["ann"] = ["hill", "hill"]
    text = refusal(state, "raid a red")
    assert "your hand (hill, hill) cannot pay for it" in text
    state["hands"]["ann"] = ["river", "forest"]
    assert play(state, "raid a red")["taken"]["ann"] == [7]  # WGBR: red leads to slot 4


def test_a_party_stuck_on_a_beach_is_told_why_and_that_it_cannot_move():
    state = fresh()
    state["boat"] = ["1", 1]  # the boat sailed on to bay 2
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # on 1a, whose road goes to h1
    state["parties"]["bob"] = ["h10", "boat", "boat"]  # bob stands on h1
    text = refusal(state, "move a boat")
    assert "Party a (on 1a) cannot reach boat; it cannot move anywhere now." in text
    assert "The boat is in bay 2: a party boards it only from a beach of that bay." in text
    assert "taken by bob's party a" in refusal(state, "move a h1 hill")
    state["parties"]["bob"] = ["boat", "boat", "boat"]
    state["parties"]["ann"] = ["b10", "b11", "boat"]
    assert "taken by your party a" in refusal(state, "move b 1a")


def test_a_party_in_the_boat_is_said_to_be_in_the_boat_and_where_it_lies():
    state = fresh()
    state["boat"] = ["1", 1]
    text = refusal(state, "move c 1a")
    assert "Party c (in the boat, bay 2) cannot reach 1a; it can go to: 2a, 2b, 2c." in text
    assert " at boat" not in text


@pytest.mark.parametrize("typed", ["b h1", "B H1 Hill", "b to h1 with hill", "h1 b hill"])
def test_a_line_without_a_verb_that_names_a_place_is_a_move(typed):
    state = fresh()
    state["parties"]["ann"] = ["boat", "b10", "boat"]
    state["hands"]["ann"] = ["hill", "explorer"]
    assert play(state, typed)["parties"]["ann"][1] == "h10"


@pytest.mark.parametrize("typed", ["a white hill river forest", "a w h r f", "a red"])
def test_a_line_without_a_verb_that_names_a_path_is_a_raid(typed):
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["hill", "river", "forest"]
    if typed == "a red":
        state["hands"]["ann"] = ["river", "forest"]
    assert play(state, typed)["taken"]["ann"]


def test_a_line_without_a_verb_is_still_refused_when_it_names_no_place_or_path():
    state = fresh()
    assert "Unknown command" in refusal(state, "a hill")
    assert "Unknown command 'mve'" in refusal(state, "mve a 1b")


def test_raid_event_reads_as_a_sentence_and_a_revealed_tile_is_not_repeated():
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["river", "forest"]
    state["boards"][0]["seen"] = ["bob"]
    state = play(state, "raid a red river forest")
    texts = [GAME.describe(e) for e in state["log"]]
    assert (
        "ann's party a raided the village of board 1 along the red path, paying river, forest,"
        " and took treasure 4 (worth 7)." in texts
    )
    revealed = [t for t in texts if t.startswith("Both players")]
    assert revealed == ["Both players have now seen the road tile of board 1; it lies face up."]


def test_help_puts_each_example_on_its_own_line_under_its_explanation():
    state = fresh()
    state["parties"]["ann"] = ["b10", "h11", "boat"]
    state["hands"]["ann"] = ["hill", "river", "mountain", "forest", "explorer", "hill/river"]
    text = GAME.help(state, "ann")
    legal = GAME.legal(state, "ann")
    lines = text.splitlines()
    examples = [line.strip() for line in lines if line.startswith("  ")]
    assert len(examples) >= 5 and all(example in legal for example in examples)
    for i, line in enumerate(lines):
        if line.startswith("  "):
            assert lines[i - 1].endswith(":") and not lines[i - 1].startswith(" ")
    # the shortest example of each kind: a single card, not a double one
    assert "  move a h1 hill" in lines


def test_board_shows_where_each_path_leads_once_you_know_the_road_tile():
    state = fresh()
    state["boards"][0]["seen"] = ["ann"]  # WGBR, treasures 10 9 8 7
    state["boards"][0]["raided"] = ["green"]
    state["boards"][0]["treasures"] = [10, None, 8, 7]
    text = render("mail/hengist/board.txt", "en", view=GAME.view(state, "ann"))
    assert "  Village paths (raid from h1-h3):" in text
    # one column each for the colours, the terrains and where the path leads
    assert "    white hill+river+forest     -> treasure 1: 10" in text
    assert "    green river+mountain+forest raided" in text
    assert "    red   river+forest          -> treasure 4: 7" in text
    html = render("mail/hengist/board.html", "en", view=GAME.view(state, "ann"))
    assert "treasure 1: 10" in html
    # bob has not seen it: no treasure is named for his paths
    text = render("mail/hengist/board.txt", "en", view=GAME.view(state, "bob"))
    assert "-> treasure" not in text
    assert "    white hill+river+forest\n" in text


def test_help_example_of_a_move_plays_a_terrain_card_not_an_explorer():
    """'move c 2b explorer' is shorter than 'move c 2c hill/river' but sails the boat."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # 1a -> h1 hill
    state["hands"]["ann"] = ["explorer", "hill/river"]
    lines = GAME.help(state, "ann").splitlines()
    assert "  move a h1 hill/river" in lines and "  move a h1 explorer" not in lines


def test_reinforce_after_the_only_explorer_was_spent_shows_the_hand_now():
    """One explorer, a spy and then a reinforcement in the same mail: 'you hold none' read as
    wrong to a player who did hold one; the refusal shows the hand as it is now."""
    state = fresh()
    state["parties"]["ann"] = ["box", "boat", "boat"]
    state["hands"]["ann"] = ["explorer", "hill"]
    state = play(state, "spy b 2")
    text = refusal(state, "reinforce a")
    # the refusal names the party typed (issue 9.10)
    assert "Party a is lost: bringing it back to the boat needs an explorer card" in text
    assert "your hand holds none now: hill." in text
    assert "your hand holds none now: hill." in refusal(state, "spy c 3")


def test_a_lost_party_reads_lost_on_the_board_and_a_flip_says_places_are_renumbered():
    state = fresh()
    state["parties"]["ann"] = ["box", "boat", "boat"]
    view = GAME.view(state, "ann")
    text = render("mail/hengist/board.txt", "en", view=view)
    assert "a=lost b=boat c=boat" in text and "box" not in text
    assert "a=lost" in render("mail/hengist/board.html", "en", view=view)
    state["boat"] = ["3", 1]  # the rightmost bay: the next explorer flips board 1
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy b 1")
    flip = [GAME.describe(e) for e in state["log"] if e["type"] == "flip"]
    assert "parties lost: ann a;" in flip[0]
    assert flip[0].endswith("Boards, bays and spaces are numbered afresh from the left.")


def test_three_card_discards_are_legal_along_every_road():
    """ "En su lugar, puedes descartar 3 cartas ... para mover un grupo de asalto independientemente
    del terreno": legal() lists every legal command, the discards included, even where one
    terrain card pays (the mail shows one command of each kind first)."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # 1a -> h1 hill
    state["hands"]["ann"] = ["hill", "river", "river", "forest", "mountain", "explorer"]
    moves = [c for c in GAME.legal(state, "ann") if c.startswith("move a h1")]
    assert moves[:2] == ["move a h1 hill", "move a h1 explorer"]
    assert "move a h1 river river forest" in moves
    assert play(state, "move a h1 river river forest")["parties"]["ann"][0] == "h10"
    help_text = GAME.help(state, "ann")
    assert "Any three terrain cards also pay for a road" in help_text


def test_after_the_last_bay_the_board_says_the_boat_sailed_off():
    state = fresh()
    for board in state["boards"]:
        board["flipped"] = True
    state["boat"] = ["3", 1]
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy b 1")
    assert state["over"]
    view = GAME.view(state, "ann")
    text = render("mail/hengist/board.txt", "en", view=view)
    assert text.startswith("The boat sailed off the last bay (bay 6 of 6).")
    assert "<boat in bay" not in text
    assert "The boat sailed off the last bay" in render("mail/hengist/board.html", "en", view=view)


def test_html_board_has_no_empty_treasure_brackets_and_no_emoji_boat():
    """The screenshot showed '0 (-)' for players without treasure and a missing-glyph box
    where the boat emoji stood; the text 'boat in bay 1' says it already."""
    state = fresh()
    state["taken"]["bob"] = [9, 7]
    page = render("mail/hengist/board.html", "en", view=GAME.view(state, "ann"))
    assert "(-)" not in page and "&#9973;" not in page and "⛵" not in page
    assert "16 (9 7)" in page and "boat in bay 1" in page


def test_please_is_a_filler_word():
    state = fresh()
    assert play(state, "move b 1c, please")["parties"]["ann"][1] == "b12"


@pytest.mark.parametrize("typed, card, beach, target", [
    ("hf", "hill/forest", "b10", "h10"),  # 1a -> h1 hill
    ("rh", "hill/river", "b11", "h10"),  # 1b -> h1 river
    ("mf", "mountain/forest", "b12", "h11"),  # 1c -> h2 forest
    ("RM", "river/mountain", "b13", "h11"),  # 2a -> h2 mountain
])  # fmt: skip
def test_a_double_card_may_be_typed_as_its_two_initials(typed, card, beach, target):
    state = fresh()
    state["parties"]["ann"] = [beach, "boat", "boat"]
    state["hands"]["ann"] = [card, "explorer"]
    state = play(state, f"move a {'h1' if target == 'h10' else 'h2'} {typed}")
    assert state["parties"]["ann"][0] == target and state["discard"][-1] == card


def test_hh_is_not_a_card():
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["hill"]
    assert "'hh' is not a card" in refusal(state, "move a h1 hh")


def test_the_end_is_told_once_not_twice():
    """'The boat sailed off the last bay.' then 'The game is over (the boat sailed off the last
    bay).' said the same thing twice in a row."""
    state = fresh()
    for board in state["boards"]:
        board["flipped"] = True
    state["boat"] = ["3", 1]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 1")
    texts = [GAME.describe(e) for e in state["log"]][-2:]
    assert texts[0] == "The boat sailed off the last bay."
    assert texts[1].startswith("The game is over. Treasure points: ann 0, bob 0")


def test_naming_a_card_you_lack_points_to_the_cards_that_fit_the_road():
    """'move a h1 river' holding hill/river: the refusal names hill/river, not just the hand."""
    state = fresh()
    state["parties"]["ann"] = ["b11", "boat", "boat"]  # 1b -> h1 river
    state["hands"]["ann"] = ["hill", "hill/river", "explorer"]
    text = refusal(state, "move a h1 riv")
    assert "You hold no river card; the river road to h1 also takes: hill/river, explorer." in text
    state["hands"]["ann"] = ["hill"]
    assert "You hold no river card; your hand: hill." in refusal(state, "move a h1 river")
