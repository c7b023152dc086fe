"""The weekly digest speaks the player's language, engine sentences included."""

from __future__ import annotations

from email import message_from_bytes, policy

from sqlalchemy import select

import engine
from engine.i18n import use
from pbem import i18n, jobs
from pbem.db import transaction
from pbem.models import Game, OutboundMail, Player
from tests.outbound.test_out_i18n import pot, shouting  # noqa: F401 - fixtures


def test_digest_events_are_in_the_players_language(service, shouting):  # noqa: F811
    game_id = service.new_game(kind="stoneage")
    with transaction(service.settings.database_url) as session:
        session.scalar(select(Player).where(Player.address == "a1@x.test")).locale = shouting
        game = session.get(Game, game_id)
        stoneage = engine.load("stoneage")
        view = stoneage.view(stoneage.restore(game.state), "a1")
        with use(i18n.translations(shouting)):
            events = [stoneage.describe(e) for e in view["log"][-5:]]
    assert events and "ROUND 1 BEGINS" in events[0]
    ids = jobs.weekly_digest(service.settings)
    with transaction(service.settings.database_url) as session:
        row = session.scalar(
            select(OutboundMail).where(
                OutboundMail.id.in_(ids), OutboundMail.to_address == "a1@x.test"
            )
        )
        text = message_from_bytes(row.message, policy=policy.default)
    text = " ".join(text.get_body(("plain",)).get_content().split())
    for event in events:
        assert f"* {event}" in text
