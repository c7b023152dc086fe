"""The operator's tools and the background jobs: CLI, verify, sweep, digest."""

from __future__ import annotations

import json
import os
import smtplib
import subprocess
import sys
import time
import urllib.request
from datetime import timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from sqlalchemy import select, update

import engine
from engine.i18n import use
from pbem import bench, bench_load, i18n, jobs
from pbem.db import transaction
from pbem.mail.accept import accept
from pbem.models import Game, InboundMail, OutboundMail, Player, now
from tests.e2e.test_whole_games import free_port, wait_for_port
from tests.outbound.test_out_i18n import pot, shouting  # noqa: F401 - fixtures

REPO = Path(__file__).resolve().parents[2]


def pbem(settings, *args, stdin=None):
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "PBEM_VAR": str(settings.var_dir),
        "PBEM_DOMAIN": settings.domain,
        "PBEM_EAGER": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "worker.launch", *args],
        env=env,
        cwd=REPO,
        input=stdin,
        capture_output=True,
        timeout=120,
    )


def test_new_prints_the_id_and_show_games_verify_work(settings):
    created = pbem(settings, "new", "honga", "ann@x.test", "bob@x.test", "--start", "--seed", "5")
    assert created.returncode == 0, created.stderr
    game_id = int(created.stdout.decode().strip())
    listed = pbem(settings, "games").stdout.decode()
    assert f"{game_id}" in listed and "honga" in listed and "active" in listed
    shown = pbem(settings, "show", str(game_id), "--as", "ann@x.test", "--json")
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert data["view"]["you"] == "ann" and data["view"]["game"] == "honga"
    public = pbem(settings, "show", str(game_id)).stdout.decode()
    assert "position #1" in public
    assert "Circle 1:" in public  # the board, as the mails show it
    verified = pbem(settings, "verify")
    assert verified.returncode == 0 and b"0 mismatches" in verified.stdout


def test_new_refuses_a_bad_game_with_a_clear_message(settings):
    alone = pbem(settings, "new", "honga", "ann@x.test")
    assert alone.returncode == 2 and b"2 to 5 players" in alone.stderr
    odd = pbem(settings, "new", "stoneage", "a@x.test", "b@x.test", "-o", "herd")
    assert odd.returncode == 2 and b"name=value" in odd.stderr


def test_verify_reports_a_tampered_game(service):
    game_id = service.new_game()
    with transaction(service.settings.database_url) as session:
        game = session.get(Game, game_id)
        state = dict(game.state)
        state["seed"] = state["seed"] + 1
        game.state = state
    result = pbem(service.settings, "verify")
    assert result.returncode == 1
    assert f"game {game_id}".encode() in result.stdout


def test_receive_stores_a_piped_message(settings):
    raw = b"From: a@x.test\r\nTo: play@pbem.test\r\nMessage-ID: <pipe-1@x.test>\r\n\r\nhelp\r\n"
    first = pbem(settings, "receive", stdin=raw)
    again = pbem(settings, "receive", stdin=raw)
    assert first.returncode == 0 and b"stored" in first.stdout
    assert again.returncode == 0 and b"duplicate" in again.stdout


def test_sweep_finds_work_left_behind(service):
    game_id = service.new_game()
    with transaction(service.settings.database_url) as session:
        stored = accept(
            session, b"From: a@x.test\r\nMessage-ID: <left@x.test>\r\n\r\nhi\r\n", "smtp"
        )
        session.execute(
            update(InboundMail).values(received=InboundMail.received - timedelta(hours=1))
        )
    inbound, outbound = jobs.sweep(service.settings)
    assert stored.id in inbound
    assert set(outbound) == {m.id for m in service.outbox() if m.game_id == game_id}


def test_the_digest_goes_to_players_with_running_games(service):
    service.new_game(players=2)
    ids = []
    jobs.digest(service.settings, now() + timedelta(days=8), enqueue=ids.extend)
    with transaction(service.settings.database_url) as session:
        rows = session.scalars(select(OutboundMail).where(OutboundMail.id.in_(ids))).all()
        assert sorted(r.to_address for r in rows) == ["a1@x.test", "a2@x.test"]
        assert all(r.kind == "digest" for r in rows)


def test_the_mail_path_benchmark_plays_by_mail(sqlite_settings):
    """Each whole turn is mailed at least to the next player (mail turns, the default)."""
    result = bench.run(sqlite_settings, mails=6, players=2)
    assert result["mails_per_s"] > 0 and result["outbound_per_s"] >= result["mails_per_s"]


def test_the_benchmark_times_its_parts_and_puts_every_function_back(sqlite_settings):
    originals = [getattr(owner, attribute) for *_, owner, attribute in bench.PARTS]
    with bench.timed_parts({}) as spent:
        bench.run(sqlite_settings, mails=4, players=2)
    assert [getattr(owner, attribute) for *_, owner, attribute in bench.PARTS] == originals
    view = spent["the reader's view and the board picture"]
    assert 0 < spent["picture: PNG"] < view < spent["pipeline (accept excluded)"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_the_end_to_end_bench_counts_the_cpu_of_a_process_and_its_children():
    """A child that burnt CPU counts while it lives and once it was waited for."""
    burn = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    child = subprocess.Popen([sys.executable, "-c", burn + "time.sleep(60)"])
    while bench_load.cpu_seconds(child.pid) < 0.25:
        time.sleep(0.05)
    alive = bench_load.cpu_seconds(os.getpid()) - time.process_time()
    child.kill()
    child.wait()
    waited = bench_load.cpu_seconds(os.getpid()) - time.process_time()
    assert alive >= 0.25 and waited >= 0.25


def test_new_seats_the_address_itself_not_the_typed_word(service):
    created = pbem(service.settings, "new", "honga", "ann@x.test,", "bob@x.test", "--start")
    assert created.returncode == 0, created.stderr
    game_id = int(created.stdout)
    _game, seats = service.game(game_id)
    assert [seat["address"] for seat in seats] == ["ann@x.test", "bob@x.test"]
    # so ann's reply is hers, not a forgery
    mover = service.to_move(game_id)[0]
    answers = service.deliver(service.reply(game_id, mover, service.legal(game_id, mover)[0]))
    assert all(mail.kind == "turn" for mail in answers)


def test_new_refuses_what_is_not_an_address(settings):
    refused = pbem(settings, "new", "honga", "Ann <ann@x.test>", "bob@x.test")
    assert refused.returncode == 2 and b"Ann is neither a mail address" in refused.stderr
    assert pbem(settings, "games").stdout == b""


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
    ids = []
    jobs.digest(service.settings, now() + timedelta(days=8), enqueue=ids.extend)
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


def test_pbem_web_and_smtp_listen_where_the_settings_say(settings):
    """The Procfile's processes take their host and port from the settings, not the Procfile."""
    ports = {"web": free_port(), "smtp": free_port()}
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "PBEM_VAR": str(settings.var_dir),
        "PBEM_WEB_PORT": str(ports["web"]),
        "PBEM_SMTP_PORT": str(ports["smtp"]),
    }
    procfile = (REPO / "Procfile").read_text()
    assert "--port" not in procfile and "pbem web" in procfile and "pbem smtp" in procfile
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "worker.launch", name],
            env=env,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for name in ports
    ]
    try:
        for process, port in zip(started, ports.values(), strict=True):
            wait_for_port(port, process)
        with urllib.request.urlopen(f"http://127.0.0.1:{ports['web']}/health", timeout=10) as r:
            assert r.status == 200
        with smtplib.SMTP("127.0.0.1", ports["smtp"], timeout=10) as client:
            assert client.noop()[0] == 250
    finally:
        for process in started:
            process.terminate()
            process.wait(timeout=20)
