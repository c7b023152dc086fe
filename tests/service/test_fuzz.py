"""Whatever arrives, the pipeline answers or records it, and never crashes or half-applies."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select

from pbem import games
from pbem.db import transaction
from pbem.models import Game, InboundMail

PIECES = [
    b"From: {sender}\r\n",
    b"To: {to}\r\n",
    b"Subject: Re: game\r\n",
    b"Message-ID: <{n}@f>\r\n",
    b"Content-Type: text/plain; charset=utf-8\r\n",
    b"Content-Type: text/html\r\n",
    b"Content-Type: multipart/alternative; boundary=b\r\n",
    b"Content-Transfer-Encoding: base64\r\n",
    b"Content-Transfer-Encoding: quoted-printable\r\n",
    b"Auto-Submitted: auto-replied\r\n",
    b"From: =?utf-8?q?=C3=A9?= <{sender}>\r\n",
    b"To: <<<>>>\r\n",
    b"\xff\xfe: \x00\r\n",
]
BODIES = [
    b"{command}\r\n",
    b"#{n}\r\n{command}\r\n",
    b"--b\r\nContent-Type: text/plain\r\n\r\n{command}\r\n",
    b"<p>{command}</p>",
    b"=E9=\r\n{command}",
    b"\xc3\x28\xa0\xa1",
    b"say hi\r\njoin\r\n",
    b"end\r\n{command}",
    b"> {command}\r\n",
    b"",
    b"new honga with x@y.test\r\n",
]


@pytest.mark.parametrize("seed", range(3))
def test_random_mails_never_crash_the_pipeline(service, seed):
    settings = service.settings
    game_id = service.new_game(players=2, seed=seed)
    chooser = random.Random(seed)
    _, seats = service.game(game_id)
    for n in range(150):
        seat = chooser.choice(seats)
        legal = service.legal(game_id, seat["name"]) or ["status"]
        values = {
            "sender": chooser.choice([seat["address"], "eve@x.test", ""]),
            "to": chooser.choice(
                [
                    settings.reply_address(seat["token"]),
                    settings.service_address,
                    "nobody@else.test",
                ]
            ),
            "n": str(n),
            "command": chooser.choice([*legal[:3], "xyzzy", "help"]),
        }
        head = b"".join(chooser.sample(PIECES, chooser.randint(0, 6)))
        raw = head + b"\r\n" + chooser.choice(BODIES)
        for key, value in values.items():
            raw = raw.replace(b"{" + key.encode() + b"}", value.encode())
        service.deliver(raw)
    with transaction(settings.database_url) as session:
        statuses = [row.status for row in session.scalars(select(InboundMail))]
    assert set(statuses) == {"done", "refused", "ignored"}  # all three paths were taken
    # nothing was half-applied: the stored game replays exactly from its moves
    with transaction(settings.database_url) as session:
        game = session.get(Game, game_id)
        assert games.replay(session, game) == game.state
