"""Helpers for driving the service in-process: games, reply mails, the pipeline."""

from __future__ import annotations

import random
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select

import engine
from pbem import games, pipeline
from pbem.db import transaction
from pbem.mail.accept import accept
from pbem.models import Game, OutboundMail


class Service:
    """A test's handle on one database: create games, deliver mails, read the outbox."""

    def __init__(self, settings):
        self.settings = settings

    def new_game(self, kind="honga", players=2, seed=7, options=None) -> int:
        """A started game with players a1@x.test, a2@x.test, ... all seated."""
        addresses = [f"a{i}@x.test" for i in range(1, players + 1)]
        with transaction(self.settings.database_url) as session:
            game = games.create(
                session, self.settings, kind, addresses, options, seed=seed, seated=True
            )
            return game.id

    def game(self, game_id):
        with transaction(self.settings.database_url) as session:
            game = session.get(Game, game_id)
            seats = [
                {"name": s.name, "token": s.token, "address": s.player.address, "status": s.status}
                for s in game.seats
            ]
            return game, seats

    def state(self, game_id):
        game, _ = self.game(game_id)
        return engine.load(game.kind).restore(game.state)

    def seat(self, game_id, name):
        return next(s for s in self.game(game_id)[1] if s["name"] == name)

    def to_move(self, game_id):
        game, _ = self.game(game_id)
        return engine.load(game.kind).to_move(self.state(game_id))

    def reply(self, game_id, name, body, sender=None, headers=None) -> bytes:
        """A reply mail from seat ``name`` (or a forged ``sender``) with ``body``."""
        seat = self.seat(game_id, name)
        message = EmailMessage()
        message["From"] = sender or seat["address"]
        message["To"] = self.settings.reply_address(seat["token"])
        message["Subject"] = f"Re: [pbem #{game_id}]"
        message["Message-ID"] = make_msgid(domain="x.test")
        for key, value in (headers or {}).items():
            message[key] = value
        message.set_content(body)
        return message.as_bytes()

    def to_service(self, sender: str, body: str, headers=None) -> bytes:
        """A mail from ``sender`` to the service address (``new ...``, ``help``, ...)."""
        message = EmailMessage()
        message["From"] = sender
        message["To"] = self.settings.service_address
        message["Message-ID"] = make_msgid(domain="x.test")
        for key, value in (headers or {}).items():
            message[key] = value
        message.set_content(body)
        return message.as_bytes()

    def invite_guest(self) -> tuple[int, str, list[OutboundMail]]:
        """host@x.test asks for a HONGA game with guest@y.test: (game id, guest's seat, mails)."""
        sent = self.deliver(self.to_service("host@x.test", "new honga with guest@y.test"))
        game_id = next(m for m in sent if m.kind == "invite").game_id
        guest = next(s for s in self.game(game_id)[1] if s["address"] == "guest@y.test")
        return game_id, guest["name"], sent

    def deliver(self, raw: bytes, envelope_to: str = "") -> list[OutboundMail]:
        """Accept and process one mail; return the outbox rows it queued (parsed)."""
        with transaction(self.settings.database_url) as session:
            accepted = accept(session, raw, "smtp", envelope_to)
        if accepted.duplicate:
            return []
        with transaction(self.settings.database_url) as session:
            ids = pipeline.process(session, self.settings, accepted.id)
        return self.outbox(ids)

    def outbox(self, ids=None) -> list[OutboundMail]:
        with transaction(self.settings.database_url) as session:
            query = select(OutboundMail).order_by(OutboundMail.id)
            if ids is not None:
                query = query.where(OutboundMail.id.in_(ids))
            return list(session.scalars(query))

    def turn_of(self, game_id, name, seed=1) -> list[str]:
        """The bot's commands for ``name`` until the turn passes to somebody else."""
        game, _ = self.game(game_id)
        game_engine = engine.load(game.kind)
        state, chooser, lines = self.state(game_id), random.Random(seed), []
        while name in game_engine.to_move(state):
            lines.append(game_engine.bot(state, name, chooser))
            state = game_engine.play(state, name, lines[-1])
        return lines

    def legal(self, game_id, name):
        game, _ = self.game(game_id)
        return engine.load(game.kind).legal(self.state(game_id), name)


@pytest.fixture
def service(settings) -> Service:
    return Service(settings)
