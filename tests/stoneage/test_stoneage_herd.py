"""The Mammoth Herd (stoneage-mammoth-herd.pt.txt; tile list: NOTES.md proposal, reconstruction)."""

from __future__ import annotations

import pytest

from engine.contract import IllegalMove
from engine.stoneage import data, rules
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def herd_game(n=3, tile=3, resource="clay"):
    s = new(n, mammoth_herd=True)
    s["herd"]["tile"], s["herd"]["resource"] = tile, resource
    return s


def test_sixteen_tiles_four_backs_of_each_resource():
    """'16 fichas de Bônus ... O verso mostra 1 recurso específico' (NOTES.md: 4x each)."""
    backs = [t["back"] for t in data.HERD_TILES.values()]
    assert len(backs) == 16 and all(backs.count(r) == 4 for r in data.RESOURCES)
    kinds = {t["one"]["kind"] for t in data.HERD_TILES.values()}
    assert kinds == set(data.BONUS_KINDS)


def test_round_start_places_the_herd_on_the_top_tiles_resource():
    """'o jogador inicial coloca a manada de mamute no recurso mostrado na ficha ... do topo'."""
    s = new(3, mammoth_herd=True)
    s["herd"]["pile"] = [15, 2, 9]
    rules.begin_round(s)
    assert s["herd"]["tile"] == 15 and s["herd"]["resource"] == "stone"
    assert rules.herd_area(s) == "quarry" and s["herd"]["pile"] == [2, 9]


def test_no_tiles_left_removes_the_herd():
    """'Se não houver fichas de bônus sobrando ... remova a manada'."""
    s = new(3, mammoth_herd=True)
    s["herd"]["pile"] = []
    rules.begin_round(s)
    assert s["herd"]["tile"] is None and rules.herd_area(s) is None


def test_player_limit_lifted_at_the_herds_resource_but_seven_stay():
    """'A restrição que existe para 2 ou 3 jogadores está abolida nesse caso. Mas, a restrição
    para 7 figuras ... continua valendo.'"""
    s = herd_game(n=2, resource="clay")
    s = GAME.play(s, "p1", "place 4 clay")
    legal = GAME.legal(s, "p2")
    assert "place 3 clay" in legal and "place 4 clay" not in legal
    s = GAME.play(s, "p2", "place 1 forest")
    assert not any(c.endswith("forest") for c in GAME.legal(s, "p1"))


def test_moving_figures_to_the_tile_costs_one_food_each(dice):
    """Example: red has three people at the clay pit, moves 2 to the tile, pays 2 food; the third
    goes home."""
    s = at_action(herd_game(), {"clay": {"p1": 3}, "hunt": {"p2": 1}})
    dice += [4, 4, 4]
    s = GAME.play(s, "p1", "use clay")
    assert s["p"]["p1"]["clay"] == 3 and GAME.to_move(s) == ["p1"]
    assert set(GAME.legal(s, "p1")) == {"tame 0", "tame 1", "tame 2", "tame 3", "tools ask"}
    s = GAME.play(s, "p1", "tame 2")
    assert s["p"]["p1"]["food"] == 10 and s["herd"]["on_tile"] == {"p1": 2}
    assert "clay" not in s["board"] and GAME.to_move(s) == ["p2"]


def test_a_resource_may_replace_the_food(dice):
    """'Você pode substituir 1 comida por 1 recurso'."""
    s2 = at_action(herd_game(), {"clay": {"p1": 2}, "hunt": {"p2": 1}})
    s2["p"]["p1"].update(food=1, wood=1)
    dice += [1, 1]
    s2 = GAME.play(s2, "p1", "use clay")
    assert "tame 2" not in GAME.legal(s2, "p1")
    s2 = GAME.play(s2, "p1", "tame 2 pay 1 wood")
    assert s2["p"]["p1"]["food"] == 0 and s2["p"]["p1"]["wood"] == 0
    assert s2["herd"]["on_tile"] == {"p1": 2}


def test_worked_example_red_blue_yellow(dice):
    """The rulebook example: red 2 dice (5, 4), blue 2 dice, yellow 1 die (5). Red and yellow
    both show a 5; red's next die is a 4, yellow has none: red wins, takes the bonus for one
    (a tool); yellow and blue get the bonus for all (3 points each); red keeps the tile."""
    s = new(3, mammoth_herd=True)
    s["players"] = ["red", "blue", "yellow"]
    s["p"] = {p: rules.new_player() for p in s["players"]}
    s["placed"] = dict.fromkeys(s["players"], 0)
    s["herd"]["tile"], s["herd"]["resource"] = 3, "clay"  # tool for one, 3 points for all
    s["herd"]["on_tile"] = {"red": 2, "blue": 2, "yellow": 1}
    s = at_action(s, {"field": {"red": 1}})
    dice += [4, 5, 3, 2, 5]  # red 4 5, blue 3 2, yellow 5
    s = GAME.play(s, "red", "use field")
    taming = next(e for e in s["log"] if e["type"] == "taming")
    assert taming["rolls"] == {"red": [5, 4], "blue": [3, 2], "yellow": [5]}
    assert GAME.to_move(s) == ["red"] and GAME.legal(s, "red") == [
        "bonus one",
        "bonus all",
        "tools ask",
    ]
    s = GAME.play(s, "red", "bonus one")
    assert s["p"]["red"]["tools"] == [1] and s["p"]["red"]["tiles"] == [3]
    assert s["p"]["blue"]["score"] == 3 and s["p"]["yellow"]["score"] == 3
    assert s["p"]["red"]["score"] == 0


def test_winner_may_take_the_bonus_for_all_instead(dice):
    """'Se preferir, ele renuncia o bônus para "1" e pode pegar o bônus para "todos".'"""
    s = herd_game()
    s["herd"]["on_tile"] = {"p1": 1}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [2]
    s = GAME.play(s, "p1", "use field")
    s = GAME.play(s, "p1", "bonus all")
    assert (
        s["p"]["p1"]["score"] == 3 and s["p"]["p1"]["tools"] == [] and s["p"]["p1"]["tiles"] == [3]
    )


def test_full_tie_everyone_gets_the_bonus_for_all_and_the_tile_leaves(dice):
    """'Se o empate ainda persistir ... todos os jogadores envolvidos recebem o bônus para
    "todos". A ficha tem que ser colocada de volta à caixa.'"""
    s = herd_game()
    s["herd"]["on_tile"] = {"p1": 2, "p2": 2}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [6, 3, 3, 6]
    s = GAME.play(s, "p1", "use field")
    assert s["p"]["p1"]["score"] == 3 and s["p"]["p2"]["score"] == 3
    assert s["p"]["p1"]["tiles"] == [] and s["p"]["p2"]["tiles"] == []
    assert s["phase"] == "place"


def test_nobody_on_the_tile_it_leaves_the_game():
    """'Se ninguém tiver colocado uma figura ... ninguém recebe o bônus.'"""
    s = at_action(herd_game(), {"field": {"p1": 1}})
    s = GAME.play(s, "p1", "use field")
    assert any(e["type"] == "herd_leaves" for e in s["log"])
    assert all(me["tiles"] == [] for me in s["p"].values())


def test_taming_happens_before_feeding(dice):
    """'Depois que todos os jogadores usaram as ações ... mas antes da alimentação'."""
    s = herd_game(tile=6)  # one more figure for one
    s["herd"]["on_tile"] = {"p1": 1}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [1]
    s = GAME.play(s, "p1", "use field")
    s = GAME.play(s, "p1", "bonus one")
    # 6 figures, agriculture 1: 5 food eaten
    assert s["p"]["p1"]["figures"] == 6 and s["p"]["p1"]["food"] == 7


def test_resource_of_choice_bonus_asks_the_player(dice):
    s = herd_game(tile=12)  # 1 resource of choice for one
    s["herd"]["on_tile"] = {"p2": 1}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [1]
    s = GAME.play(s, "p1", "use field")
    s = GAME.play(s, "p2", "bonus one")
    assert GAME.to_move(s) == ["p2"]
    s = GAME.play(s, "p2", "take gold")
    assert s["p"]["p2"]["gold"] == 1


def test_most_tiles_score_ten_and_ties_all_score():
    """'O jogador com mais fichas de bônus recebe 10 pontos. No caso de um empate todos ...'"""
    s = new(3, mammoth_herd=True)
    s["p"]["p1"]["tiles"] = [1, 2]
    s["p"]["p2"]["tiles"] = [3, 4]
    s["p"]["p3"]["tiles"] = [5]
    rules.finish(s)
    herd = {p: b["herd"] for p, b in GAME.result(s)["breakdown"].items()}
    assert herd == {"p1": 10, "p2": 10, "p3": 0}


def test_every_bonus_kind():
    """The bonus list of the rulebook: agriculture, tool, figure, shown resources, resource of
    choice, points, the top civilization card (bottom only)."""
    s = new(2, mammoth_herd=True)
    me = s["p"]["p1"]
    top = s["deck"][0]
    for bonus in [
        {"kind": "agriculture", "amount": 1},
        {"kind": "tool", "amount": 1},
        {"kind": "figure", "amount": 1},
        {"kind": "resources", "good": "clay", "amount": 2},
        {"kind": "points", "amount": 5},
        {"kind": "card", "amount": 1},
    ]:
        rules.give_bonus(s, "p1", bonus)
    assert (me["agriculture"], me["tools"], me["figures"], me["clay"], me["score"]) == (
        1, [1], 6, 2, 5,
    )  # fmt: skip
    assert me["cards"] == [top] and s["deck"][0] != top
    rules.give_bonus(s, "p1", {"kind": "choice", "amount": 2})
    assert s["pending"] == [{"kind": "take", "player": "p1", "count": 2}]


def test_card_bonus_from_an_empty_deck_gives_nothing():
    """Engine decision: an extra card from an empty deck gives nothing."""
    s = new(2, mammoth_herd=True)
    s["deck"] = []
    rules.give_bonus(s, "p1", {"kind": "card", "amount": 1})
    assert s["p"]["p1"]["cards"] == []


def test_taming_dice_never_use_tools(dice):
    """'você não tem permissão para usar ferramentas'."""
    s = herd_game()
    s["p"]["p1"].update(tools=[4], used=[False], auto_tools=False)
    s["herd"]["on_tile"] = {"p1": 1, "p2": 1}
    s = at_action(s, {"field": {"p3": 1}}, turn=2)
    dice += [3, 4]
    s = GAME.play(s, "p3", "use field")
    assert GAME.to_move(s) == ["p2"] and s["pending"][0]["kind"] == "bonus"
    assert s["p"]["p1"]["used"] == [False]


def _herd_at(s, tile):
    s["herd"]["tile"], s["herd"]["resource"] = tile, data.HERD_TILES[tile]["back"]
    return s


def test_worked_example_played_from_placement(dice):
    """Both rulebook examples in one round, from placement on: 'a manada de mamute é colocada no
    poço de argila. Você (Jogador Vermelho) tem três pessoas lá ... move 2 pessoas para a ficha
    de bônus. Você paga 2 comidas. A terceira figura ... é devolvida'; then 'O Jogador Vermelho
    enviou 2 figuras ... O Jogador Azul também enviou 2 ... O Jogador Amarelo tem 1 ... o
    Jogador Vermelho vence ... pega uma ferramenta. Agora o Jogador Amarelo e o Jogador Azul
    pegam o bônus para "todos" – nesse caso 3 pontos para cada um.' Three players share the clay
    pit: 'A restrição que existe para 2 ou 3 jogadores está abolida nesse caso.'"""
    s = GAME.new(["red", "blue", "yellow"], seed=1, options={"mammoth_herd": True})
    s = _herd_at(s, 3)  # clay pit; a tool for one, 3 points for all
    assert rules.herd_area(s) == "clay"
    for player, command in [
        ("red", "place 3 clay"), ("blue", "place 2 clay"), ("yellow", "place 1 clay"),
        ("red", "place 2 hunt"), ("blue", "place 3 forest"), ("yellow", "place 4 quarry"),
    ]:  # fmt: skip
        s = GAME.play(s, player, command)
    assert s["board"]["clay"] == {"red": 3, "blue": 2, "yellow": 1}
    assert s["phase"] == "action"
    dice += [4, 4, 4]  # red at the clay pit: 12 -> 3 clay
    s = GAME.play(s, "red", "use clay")
    assert s["p"]["red"]["clay"] == 3
    s = GAME.play(s, "red", "tame 2")
    assert s["p"]["red"]["food"] == 10 and s["herd"]["on_tile"] == {"red": 2}
    assert s["board"]["clay"] == {"blue": 2, "yellow": 1}  # red's third figure went home
    dice += [3, 3]
    s = GAME.play(s, "red", "use hunt")
    dice += [4, 4, 4, 4, 4]  # blue: clay pit (2 dice), then forest (3 dice)
    s = GAME.play(s, "blue", "use clay")
    s = GAME.play(s, "blue", "tame 2")
    s = GAME.play(s, "blue", "use forest")
    dice += [4, 1, 1, 1, 1]  # yellow: clay pit (1 die), then quarry (4 dice)
    s = GAME.play(s, "yellow", "use clay")
    s = GAME.play(s, "yellow", "tame 1")
    assert s["herd"]["on_tile"] == {"red": 2, "blue": 2, "yellow": 1}
    dice += [4, 5, 3, 2, 5]  # taming: red 4 5, blue 3 2, yellow 5 (tools never count)
    s = GAME.play(s, "yellow", "use quarry")
    taming = next(e for e in s["log"] if e["type"] == "taming")
    assert taming["rolls"] == {"red": [5, 4], "blue": [3, 2], "yellow": [5]}
    assert GAME.to_move(s) == ["red"] and GAME.legal(s, "red") == [
        "bonus one",
        "bonus all",
        "tools ask",
    ]
    s = GAME.play(s, "red", "bonus one")
    assert s["p"]["red"]["tools"] == [1] and s["p"]["red"]["tiles"] == [3]
    assert s["p"]["blue"]["score"] == 3 and s["p"]["yellow"]["score"] == 3
    assert s["p"]["red"]["score"] == 0 and s["round"] == 2  # fed, next round


def test_three_players_limit_lifted_only_at_the_herds_resource():
    """'Qualquer número de jogadores pode colocar suas pessoas no recurso onde a manada ...
    foi colocada.' Elsewhere 'como máximo 2 jugadores' (3 players) still holds, and so does the
    village rule (the herd only ever stands on a resource)."""
    s = _herd_at(new(3, mammoth_herd=True), 9)  # wood back: forest
    for player, command in [
        ("p1", "place 1 forest"), ("p2", "place 1 forest"), ("p3", "place 1 forest"),
        ("p1", "place 1 quarry"), ("p2", "place 1 quarry"), ("p3", "place field"),
        ("p1", "place hut"),
    ]:  # fmt: skip
        s = GAME.play(s, player, command)
    assert s["board"]["forest"] == {"p1": 1, "p2": 1, "p3": 1}
    legal = GAME.legal(s, "p2")
    assert not any(c.endswith(" quarry") for c in legal)  # quarry: 2 players already
    assert "place toolmaker" not in legal  # field and hut taken: the third stays empty


def test_two_players_limit_still_holds_away_from_the_herd():
    """'En una partida de 2 jugadores, el límite es de 1 jugador por lugar' everywhere but the
    herd's resource."""
    s = _herd_at(new(2, mammoth_herd=True), 10)  # clay back: clay pit
    s = GAME.play(s, "p1", "place 1 river")
    s = GAME.play(s, "p2", "place 1 clay")
    s = GAME.play(s, "p1", "place 1 clay")
    assert not any(c.endswith(" river") for c in GAME.legal(s, "p2"))
    assert s["board"]["clay"] == {"p2": 1, "p1": 1}


def test_limit_returns_when_the_herd_is_gone():
    """'Se não houver fichas de bônus sobrando ... remova a manada de mamute e continue jogando
    de acordo com as regras normais.'"""
    s = new(2, mammoth_herd=True)
    s["herd"]["pile"] = []
    rules.begin_round(s)
    first = GAME.to_move(s)[0]
    s = GAME.play(s, first, "place 1 clay")
    assert not any(c.endswith(" clay") for c in GAME.legal(s, GAME.to_move(s)[0]))


def test_resources_pay_only_for_food_you_lack(dice):
    """'Você pode substituir 1 comida por 1 recurso, como acontece na hora da alimentação' —
    at feeding food goes first ('Primero debes usar todas las fichas de comida'), so a player
    with food pays food. Engine decision (docs)."""
    s = at_action(herd_game(), {"clay": {"p1": 2}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(food=5, wood=3)
    dice += [1, 1]
    s = GAME.play(s, "p1", "use clay")
    assert "tame 2 pay 2 wood" not in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "tame 2")
    assert s["p"]["p1"]["food"] == 3 and s["p"]["p1"]["wood"] == 3


def test_a_player_who_cannot_pay_is_not_asked(dice):
    """'você imediatamente tem que pagar 1 comida para cada figura': nothing to pay with, no
    figure can move; the figures go home."""
    s = at_action(herd_game(), {"clay": {"p1": 2}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(food=0)
    dice += [1, 1]  # 2 // 4 = no clay either
    s = GAME.play(s, "p1", "use clay")
    assert GAME.to_move(s) == ["p2"] and "clay" not in s["board"]


def test_no_tiles_no_majority_points():
    """'O jogador com mais fichas de bônus recebe 10 pontos': with no tile taken, nobody has
    most; engine decision (docs): the 10 points need at least one tile."""
    s = new(3, mammoth_herd=True)
    rules.finish(s)
    assert all(b["herd"] == 0 for b in GAME.result(s)["breakdown"].values())


def test_bonus_choices_asked_winner_first_then_the_others(dice):
    """'O jogador com o dado de maior valor ... pega o bônus para "1" ... Em seguida, todos os
    demais jogadores ... pegam o bônus para "todos".'"""
    s = _herd_at(herd_game(), 5)  # a tool for one, 1 resource of choice for all
    s["herd"]["on_tile"] = {"p1": 1, "p2": 1, "p3": 1}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [6, 2, 3]
    s = GAME.play(s, "p1", "use field")
    s = GAME.play(s, "p1", "bonus all")
    assert [item["player"] for item in s["pending"]] == ["p1", "p2", "p3"]
    for p, good in [("p1", "gold"), ("p2", "stone"), ("p3", "wood")]:
        s = GAME.play(s, p, good)
        assert s["p"][p][good] == 1
    assert s["p"]["p1"]["tiles"] == [5] and s["p"]["p1"]["tools"] == []


def test_herd_not_at_the_hunting_grounds_nor_the_village():
    """'O verso mostra 1 recurso específico' — 'Madeira, tijolo, pedra, ouro': the herd only ever
    stands at the forest, clay pit, quarry or river."""
    assert {data.AREA_OF[t["back"]] for t in data.HERD_TILES.values()} == {
        "forest",
        "clay",
        "quarry",
        "river",
    }


def test_with_tools_ask_the_tools_come_first_then_the_taming(dice):
    """'você rola o dado normalmente e pega seus recursos. Imediatamente depois disso, você pode
    mover uma ou mais pessoas ... para a ficha de bônus.'"""
    s = at_action(herd_game(), {"clay": {"p1": 2}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(tools=[2], used=[False], auto_tools=False)
    dice += [3, 3]
    s = GAME.play(s, "p1", "use clay")
    assert s["pending"][0]["kind"] == "tools"
    s = GAME.play(s, "p1", "tools 2")  # 6 + 2 = 8 -> 2 clay
    assert s["p"]["p1"]["clay"] == 2 and s["pending"][0]["kind"] == "tame"
    s = GAME.play(s, "p1", "1")
    assert s["herd"]["on_tile"] == {"p1": 1} and s["p"]["p1"]["food"] == 11


def test_another_action_moves_on_without_taming(dice):
    """'Imediatamente depois disso, você pode mover uma ou mais pessoas ... As figuras de pessoas
    que não forem colocadas na ficha de bônus devem ser devolvidas': moving figures is optional.
    A mail "use quarry / use field / use hunt" cannot foresee the question; the second line is
    taken as "tame 0" (logged like one: the figures at the quarry go home), then carried out."""
    s = _herd_at(herd_game(), 15)  # stone back: the quarry
    s = at_action(s, {"quarry": {"p1": 2}, "field": {"p1": 1}, "hunt": {"p1": 2, "p2": 1}})
    dice += [5, 5]  # 10 // 5 = 2 stone
    s = GAME.play(s, "p1", "use quarry")
    assert s["p"]["p1"]["stone"] == 2 and s["pending"][0]["kind"] == "tame"
    assert set(GAME.legal(s, "p1")) == {
        "tame 0",
        "tame 1",
        "tame 2",
        "tools ask",
    }  # legal() unchanged
    food = s["p"]["p1"]["food"]
    s = GAME.play(s, "p1", "use field")
    assert s["pending"] == [] and s["herd"]["on_tile"] == {}
    assert "quarry" not in s["board"] and "field" not in s["board"]
    assert s["p"]["p1"]["agriculture"] == 1 and s["p"]["p1"]["food"] == food
    tame, village = s["log"][-2:]
    assert {k: v for k, v in tame.items() if k != "n"} == {
        "type": "tame", "player": "p1", "count": 0, "paid": {},
    }  # fmt: skip
    assert village["type"] == "village"
    assert GAME.describe(tame) == "p1 sent no figure to tame the mammoth."
    dice += [3, 3]
    s = GAME.play(s, "p1", "use hunt")
    assert s["p"]["p1"]["food"] == food + 3 and GAME.to_move(s) == ["p2"]


def test_moving_on_matches_an_explicit_tame_0(dice):
    """The automatic decision is exactly "tame 0": same state, same log, same draws."""
    s = _herd_at(herd_game(), 15)
    s = at_action(s, {"quarry": {"p1": 2}, "card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(wood=1)
    dice += [5, 5]
    s = GAME.play(s, "p1", "use quarry")
    short = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    long = GAME.play(GAME.play(s, "p1", "tame 0"), "p1", "buy card 1 pay 1 wood")
    assert {k: v for k, v in short.items() if k != "moves"} == {
        k: v for k, v in long.items() if k != "moves"
    }
    assert GAME.draws(short) == GAME.draws(s)


def test_explicit_tame_still_works_before_another_action(dice):
    s = _herd_at(herd_game(), 15)
    s = at_action(s, {"quarry": {"p1": 2}, "field": {"p1": 1}, "hunt": {"p2": 1}})
    dice += [5, 5]
    s = GAME.play(s, "p1", "use quarry")
    s = GAME.play(s, "p1", "tame 1")
    assert s["herd"]["on_tile"] == {"p1": 1} and s["p"]["p1"]["food"] == 11
    assert "quarry" not in s["board"]  # the second figure went home
    s = GAME.play(s, "p1", "use field")
    assert s["herd"]["on_tile"] == {"p1": 1} and s["p"]["p1"]["agriculture"] == 1


def test_garbage_or_an_impossible_action_while_taming_is_still_refused(dice):
    """Only an action legal after "tame 0" moves on; anything else is refused, helpfully, and
    the decision is still waiting."""
    s = _herd_at(herd_game(), 15)
    s = at_action(s, {"quarry": {"p1": 2}, "field": {"p1": 1}, "hunt": {"p2": 1}})
    dice += [5, 5]
    s = GAME.play(s, "p1", "use quarry")
    with pytest.raises(IllegalMove) as error:
        GAME.play(s, "p1", "hello there")
    text = str(error.value)
    assert "say how many figures tame the mammoth" in text and "“tame 0”" in text
    with pytest.raises(IllegalMove, match="only 2 figures there"):
        GAME.play(s, "p1", "tame 3")
    with pytest.raises(IllegalMove, match="no figures at the forest.*Possible now: “tame 0”"):
        GAME.play(s, "p1", "use forest")
    with pytest.raises(IllegalMove, match="no figures at the quarry"):
        GAME.play(s, "p1", "use quarry")
    with pytest.raises(IllegalMove, match="a decision comes first .how many figures tame"):
        GAME.play(s, "p1", "place 2 forest")
    assert s["pending"][0]["kind"] == "tame" and s["board"]["quarry"] == {"p1": 2}


def test_no_action_of_theirs_left_the_taming_decision_stays(dice):
    """With nothing else of theirs on the board, another line cannot move on (the next command
    would be another player's)."""
    s = _herd_at(herd_game(), 15)
    s = at_action(s, {"quarry": {"p1": 2}, "field": {"p2": 1}})
    dice += [5, 5]
    s = GAME.play(s, "p1", "use quarry")
    with pytest.raises(IllegalMove, match="a decision comes first"):
        GAME.play(s, "p1", "use field")
    assert GAME.to_move(s) == ["p1"] and s["pending"][0]["kind"] == "tame"


def test_help_while_taming_says_another_action_sends_none(dice):
    s = _herd_at(herd_game(), 15)
    s = at_action(s, {"quarry": {"p1": 2}, "field": {"p1": 1}, "hunt": {"p2": 1}})
    dice += [5, 5]
    s = GAME.play(s, "p1", "use quarry")
    help_text = " ".join(GAME.help(s, "p1").split())
    assert "another action instead" in help_text and "tames with no figures" in help_text
