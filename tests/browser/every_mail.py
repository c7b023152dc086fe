"""Every kind of mail of one game, made by the service as players would get them."""

from __future__ import annotations

import email
import email.policy
import random
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

from sqlalchemy import select

import engine
from pbem import games, jobs, pipeline
from pbem.db import transaction
from pbem.mail.accept import accept
from pbem.models import Game, OutboundMail, Seat, now
from tests.pictures.positions import LARGEST, players, positions


@dataclass
class Mail:
    label: str  # what the mail is: "turn-first", "over", ...
    kind: str  # X-PBEM-Kind
    to: str  # the recipient's seat name ("" outside a seat)
    message: EmailMessage
    state: dict | None  # the position it was written from


def speaking(session, addresses, locale: str) -> None:
    """The players of ``addresses`` read ``locale`` ("": not known yet, English)."""
    for address in addresses:
        games.player_for(session, address).locale = locale


class Table:
    """One game of ``kind`` at its largest table, its seats named as the positions' players,
    all of them reading ``locale``."""

    def __init__(self, settings, kind: str, locale: str = ""):
        self.settings, self.kind = settings, kind
        self.game = engine.load(kind)
        self.addresses = {name: f"{name}@x.test" for name in players(kind)}
        self.seen = self._last_mail()
        with transaction(settings.database_url) as session:
            speaking(session, self.addresses.values(), locale)
            game = games.create(
                session,
                settings,
                kind,
                list(self.addresses.values()),
                LARGEST[kind][1],
                seed=3,
                seated=True,
            )
            self.id = game.id
            self.tokens = {s.name: s.token for s in game.seats}

    def _last_mail(self) -> int:
        with transaction(self.settings.database_url) as session:
            return session.scalar(select(OutboundMail.id).order_by(OutboundMail.id.desc())) or 0

    def new_mails(self, label: str) -> list[Mail]:
        """The mails queued since the last call, parsed."""
        state = self.state()
        with transaction(self.settings.database_url) as session:
            rows = session.scalars(
                select(OutboundMail).where(OutboundMail.id > self.seen).order_by(OutboundMail.id)
            ).all()
            names = {a: n for n, a in self.addresses.items()}
            mails = [
                Mail(
                    label,
                    row.kind,
                    names.get(row.to_address, ""),
                    email.message_from_bytes(row.message, policy=email.policy.default),
                    state,
                )
                for row in rows
            ]
        self.seen = self._last_mail()
        return mails

    def state(self) -> dict | None:
        with transaction(self.settings.database_url) as session:
            game = session.get(Game, self.id)
            return self.game.restore(game.state) if game.state else None

    def set_position(self, state: dict) -> None:
        with transaction(self.settings.database_url) as session:
            game = session.get(Game, self.id)
            game.state, game.version = self.game.dump(state), 2 + state["moves"]
            for seat in session.scalars(select(Seat).where(Seat.game_id == self.id)):
                seat.seen = max(0, len(state["log"]) - 8)

    def reply(self, name: str, body: str) -> None:
        message = EmailMessage()
        message["From"] = self.addresses[name]
        message["To"] = self.settings.reply_address(self.tokens[name])
        message["Subject"] = f"Re: [pbem #{self.id}]"
        message["Message-ID"] = make_msgid(domain="x.test")
        message.set_content(body)
        with transaction(self.settings.database_url) as session:
            stored = accept(session, message.as_bytes(), "smtp")
        with transaction(self.settings.database_url) as session:
            pipeline.process(session, self.settings, stored.id)

    def bot_turn(self) -> None:
        """The player to move answers with the bot's commands for their whole turn."""
        state = self.state()
        name, lines = self.game.to_move(state)[0], []
        chooser = random.Random(len(state["log"]))
        while name in self.game.to_move(state):
            lines.append(self.game.bot(state, name, chooser))
            state = self.game.play(state, name, lines[-1])
        with transaction(self.settings.database_url) as session:
            version = session.get(Game, self.id).version
        self.reply(name, "\n".join([f"#{version}", *lines]))


def every_mail(settings, kind: str, locale: str = "") -> list[Mail]:
    """Invitation, first turn, turns, refusal, notice, relay, game over and digest mails, to
    players reading ``locale``."""
    table = Table(settings, kind, locale)
    mails = table.new_mails("turn-first")
    with transaction(settings.database_url) as session:
        others = [f"guest{i}@y.test" for i in range(1, LARGEST[kind][0])]
        speaking(session, ["host@x.test", *others], locale)
        games.create(session, settings, kind, others, LARGEST[kind][1], creator="host@x.test")
    mails += [m for m in table.new_mails("invite") if m.kind == "invite"][:1]
    everything = positions(kind)
    table.set_position(everything[len(everything) // 2])
    table.bot_turn()
    mails += table.new_mails("turn")
    name = table.game.to_move(table.state())[0]
    table.reply(name, "xyzzy")
    table.reply(name, "help")
    table.reply(name, "say Good luck, everybody!")
    mails += table.new_mails("answer")
    jobs.digest(settings, now() + timedelta(days=8))  # every player's first digest is due
    mails += table.new_mails("digest")[:1]
    table.set_position(everything[-2])
    for _ in range(100):
        if not table.game.to_move(table.state()):
            break
        table.bot_turn()
    mails += table.new_mails("over")
    return mails
