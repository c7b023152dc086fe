"""A second, independent reading of hengist.es.txt: what each player may not know, changed in
whole random games, never changes what that player reads."""

from __future__ import annotations

from engine.hengist import GAME
from tests.hidden_information import check_whole_games, hengist_hidden_from


def test_what_a_player_may_not_know_changes_nothing_they_read():
    """Turn after turn, for the public and for each player: the same view, commands and help
    whatever the hidden cards, road tiles and stock are."""
    assert check_whole_games(GAME, ["ann", "bob"], hengist_hidden_from, range(4)) > 100
