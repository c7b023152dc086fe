"""A mail that cannot be handled: tried again while the database may recover, and in the end
failed with an answer to its sender. No error ends a mail silently."""

from __future__ import annotations

import pytest
from service_mails import text_of
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError

from pbem import jobs, pipeline
from pbem.db import sessions, transaction
from pbem.mail.accept import accept
from pbem.models import Game, InboundMail, OutboundMail
from tests.service.conftest import Service
from tests.service.test_concurrency import backend_pid, run_beside


def _stored_move(service) -> tuple[int, int]:
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    raw = service.reply(game_id, mover, service.legal(game_id, mover)[0])
    with transaction(service.settings.database_url) as session:
        return game_id, accept(session, raw, "smtp").id


def _raising(error: Exception):
    """A stand-in for a function that fails with ``error``."""

    def fail(*args, **kwargs):
        raise error

    return fail


def _row(service, inbound_id) -> InboundMail:
    with transaction(service.settings.database_url) as session:
        return session.get(InboundMail, inbound_id)


def test_an_unexpected_error_fails_the_mail_changes_nothing_and_answers(service, monkeypatch):
    game_id, inbound_id = _stored_move(service)

    monkeypatch.setattr("pbem.games.apply", _raising(RuntimeError("disk on fire")))
    answers = service.outbox(jobs.process_inbound(service.settings, inbound_id))
    row = _row(service, inbound_id)
    assert row.status == "failed" and "disk on fire" in row.error
    assert service.game(game_id)[0].version == 1
    assert [(m.kind, m.to_address) for m in answers] == [("notice", "a1@x.test")]
    text = " ".join(text_of(answers[0]).split())
    assert "nothing of it was applied" in text and "disk on fire" not in text


def test_a_database_error_is_tried_again_then_failed_and_answered(service, monkeypatch):
    """An IntegrityError (a race lost to another worker) or a dropped connection leaves the mail
    pending for another try; only after the last try is it failed, and its sender told."""
    game_id, inbound_id = _stored_move(service)
    errors = [
        IntegrityError("INSERT", {}, Exception("duplicate key")),
        OperationalError("SELECT", {}, Exception("server closed the connection")),
    ]

    def flaky(*args, **kwargs):
        raise errors[0]

    monkeypatch.setattr("pbem.games.apply", flaky)
    for attempt in range(1, jobs.MAX_ATTEMPTS):
        errors.reverse()
        with pytest.raises(jobs.TryAgain):
            jobs.process_inbound(service.settings, inbound_id)
        row = _row(service, inbound_id)
        assert (row.status, row.attempts) == ("pending", attempt)
    assert all(m.kind == "turn" for m in service.outbox())  # no answer yet
    answers = service.outbox(jobs.process_inbound(service.settings, inbound_id))
    row = _row(service, inbound_id)
    assert (row.status, row.attempts) == ("failed", jobs.MAX_ATTEMPTS)
    assert [(m.kind, m.to_address) for m in answers] == [("notice", "a1@x.test")]
    assert service.game(game_id)[0].version == 1


def test_a_database_outage_leaves_the_mail_pending_for_another_try(service, monkeypatch):
    game_id, inbound_id = _stored_move(service)

    lost = OperationalError("SELECT 1", {}, Exception("server closed the connection"))
    monkeypatch.setattr("pbem.games.apply", _raising(lost))
    with pytest.raises(jobs.TryAgain):
        jobs.process_inbound(service.settings, inbound_id)
    assert _row(service, inbound_id).status == "pending"
    monkeypatch.undo()
    jobs.process_inbound(service.settings, inbound_id)
    assert _row(service, inbound_id).status == "done"
    assert service.game(game_id)[0].version == 2


def test_a_database_that_cannot_even_record_the_failure_keeps_the_mail(service, monkeypatch):
    _game_id, inbound_id = _stored_move(service)

    away = OperationalError("BEGIN", {}, Exception("connection refused"))
    monkeypatch.setattr("pbem.jobs.transaction", _raising(away))
    with pytest.raises(jobs.TryAgain):
        jobs.process_inbound(service.settings, inbound_id)
    monkeypatch.undo()
    assert (_row(service, inbound_id).status, _row(service, inbound_id).attempts) == ("pending", 0)


def test_two_mails_inviting_one_new_address_at_once_both_make_a_game(postgres_settings):
    """The second worker's INSERT of the new player waits for the first one's; when that commits
    it must use that player, not fail with a duplicate key."""
    service = Service(postgres_settings)
    holder = sessions(postgres_settings.database_url)()
    holder.info["queued"] = []
    with transaction(postgres_settings.database_url) as session:
        first, second = (
            accept(session, service.to_service(host, "new honga with new@y.test"), "smtp")
            for host in ("ann@x.test", "bob@x.test")
        )
    pipeline.process(holder, postgres_settings, first.id)  # worker one, not yet committed
    other, results, waited = run_beside(
        postgres_settings,
        backend_pid(holder),
        lambda: jobs.process_inbound(postgres_settings, second.id),
    )
    holder.commit()
    holder.close()
    other.join(30)
    assert waited and len(results) == 1
    assert [_row(service, i).status for i in (first.id, second.id)] == ["done", "done"]
    with transaction(postgres_settings.database_url) as session:
        invited = session.scalars(
            select(OutboundMail.to_address).where(OutboundMail.kind == "invite")
        ).all()
        assert invited == ["new@y.test", "new@y.test"]
        assert len(session.scalars(select(Game)).all()) == 2
