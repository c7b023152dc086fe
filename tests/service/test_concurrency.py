"""Workers at the same time: row locks on PostgreSQL, nothing lost, nobody waits for nothing."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

from sqlalchemy import select, text, update

from pbem import games, jobs, notify
from pbem.db import engine_for, sessions, transaction
from pbem.mail.accept import accept
from pbem.models import InboundMail, OutboundMail, Player, Seat
from tests.service.conftest import Service


def backend_pid(session) -> int:
    """The PostgreSQL backend of ``session``'s connection."""
    return session.scalar(text("SELECT pg_backend_pid()"))


def waits_for(settings, pid: int) -> bool:
    """True when some connection is waiting for a lock the backend ``pid`` holds."""
    with engine_for(settings.database_url).connect() as connection:
        query = "SELECT count(*) FROM pg_stat_activity WHERE :pid = ANY(pg_blocking_pids(pid))"
        return connection.execute(text(query), {"pid": pid}).scalar() > 0


def run_beside(settings, holder_pid: int, work) -> tuple[threading.Thread, list, bool]:
    """Start ``work`` in a thread; return it, its results and whether it came to wait for
    the holder's locks (rather than finishing) within ten seconds."""
    results: list = []
    thread = threading.Thread(target=lambda: results.append(work()))
    thread.start()
    deadline = time.monotonic() + 10
    while thread.is_alive() and time.monotonic() < deadline:
        if waits_for(settings, holder_pid):
            return thread, results, True
        time.sleep(0.02)
    return thread, results, thread.is_alive()


def _stored(settings, raw: bytes, age: timedelta = timedelta(0)) -> int:
    with transaction(settings.database_url) as session:
        inbound_id = accept(session, raw, "smtp").id
        session.execute(
            update(InboundMail)
            .where(InboundMail.id == inbound_id)
            .values(received=InboundMail.received - age)
        )
    return inbound_id


def test_a_mail_another_worker_holds_is_skipped_not_waited_for(postgres_settings):
    """The sweeper may hand a mail to a second worker while the first still applies it: the
    second returns at once (SKIP LOCKED) instead of blocking a worker slot until the first ends."""
    service = Service(postgres_settings)
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    inbound_id = _stored(
        postgres_settings, service.reply(game_id, mover, service.legal(game_id, mover)[0])
    )
    holder = sessions(postgres_settings.database_url)()
    holder.scalar(select(InboundMail).where(InboundMail.id == inbound_id).with_for_update())
    second, results, waited = run_beside(
        postgres_settings,
        backend_pid(holder),
        lambda: jobs.process_inbound(postgres_settings, inbound_id),
    )
    holder.rollback()
    holder.close()
    second.join(30)
    assert not waited and results == [[]]
    with transaction(postgres_settings.database_url) as session:
        assert session.get(InboundMail, inbound_id).status == "pending"  # its holder's to finish


def test_the_sweeper_leaves_the_rows_a_live_worker_holds(postgres_settings):
    """Only work nobody is doing is handed out again: a mail or an outbox row a worker holds
    (a slow move, a send being claimed) is not queued a second time."""
    service = Service(postgres_settings)
    service.new_game()  # two turn mails pending in the outbox
    hour = timedelta(hours=1)
    held_mail = _stored(postgres_settings, service.to_service("a@x.test", "help"), hour)
    free_mail = _stored(postgres_settings, service.to_service("b@x.test", "help"), hour)
    held_row, free_row = (row.id for row in service.outbox())
    holder = sessions(postgres_settings.database_url)()
    for model, row_id in ((InboundMail, held_mail), (OutboundMail, held_row)):
        holder.scalar(select(model).where(model.id == row_id).with_for_update())
    sweeper, results, waited = run_beside(
        postgres_settings, backend_pid(holder), lambda: jobs.sweep(postgres_settings)
    )
    holder.rollback()
    holder.close()
    sweeper.join(30)
    assert not waited and results == [([free_mail], [free_row])]


def _answers_to(settings, address: str) -> int:
    with transaction(settings.database_url) as session:
        return len(
            session.scalars(
                select(OutboundMail.id).where(
                    OutboundMail.to_address == address, OutboundMail.kind.in_(notify.ANSWER_KINDS)
                )
            ).all()
        )


def test_the_answer_budget_is_counted_under_a_lock_per_address(postgres_settings):
    """Two workers answering one address at once: the second counts after the first's answer
    is committed, so the twentieth answer of the hour is the last one."""
    settings = postgres_settings

    def answer(session):
        return notify.notice(session, settings, "a1@x.test", "Help", ["..."])

    with transaction(settings.database_url) as session:
        for _ in range(notify.ANSWER_LIMIT - 1):
            answer(session)
    holder = sessions(settings.database_url)()
    assert answer(holder) is not None  # the twentieth, not yet committed
    other, results, waited = run_beside(
        settings, backend_pid(holder), lambda: _in_transaction(settings, answer)
    )
    holder.commit()
    holder.close()
    other.join(30)
    assert waited and results == [None]
    assert _answers_to(settings, "a1@x.test") == notify.ANSWER_LIMIT


def _in_transaction(settings, work):
    with transaction(settings.database_url) as session:
        return work(session)


def test_mistakes_mailed_by_several_workers_get_twenty_answers(service):
    """Mail to the service address takes no game's lock: only the budget's lock keeps count."""
    raws = [service.to_service("a1@x.test", f"I am away ({n})") for n in range(28)]
    errors: list[Exception] = []

    def work(share):
        for raw in share:
            try:
                service.deliver(raw)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

    workers = [threading.Thread(target=work, args=(raws[n::4],)) for n in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    assert _answers_to(service.settings, "a1@x.test") == notify.ANSWER_LIMIT


def test_unsubscribe_racing_the_join_that_starts_the_game_resigns_the_seat(settings):
    """The unsubscribe reads the player's seats, then waits for the game's lock while a join
    starts the game: under the lock it must see the seat joined and hand it to the bot.
    (SQLite serializes whole transactions: there the unsubscribe waits at its start.)"""
    with transaction(settings.database_url) as session:
        game = games.create(
            session, settings, "honga", ["a1@x.test", "a2@x.test"], creator="a1@x.test"
        )
        game_id = game.id
    joining = sessions(settings.database_url)()
    seat = joining.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == 1))
    games.join(joining, settings, seat)  # holds the game's lock, not yet committed

    def unsubscribe():
        with transaction(settings.database_url) as session:
            player = session.scalar(select(Player).where(Player.address == "a2@x.test"))
            list(session.scalars(select(Seat).where(Seat.player_id == player.id)))
            games.unsubscribe(session, settings, player)

    if settings.database_url.startswith("postgresql"):
        other, _results, waited = run_beside(settings, backend_pid(joining), unsubscribe)
        assert waited
    else:
        other = threading.Thread(target=unsubscribe)
        other.start()
        other.join(0.5)
    joining.commit()
    joining.close()
    other.join(30)
    assert not other.is_alive()
    with transaction(settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == 1))
        assert (seat.game.status, seat.player.unsubscribed, seat.status) == (
            "active",
            True,
            "resigned",
        )
