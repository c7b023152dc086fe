"""Hidden information stays hidden in every mail the service writes.

A Hengist game (hands and road tiles are private) is played through the service with bot
moves. Every mail is checked: it is built from its recipient's own view, and no sentence of
another player's private events (the cards they drew, the road tiles they saw) appears in it.
"""

from __future__ import annotations

import random

import pytest
from service_mails import text_of

import engine
from pbem.mail import compose

GAME = engine.load("hengist")


@pytest.fixture
def composed(monkeypatch):
    """Every (kind, recipient, context) passed to compose."""
    seen = []
    original = compose.compose

    def recording(kind, to, context, *args, **kwargs):
        seen.append((kind, to, context))
        return original(kind, to, context, *args, **kwargs)

    monkeypatch.setattr(compose, "compose", recording)
    return seen


def private_sentences(state, name):
    """What the other players' private events say, as mails would put it."""
    return {
        GAME.describe(event) for event in state["log"] if "to" in event and name not in event["to"]
    }


def test_no_mail_shows_another_players_secrets(service, composed):
    game_id = service.new_game(kind="hengist", players=2, seed=11)
    chooser = random.Random(3)
    mails = list(service.outbox())
    for _ in range(25):
        waiting = service.to_move(game_id)
        if not waiting:
            break
        name = waiting[0]
        state = service.state(game_id)
        lines = []
        while name in GAME.to_move(state) and len(lines) < 10:
            command = GAME.bot(state, name, chooser)
            state = GAME.play(state, name, command)
            lines.append(command)
        mails += service.deliver(service.reply(game_id, name, "\n".join(lines)))
    _, seats = service.game(game_id)
    names = {s["address"]: s["name"] for s in seats}
    final = service.state(game_id)
    assert len(mails) > 20
    for _kind, to, context in composed:
        if "view" in context:
            assert context["view"]["you"] == names[to]
            for event in context["view"]["log"]:
                assert "to" not in event or names[to] in event["to"]
    drew_own = 0
    for mail in mails:
        name = names[mail.to_address]
        body = text_of(mail)
        for sentence in private_sentences(final, name):
            assert sentence not in body, f"{name} was shown: {sentence}"
        drew_own += f"{name} drew:" in body
    assert drew_own, "players are told which cards they drew themselves"
