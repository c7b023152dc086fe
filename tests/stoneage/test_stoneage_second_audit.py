"""A second, independent reading of stoneage.es.txt and stoneage-mammoth-herd.pt.txt: rules no
earlier test checks in play (the player limits by count, the hut's new figure at feeding, a
tool tile across two rolls, the herd's resource and the figures on its tile)."""

from __future__ import annotations

from tests.hidden_information import check_whole_games, stoneage_hidden_from
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def test_four_players_share_a_resource_area_up_to_seven_figures():
    """The limit of players on "bosque, montón de arcilla, cantera o río" is for 3 players (2)
    and 2 players (1) only: with 4 players all four may stand in the forest, 7 figures in all."""
    s = new(4)
    for player, count in (("p1", 2), ("p2", 2), ("p3", 2), ("p4", 1)):
        s = GAME.play(s, player, f"place {count} forest")
    assert s["board"]["forest"] == {"p1": 2, "p2": 2, "p3": 2, "p4": 1}


def test_hunting_grounds_take_every_player_with_two_or_three():
    """ "como máximo 2 jugadores pueden tener figuras colocadas en cada uno de estos lugares
    (bosque, montón de arcilla, cantera o río)": the hunting grounds are not among them."""
    for n in (2, 3):
        s = new(n)
        for player in s["players"]:
            s = GAME.play(s, player, "place 1 hunt")
        assert set(s["board"]["hunt"]) == set(s["players"])


def test_the_huts_new_figure_eats_at_this_rounds_feeding():
    """Cabaña: "tomas una figura del suministro general y la añades a tu tablero de jugador";
    alimentación: "cada figura requiere una unidad de comida": six figures eat six food."""
    s = at_action(new(2), {"hut": {"p1": 2}})
    s = GAME.play(s, "p1", "use hut")
    assert s["p"]["p1"]["figures"] == 6
    assert s["p"]["p1"]["food"] == 12 - 6 and s["p"]["p2"]["food"] == 12 - 5


def test_a_tool_tile_serves_one_roll_a_round(dice):
    """ "cada loseta de herramienta solo se puede usar una vez por ronda": a tile spent on the
    forest's roll is not offered for the quarry's roll of the same round."""
    s = at_action(new(2), {"forest": {"p1": 1}, "quarry": {"p1": 1}})
    me = s["p"]["p1"]
    me["tools"], me["used"], me["auto_tools"] = [2], [False], False
    dice += [1, 4]
    s = GAME.play(s, "p1", "use forest")
    assert "tools 2" in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "tools 2")
    assert s["p"]["p1"]["wood"] == 1 and s["p"]["p1"]["used"] == [True]
    s = GAME.play(s, "p1", "use quarry")
    assert not any(c.startswith("tools 2") for c in GAME.legal(s, "p1"))
    assert s["p"]["p1"]["stone"] == 0  # 4 // 5 without the tile


def herd_at(resource: str, tile: int, pile: list[int], n: int = 2) -> dict:
    s = new(n, mammoth_herd=True)
    s["herd"].update(tile=tile, resource=resource, pile=pile)
    return s


def test_the_next_tiles_resource_does_not_matter_this_round():
    """ "(O recurso que agora é mostrado não tem importância para essa rodada)": the herd is at
    the clay pit; the next tile's back shows wood, and the 2-player limit holds in the forest."""
    s = herd_at("clay", 3, [1, 2])  # tile 1's back is wood
    assert GAME.view(s, None)["herd"]["next_resource"] == "wood"
    s = GAME.play(s, "p1", "place 1 forest")
    assert not any(c.endswith("forest") for c in GAME.legal(s, "p2"))
    assert "place 1 clay" in GAME.legal(s, "p2")


def test_only_figures_of_the_herds_area_go_to_the_tile(dice):
    """ "Você só tem permissão para mover figuras de pessoas dessa área de produção de recurso":
    after the hunt's roll nobody is asked to tame; after the clay pit's roll, at most the
    figures standing there."""
    s = at_action(herd_at("clay", 3, [1]), {"hunt": {"p1": 3}, "clay": {"p1": 2}})
    dice += [6, 6, 6]
    s = GAME.play(s, "p1", "use hunt")
    assert not s["pending"] and s["p"]["p1"]["food"] == 12 + 9
    dice += [4, 4]
    s = GAME.play(s, "p1", "use clay")
    assert {c for c in GAME.legal(s, "p1") if c.startswith("tame")} == {
        "tame 0",
        "tame 1",
        "tame 2",
    }


def test_figures_on_the_tile_are_fed_normally(dice):
    """ "Depois de domar o mamute, todos os jogadores movem suas figuras de pessoa de volta para
    seus tabuleiros de jogadores e devem alimentá-las normalmente": two figures paid 2 food to
    go to the tile, and at feeding all five figures eat."""
    s = at_action(herd_at("clay", 13, [1]), {"clay": {"p1": 2}})
    dice += [4, 4]
    s = GAME.play(s, "p1", "use clay")
    dice += [6, 1]
    s = GAME.play(s, "p1", "tame 2")
    s = GAME.play(s, "p1", "bonus one")  # tile 13: 6 points for one
    assert s["p"]["p1"]["tiles"] == [13] and s["p"]["p1"]["score"] == 6
    assert s["p"]["p1"]["food"] == 12 - 2 - 5
    assert s["phase"] == "place" and s["round"] == 2


def test_what_a_player_may_not_know_changes_nothing_they_read():
    """Round after round, for the public and for each player: the same view, commands and help
    whatever the face-down deck, building stacks, herd tiles and the others' drawn cards are."""
    players = ["p1", "p2", "p3"]
    options = {"mammoth_herd": True}
    assert check_whole_games(GAME, players, stoneage_hidden_from, range(2), options) > 100


def test_the_rules_answer_limits_players_only_where_the_texts_do():
    """The ``rules`` answer says what the texts say: the limit of players is "en cada uno de
    estos lugares (bosque, montón de arcilla, cantera o río)", not the hunting grounds, and
    with The Mammoth Herd "A restrição que existe para 2 ou 3 jogadores está abolida" at the
    herd's resource (the 7 figures stay)."""
    text = " ".join(GAME.summary())
    assert "a gathering place takes one player" not in text
    assert (
        "the forest, clay pit, quarry and river each take one player (two players) or two "
        "(three players); the hunting grounds take everybody" in text
    )
    assert "At the herd's resource any number of players may place (7 figures at most)" in text
