"""The embedded mailbox: read the outbox and answer as a player, in a browser."""

from __future__ import annotations

import email
import email.policy
from dataclasses import replace
from email.message import EmailMessage

from pbem.app import create_app
from pbem.mail.send import Relay

from .helpers import DOMAIN, stored


def a_turn_mail(to: str) -> bytes:
    message = EmailMessage()
    message["From"] = f"pbem <play@{DOMAIN}>"
    message["To"] = to
    message["Reply-To"] = f"play+tok123@{DOMAIN}"
    message["Subject"] = "[pbem #1] HONGA"
    message["Message-ID"] = "<turn-1@pbem.test>"
    message["Date"] = "Mon, 30 Nov 2026 10:00:00 +0000"
    message.set_content("ann, it is your turn.\n    place 1 north\n")
    return message.as_bytes()


def test_read_and_reply_as_a_player(sqlite_inbound, enqueued):
    with Relay(sqlite_inbound) as relay:
        relay.send("ann@example.org", a_turn_mail("ann@example.org"))
    client = create_app(sqlite_inbound, enqueued.append).test_client()
    index = client.get("/mailbox/").get_data(as_text=True)
    assert "ann@example.org" in index and "(1)" in index
    page = client.get("/mailbox/ann@example.org").get_data(as_text=True)
    assert "it is your turn" in page and "[pbem #1] HONGA" in page
    key = page.split("/reply/")[1].split('"')[0]
    answer = client.post(f"/mailbox/ann@example.org/reply/{key}", data={"body": "p1n\ndone"})
    assert answer.status_code == 302
    [row] = stored(sqlite_inbound)
    assert enqueued == [row.id] and row.envelope_to == f"play+tok123@{DOMAIN}"
    reply = email.message_from_bytes(row.raw, policy=email.policy.default)
    assert reply["From"] == "ann@example.org" and reply["In-Reply-To"] == "<turn-1@pbem.test>"
    assert (
        reply.get_content().startswith("p1n\ndone\n")
        and "> ann, it is your turn." in reply.get_content()
    )


def test_write_to_the_service(sqlite_inbound, enqueued):
    client = create_app(sqlite_inbound, enqueued.append).test_client()
    client.post("/mailbox/write", data={"sender": "ann@example.org", "body": "new honga with b@x"})
    [row] = stored(sqlite_inbound)
    assert row.envelope_to == f"play@{DOMAIN}" and b"new honga with b@x" in row.raw


def test_only_embedded_and_local(sqlite_inbound, enqueued):
    remote = create_app(sqlite_inbound, enqueued.append).test_client()
    assert remote.get("/mailbox/", environ_base={"REMOTE_ADDR": "203.0.113.9"}).status_code == 404
    relayed = create_app(replace(sqlite_inbound, smtp_url="smtp://relay:25"), enqueued.append)
    assert relayed.test_client().get("/mailbox/").status_code == 404


def a_game_mail(to: str, game: int, number: int) -> bytes:
    message = email.message_from_bytes(a_turn_mail(to), policy=email.policy.default)
    message.replace_header("Message-ID", f"<turn-{game}-{number}@pbem.test>")
    message["X-PBEM-Game"] = str(game)
    message.replace_header("Subject", f"[pbem #{game}] mail {number}")
    message.add_alternative(f"<p>html of <b>game {game} mail {number}</b></p>", subtype="html")
    return message.as_bytes()


def test_a_page_per_game_and_player_paged_with_the_html_in_a_frame(sqlite_inbound, enqueued):
    with Relay(sqlite_inbound) as relay:
        for number in range(12):
            relay.send("ann@example.org", a_game_mail("ann@example.org", 1, number))
        relay.send("ann@example.org", a_game_mail("ann@example.org", 2, 0))
    client = create_app(sqlite_inbound, enqueued.append).test_client()
    index = client.get("/mailbox/").get_data(as_text=True)
    assert "/mailbox/ann@example.org/game/1" in index and "(12)" in index
    assert "/mailbox/ann@example.org/game/2" in index and "(1)" in index
    first = client.get("/mailbox/ann@example.org/game/1").get_data(as_text=True)
    assert first.count('<iframe sandbox=""') == 10 and "game 2 mail" not in first
    assert "&lt;b&gt;game 1 mail" in first  # the HTML part, escaped into srcdoc
    assert "<summary>Text part</summary>" in first and "it is your turn" in first
    second = client.get("/mailbox/ann@example.org/game/1?page=2").get_data(as_text=True)
    assert second.count("<iframe") == 2


def test_the_mailbox_is_in_the_browsers_language(sqlite_inbound, enqueued):
    client = create_app(sqlite_inbound, enqueued.append).test_client()
    german = client.get("/mailbox/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in german.get_data(as_text=True)
    other = client.get("/mailbox/", headers={"Accept-Language": "fi"}).get_data(as_text=True)
    assert '<html lang="en">' in other and "No mail yet." in other
