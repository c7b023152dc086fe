"""Faults while games are played by mail: after each, every mail answered 250 was processed
exactly once, every game replays from its moves, and no mail was answered twice.

The service runs as separate processes (SMTP receiver, Celery worker) on a PostgreSQL and a
Redis of the test's own, which it stops and kills; players are bots answering over SMTP.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections import Counter
from functools import partial

import pytest
from sqlalchemy import select

from pbem.db import transaction
from pbem.models import Game, OutboundMail, now

from .harness import DOMAIN, Players, at_once, check, new_games, to_service

pytestmark = [pytest.mark.faults, pytest.mark.xdist_group("faults")]

GAMES = 6  # HONGA, Stone Age and Hengist, two of each, two players each
REPLIES = 40


def once(players, reply):
    players.send(reply)


def played(stack, deliver, during=None, redelivered_ok: bool = False) -> dict:
    """Bots play the games, replies delivered by ``deliver``; then the proof (``check``)."""
    players = Players(stack, new_games(stack, GAMES), deliver)
    players.play(REPLIES, during=during)
    stack.drain()
    return check(stack, players, redelivered_ok=redelivered_ok)


def test_a_worker_sigkilled_mid_move(stack):
    """The worker (and, other times, one of its pool processes) dies while it processes a
    mail; a new worker and the sweep finish the work, nothing twice."""

    def kill(n):
        if n % 8 == 0:
            assert stack.wait_for_move_in_progress()
            if n % 16 == 0:
                assert stack.kill_pool_process()
            else:
                stack.kill_worker()
                stack.start_worker()

    seen = played(stack, once, during=kill, redelivered_ok=True)
    assert seen["killed"] == REPLIES // 8
    assert seen["statuses"] == {"done": REPLIES}


def held_answer(stack) -> OutboundMail:
    """The outbox row of the delivery the capture server holds, once one comes."""
    assert stack.capture.held.wait(30), "no delivery came to be held"
    with transaction(stack.database_url) as session:
        row = session.scalar(
            select(OutboundMail).where(OutboundMail.message_id == stack.capture.held_id)
        )
    assert (row.status, row.attempts) == ("pending", 0) and row.next_attempt > now(), (
        "a mail the relay is taking is claimed (leased), not yet recorded"
    )
    return row


def test_a_worker_sigkilled_while_the_relay_takes_a_mails_answers(stack):
    """Four times the worker dies while the relay holds a mail's answer before its 250 (the
    move and its answers' claim committed, nothing recorded): the relay keeps that mail; once
    the lease has run out the sweeper sends what was not recorded, the held mail a second time
    (at least once), every other answer of the move once, and the games play on."""
    held = []

    def kill(n):
        if n % 10 == 0:
            stack.capture.hold()
            held.append(held_answer(stack).message_id)
            stack.kill_worker()
            stack.start_worker()
            stack.capture.release()

    seen = played(stack, once, during=kill, redelivered_ok=True)
    assert seen["statuses"] == {"done": REPLIES} and len(held) == REPLIES // 10
    delivered = Counter(str(m["Message-ID"]) for _rcpt, m in stack.capture.all())
    assert [delivered[message_id] for message_id in held] == [2] * len(held)


def test_postgres_stopped_while_the_relay_takes_a_mails_answers(stack):
    """Twice PostgreSQL stops (its connections cut) while the relay holds a mail's answer
    before its 250, and is back a second after the relay took it: the worker records what
    the relay took when the database is back, and every mail goes out exactly once."""

    def outage(n):
        if n in (12, 28):
            stack.capture.hold()
            held_answer(stack)
            stack.postgres.stop()
            stack.capture.release()
            time.sleep(1)
            stack.postgres.start()

    seen = played(stack, once, during=outage)
    assert seen["statuses"] == {"done": REPLIES}


def fault_at(number: int, fault):
    """Deliver replies once each; reply ``number`` is sent by ``fault(send)`` instead."""
    count = itertools.count(1)

    def deliver(players, reply):
        if next(count) == number:
            fault(lambda: players.send(reply))
        else:
            players.send(reply)

    return deliver


def test_redis_restarted_with_work_in_flight(stack):
    """Redis dies with tasks queued and running (it keeps nothing on disk), and a mail comes
    in meanwhile: the receiver still answers 250, and the sweep re-queues what was lost."""

    def restart(send):
        stack.redis.kill()
        send()  # stored and answered 250; handing it to the worker fails
        time.sleep(2)
        stack.redis.start()

    seen = played(stack, fault_at(10, restart))
    assert "enqueue of inbound" in (stack.logs / "smtp.log").read_text()
    assert seen["statuses"] == {"done": REPLIES}


def test_redis_restarted_while_a_task_waits(stack):
    """Redis dies and comes back while the worker's one task waits for its game's lock (its
    message unacknowledged, the consumer waiting on Redis for the next): the same worker
    reconnects, finishes the move and plays on. Under Celery 5.7.0 kombu's channel failed to
    close a second time there and the worker shut down once the task was done
    (``worker.redis_broker``)."""
    worker = stack.processes["worker"]
    players = Players(stack, new_games(stack, 1), once)
    players.play(2)
    stack.drain()  # the second reply applied: the third (sent under the lock) needs its position
    with transaction(stack.database_url) as session:
        session.scalars(select(Game).with_for_update()).all()  # the next move waits for it
        players.play(3)
        assert stack.wait_for_move_in_progress()
        stack.redis.kill()
        time.sleep(2)
        stack.redis.start()
    players.play(6, seconds=60)
    stack.drain()
    assert check(stack, players)["statuses"] == {"done": 6}
    assert stack.processes["worker"] is worker and worker.poll() is None, "the worker exited"


def test_the_smtp_receiver_killed_while_mail_comes_in(stack):
    """The SMTP receiver is SIGKILLed now and then while bots deliver, back after half a
    second: the senders retry as an MTA does, every mail answered 250 is processed once (one
    stored before a kill cut its 250 is a duplicate when it comes again)."""
    kills = []

    def kill(n):
        if n % 6 == 0:
            time.sleep(random.Random(n).uniform(0, 0.05))
            stack.kill("smtp")
            kills.append(n)
            time.sleep(0.5)
            stack.start_receiver()

    seen = played(stack, once, during=kill)
    assert len(kills) == REPLIES // 6
    assert stack.retried > 0  # deliveries met a receiver gone or dead mid-conversation
    assert seen["statuses"] == {"done": REPLIES}


def test_postgres_refusing_connections_for_a_while(stack):
    """PostgreSQL stops for five seconds (open transactions cut) while a mail comes in: the
    receiver answers 451 and the sender retries, the worker retries its tasks, the sweep sends
    what is left."""

    def outage(send):
        stack.postgres.stop()
        sender = threading.Thread(target=send)
        sender.start()
        time.sleep(5)
        stack.postgres.start()
        sender.join()

    seen = played(stack, fault_at(12, outage))
    assert stack.retried > 0
    assert seen["statuses"] == {"done": REPLIES}


def test_the_same_mail_delivered_one_to_three_times(stack):
    """Every reply arrives one to three times, the copies at once or one after the other."""
    chooser = random.Random(3)

    def copies(players, reply):
        _message_id, raw = players.write(reply)
        sends = [partial(stack.submit, raw, reply.address, reply.to)] * chooser.randint(1, 3)
        if chooser.random() < 0.5:
            at_once(*sends)
        else:
            for send in sends:
                send()

    seen = played(stack, copies)
    assert max(stack.accepted.values()) == 3
    assert seen["statuses"] == {"done": REPLIES}


def test_a_resend_with_a_new_message_id(stack):
    """Every reply is sent again under a new Message-ID, at once or after the first: one of
    the two moves the game, the other (its #N now old) applies nothing and is answered."""
    chooser = random.Random(4)

    def twice(players, reply):
        if chooser.random() < 0.5:
            players.send(reply)
            players.send(reply)
        else:
            at_once(partial(players.send, reply), partial(players.send, reply))

    seen = played(stack, twice)
    assert (seen["mails"], seen["applied"]) == (2 * REPLIES, REPLIES)


def test_two_different_replies_at_once(stack):
    """A player answers one position twice at the same moment with different commands (phone
    and laptop): exactly one reply moves the game, the other applies nothing and is answered."""

    def racing(players, reply):
        mails = [
            players.write(reply, lines)[1] for lines in (reply.lines, players.other_turn(reply))
        ]
        at_once(*(partial(stack.submit, raw, reply.address, reply.to) for raw in mails))

    seen = played(stack, racing)
    assert (seen["mails"], seen["applied"]) == (2 * REPLIES, REPLIES)


def test_two_new_games_at_once_for_one_new_address(stack):
    """Two hosts invite the same address we have never seen at the same moment, and a new
    player asks for two games at once: every game is created and every mail answered once."""

    def ask(sender: str, body: str):
        return partial(stack.submit, to_service(sender, body), sender, f"play@{DOMAIN}")

    for n in range(4):
        guest = f"guest{n}@new.test"
        at_once(*(ask(f"host{n}.{i}@players.test", f"new honga with {guest}") for i in (1, 2)))
        newcomer = f"newcomer{n}@players.test"
        at_once(*(ask(newcomer, f"new hengist with friend{n}.{i}@players.test") for i in (1, 2)))
    stack.drain()
    seen = check(stack, Players(stack, [], once))
    assert seen["statuses"] == {"done": 16}
    kinds = Counter(str(m["X-PBEM-Kind"]) for _rcpt, m in stack.capture.all())
    assert (kinds["invite"], kinds["news"]) == (16, 16)
