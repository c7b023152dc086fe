"""A third, independent reading of stoneage.es.txt, stoneage-mammoth-herd.pt.txt, NOTES.md and
the card and building lists, line by line against the engine: what the two earlier audits
left wrong, and rules no earlier test checks in play."""

from __future__ import annotations

from engine.stoneage import data, rules
from pbem.i18n import render
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def test_the_herds_fixed_size_bonuses_are_one_of_a_kind():
    """The herd text's list of the bonus symbols gives a number only to the shown resources
    ("Pegue os recursos mostrados, nesse caso, 2 tijolos") and the shown points ("o número de
    pontos mostrado"); the others are one: "Mova seu marcador na trilha de comida um espaço",
    "Pegue 1 nova ferramenta ou melhore 1 ferramenta", "Pegue uma figura de pessoa extra",
    "Pegue 1 recurso à sua escolha", "Pegue a carta mais de cima". Tile 11 gave 2 resources of
    choice for one, a bonus no tile shows."""
    for tile, info in data.HERD_TILES.items():
        for bonus in (info["one"], info["all"]):
            if bonus["kind"] not in ("resources", "points"):
                assert bonus["amount"] == 1, (tile, bonus)


def test_every_mail_shows_the_tiles_won_and_next_rounds_herd():
    """What lies open on the table is in every player's mail: the won tile goes "à sua frente"
    (face up, the text says, or face down with its back as "um lembrete para a pontuação
    final", which counts for the 10 points of the most tiles), and once the top tile is
    turned the next one's back shows ("O recurso que agora é mostrado não tem importância para
    essa rodada"): the herd's place next round. The view had both; no mail showed them."""
    s = new(3, mammoth_herd=True)
    s["herd"]["pile"][0] = 10  # clay back: the clay pit next round
    s["p"]["p2"]["tiles"] = [4, 5]
    for viewer in (None, "p1", "p3"):
        view = GAME.view(s, viewer)
        assert view["herd"]["tamed"] == {"p2": 2}
        assert view["herd"]["next_area"] == "clay"
        text = render("mail/stoneage/board.txt", "en", view=view)
        assert "Next round the herd is at: clay pit" in text
        assert "Mammoth tiles tamed: p2 2" in text
        page = render("mail/stoneage/board.html", "en", view=view)
        assert "Next round the herd is at: clay pit" in page and "Mammoth tiles tamed: p2 2" in page
    s["herd"]["tile"] = None  # tamed this round, before feeding: what is open stays shown
    assert "Mammoth tiles tamed: p2 2" in render(
        "mail/stoneage/board.txt", "en", view=GAME.view(s, "p1")
    )


def _to_feeding(s: dict) -> dict:
    """Placing and acting skipped: straight to this round's feeding."""
    s["phase"], s["board"], s["pending"] = "tame", {}, []
    rules.advance(s)
    return s


def test_a_player_who_chooses_not_to_pay_is_not_told_he_could_not():
    """ "Si no quieres o no puedes gastar recursos, pierdes exactamente 10 puntos": the loss is
    the same, but a player who had the resources chose it. Every mail said "p1 could not feed
    the tribe" for both."""
    s = new(2)
    s["p"]["p1"].update(food=0, wood=9)  # 5 short, 9 wood: could pay
    s["p"]["p2"].update(food=0, wood=1)  # 5 short, 1 wood: cannot
    s = _to_feeding(s)
    s = GAME.play(s, "p1", "starve")
    said = [GAME.describe(e) for e in s["log"] if e["type"] == "starve"]
    assert "p1 did not pay resources for the missing food and lost 10 points." in said
    assert "p2 could not feed the tribe and lost 10 points." in said
    assert s["p"]["p1"]["score"] == s["p"]["p2"]["score"] == -10
    older = {"type": "starve", "player": "p3", "points": 10}  # logged before the choice was kept
    assert GAME.describe(older) == "p3 could not feed the tribe and lost 10 points."


def test_a_game_stored_before_cards_were_drawn_face_down_still_plays():
    """States stored before the extra card was drawn face down (3cb1967) have no "drawn" list
    on the tribes; viewing them failed, and so did the next extra card. They load and play on:
    their cards were all open then, and a card drawn now is the drawer's alone."""
    s = at_action(new(2), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0] = 32  # the extra card
    s["p"]["p1"]["wood"] = 1
    for tribe in s["p"].values():
        del tribe["drawn"]
    stored = GAME.restore(GAME.dump(s))
    assert GAME.view(stored, "p2")["tribes"]["p1"]["cards"] == []
    drawn_next = stored["deck"][0]
    stored = GAME.play(stored, "p1", "buy card 1 pay 1 wood")
    assert [c["id"] for c in GAME.view(stored, "p2")["tribes"]["p1"]["cards"]] == [32]
    mine = GAME.view(stored, "p1")["tribes"]["p1"]["cards"]
    assert [(c["id"], c["drawn"]) for c in mine] == [(32, False), (drawn_next, True)]
