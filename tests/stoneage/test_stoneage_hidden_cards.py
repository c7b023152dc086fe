"""Civilization cards drawn from the deck are seen by their owner only, until the final scoring
(issue 9, point 2; stoneage.es.txt, stoneage-mammoth-herd.pt.txt)."""

from __future__ import annotations

import random

from engine.stoneage import rules, text
from pbem.i18n import render
from tests.stoneage.stoneage_helpers import GAME, at_action, new

SECRET = 11  # "7 food / green: pottery": no other card reads the same


def _bought_extra_card():
    """p1 buys the 'extra card' card (32) from the row; the deck's top card is SECRET."""
    s = at_action(new(3), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"] = [32, 1, 2, 3]
    s["deck"] = [SECRET, *[c for c in s["deck"] if c not in (SECRET, 32, 1, 2, 3)]]
    s["p"]["p1"].update(wood=1)
    return GAME.play(s, "p1", "buy card 1 pay 1 wood")


def _ids(view, who):
    return [c["id"] for c in view["tribes"][who]["cards"]]


def test_a_card_drawn_for_the_extra_card_is_seen_by_its_owner_only():
    """Issue 9: 'Cards a player owns are kept face down (the owner may look at any time); the
    open row was seen by all, but a card drawn from the deck ... was seen by nobody else'.
    stoneage.es.txt: the row cards are revealed ('revela las primeras cuatro cartas'), the deck
    is 'boca abajo'. So the bought card 32 stays known to all; the card drawn is the owner's."""
    s = _bought_extra_card()
    assert s["p"]["p1"]["cards"] == [32, SECRET]
    mine = GAME.view(s, "p1")
    assert _ids(mine, "p1") == [32, SECRET] and mine["tribes"]["p1"]["card_count"] == 2
    assert [c["drawn"] for c in mine["tribes"]["p1"]["cards"]] == [False, True]
    for who in (None, "p2", "p3"):
        view = GAME.view(s, who)
        assert _ids(view, "p1") == [32]  # the bought card was in the open row
        assert view["tribes"]["p1"]["card_count"] == 2
        assert view["tribes"]["p1"]["cards_face_down"] == 1
        sentences = [GAME.describe(e) for e in view["log"]]
        assert any("drew the top card of the deck" in line for line in sentences)
        assert not any(text.card_text(SECRET) in line for line in sentences)
        assert not any(e.get("card") == SECRET for e in view["log"])
    private = [e for e in s["log"] if "to" in e]
    assert [(e["type"], e["to"], e["card"]) for e in private] == [("extra_card", ["p1"], SECRET)]
    assert text.card_text(SECRET) in GAME.describe(private[0])


def test_the_drawn_card_is_in_no_other_players_mail():
    """Issue 9: the drawn card 'must not appear in another player's view, in a public log event
    or in their mails'; its owner's board lists it, marked as unknown to the others."""
    s = _bought_extra_card()
    secret = text.card_text(SECRET)
    for who in ("p2", "p3"):
        view = GAME.view(s, who)
        for name in ("board.txt", "board.html"):
            out = render(f"mail/stoneage/{name}", "en", view=view)
            assert secret not in out
    out = render("mail/stoneage/board.txt", "en", view=GAME.view(s, "p1"))
    assert secret in out and "unknown to the others" in out


def test_the_herds_card_bonus_is_drawn_face_down():
    """'Pegue a carta mais de cima da pilha de cartas de civilização. Imediatamente coloque-a
    perto de suas outras cartas sem realizar a parte superior da carta': the top card of the
    deck goes to the winner's cards, seen by the winner only."""
    s = new(3, mammoth_herd=True)
    s["deck"] = [SECRET, *[c for c in s["deck"] if c != SECRET]]
    rules.give_bonus(s, "p2", {"kind": "card", "amount": 1})
    assert s["p"]["p2"]["cards"] == [SECRET]
    assert _ids(GAME.view(s, "p2"), "p2") == [SECRET]
    for who in (None, "p1", "p3"):
        view = GAME.view(s, who)
        assert _ids(view, "p2") == [] and view["tribes"]["p2"]["cards_face_down"] == 1
        assert SECRET not in [e.get("card") for e in view["log"]]
    drawn = next(e for e in s["log"] if e["type"] == "card_drawn")
    assert GAME.describe(drawn) == (
        "p2 drew the top card of the deck as the mammoth's bonus; it stays face down."
    )


def test_all_cards_are_revealed_for_the_final_scoring():
    """Issue 9: 'at the end of the game all cards are revealed for scoring'; stoneage.es.txt:
    'Los puntos se obtienen de las cartas de Civilización según su color'."""
    s = _bought_extra_card()
    s["p"]["p1"]["drawn"] = [SECRET]
    rules.finish(s)
    for who in (None, "p2", "p3", "p1"):
        view = GAME.view(s, who)
        assert _ids(view, "p1") == [32, SECRET] and view["tribes"]["p1"]["cards_face_down"] == 0
    assert GAME.result(s)["breakdown"]["p1"]["green"] == 4  # writing + pottery: 2 symbols


def test_only_drawn_cards_are_hidden_in_a_whole_game():
    """Every player's view equals the public one except for the cards that player drew from
    the deck; the only private events are the draws, each for the drawer alone."""
    s = new(4, mammoth_herd=True)
    chooser = random.Random(1)  # a game where two cards are drawn from the deck
    while GAME.to_move(s):
        public = GAME.view(s, None)["tribes"]
        for p in s["players"]:
            tribes = GAME.view(s, p)["tribes"]
            hidden = s["p"][p]["drawn"] if s["phase"] != "over" else []
            mine = tribes.pop(p)
            assert [c["id"] for c in mine["cards"] if c["drawn"]] == hidden
            shown = [{**c, "drawn": False} for c in mine["cards"] if c["id"] not in hidden]
            assert shown == public[p]["cards"] and public[p]["cards_face_down"] == len(hidden)
            assert tribes == {q: t for q, t in public.items() if q != p}
        p = chooser.choice(GAME.to_move(s))
        s = GAME.play(s, p, chooser.choice(GAME.legal(s, p)))
    private = [e for e in s["log"] if "to" in e]
    assert private and all(e["type"] == "extra_card" and e["to"] == [e["player"]] for e in private)
