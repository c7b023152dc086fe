"""Review findings on the pipeline: odd input that must be answered, refusals that leave nothing."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from service_mails import text_of
from sqlalchemy import func, select

from pbem.db import transaction
from pbem.models import Game, InboundMail, Move


def _service_mail(service, sender: str, body: str) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = service.settings.service_address
    message["Message-ID"] = make_msgid()
    message.set_content(body)
    return message.as_bytes()


def test_a_mail_naming_two_turns_is_refused_with_an_answer(service):
    """Two different ``#N`` guards are the player's mistake: explained, never a failed mail."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    move = service.legal(game_id, mover)[0]
    sent = service.deliver(service.reply(game_id, mover, f"#1\n{move}\n#2"))
    with transaction(service.settings.database_url) as session:
        row = session.scalars(select(InboundMail)).one()
        assert (row.status, row.error) == ("refused", "")
        assert session.scalar(select(func.count()).select_from(Move)) == 0
    assert [(m.kind, m.to_address) for m in sent] == [
        ("error", service.seat(game_id, mover)["address"])
    ]
    assert "#1 and #2" in text_of(sent[0])


def test_a_service_mail_naming_two_turns_is_answered(service):
    sent = service.deliver(_service_mail(service, "host@x.test", "#1 help\n#2"))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "host@x.test")]
    assert "#1 and #2" in text_of(sent[0])


def test_an_invitation_refused_for_an_unsubscribed_address_leaves_no_game(service):
    game_id = service.new_game(players=2)
    leaver = service.game(game_id)[1][1]
    service.deliver(service.reply(game_id, leaver["name"], "unsubscribe"))
    answer = service.deliver(
        _service_mail(service, "host@x.test", f"new honga with {leaver['address']}")
    )
    assert "asked us not to send them mail" in text_of(answer[0])
    with transaction(service.settings.database_url) as session:
        assert session.scalars(select(Game.id)).all() == [game_id]
