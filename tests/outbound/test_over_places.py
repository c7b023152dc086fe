"""The game-over mail names shared places and tells each player where they finished (issue 9.8).

Results carry ``places`` (:func:`engine.contract.places`): players the rules cannot tell apart
share a place, and the next place skips the shared ones (1, 1, 3).
"""

from __future__ import annotations

import html
import re

import pytest

import engine
from pbem.mail.compose import compose, outcome, standings, thread_for

RESULT = {
    "scores": {"ann": 12, "bob": 12, "cy": 8},
    "ranking": ["ann", "bob", "cy"],
    "places": {"ann": 1, "bob": 1, "cy": 3},
}


def over(settings, result, you, game="nosuchgame", view=None):
    context = {
        "game": game,
        "game_id": 4,
        "game_title": "Test",
        "events": [],
        "result": result,
        "view": view or {"you": you},
    }
    thread = thread_for(settings, 4, "Test", list(result["scores"]), f"tok{you}")
    message = compose("over", f"{you}@x.test", context, thread, settings)
    text = message.get_body(("plain",)).get_content()
    markup = message.get_body(("html",)).get_content()
    return " ".join(text.split()), " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def test_standings_group_shared_places():
    rows = standings(RESULT)
    assert rows == [
        {"place": 1, "shared": True, "players": [("ann", 12), ("bob", 12)]},
        {"place": 3, "shared": False, "players": [("cy", 8)]},
    ]
    assert outcome(rows, "bob") == {"place": 1, "of": 3, "shared_with": ["ann"]}
    assert outcome(rows, "cy") == {"place": 3, "of": 3, "shared_with": []}
    assert outcome(rows, None) is None


def test_over_mail_shows_shared_places_and_the_recipients_own(settings):
    text, markup = over(settings, RESULT, "bob")
    for part in (text, markup):
        assert "1st (shared): ann (12), bob (12)" in part
        assert "3rd: cy (8)" in part
        assert "You shared 1st place with ann." in part
    text, _markup = over(settings, RESULT, "cy")
    assert "You came 3rd of 3." in text and "You won" not in text


def test_over_mail_a_winner_alone_won(settings):
    result = {**RESULT, "scores": {"ann": 13, "bob": 12, "cy": 8}, "places": {}}
    result["places"] = {"ann": 1, "bob": 2, "cy": 3}
    text, markup = over(settings, result, "ann")
    assert "You won." in text and "You won." in markup
    assert "1st: ann (13)" in text and "2nd: bob (12)" in text and "(shared)" not in text
    assert "You came 2nd of 3." in over(settings, result, "bob")[0]


@pytest.mark.parametrize("name", engine.names())
def test_every_games_final_mail_tells_each_player_their_place(settings, name):
    """Real results of every game, from random games to the end."""
    game = engine.load(name)
    players = [f"p{i}" for i in range(1, game.min_players + 1)]
    state = game.new(players, seed=3)
    while game.to_move(state):
        mover = game.to_move(state)[0]
        state = game.play(state, mover, game.legal(state, mover)[0])
    result = game.result(state)
    for player in players:
        text, _markup = over(settings, result, player, game=name, view=game.view(state, player))
        place = result["places"][player]
        shared = sum(p == place for p in result["places"].values()) > 1
        if shared:
            assert "You shared" in text
        elif place == 1:
            assert "You won." in text
        else:
            assert f"of {len(players)}." in text
