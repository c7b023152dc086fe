"""The HTTP edges: raw, Mailgun, Postmark, SendGrid; health and one-click unsubscribe."""

from __future__ import annotations

import base64
import contextlib
import email
import hmac
import json
import threading
import time
import urllib.error
import urllib.request
from email.policy import default as default_policy

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError
from werkzeug.serving import make_server

from pbem.app import create_app
from pbem.db import engine_for, transaction
from pbem.models import Game, Player, Seat

from .helpers import DOMAIN, SECRETS, inbound_settings, message, multipart, stored

SECRET = "raw-secret"


@pytest.fixture
def app(sqlite_inbound, enqueued):
    app = create_app(sqlite_inbound, enqueued.append)
    app.config["INBOUND_SECRET"] = SECRET
    return app


@pytest.fixture
def client(app):
    return app.test_client()


def post_raw(client, raw: bytes, **headers):
    headers.setdefault("X-PBEM-Secret", SECRET)
    return client.post("/inbound/raw", data=raw, headers=headers, content_type="message/rfc822")


def basic(user: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


# --- raw ---------------------------------------------------------------------------------


def test_raw_with_secret_header_stores(client, sqlite_inbound, enqueued):
    raw = message()
    response = post_raw(client, raw, **{"X-Envelope-To": f"play+tok@{DOMAIN}"})
    [row] = stored(sqlite_inbound)
    assert response.status_code == 200
    assert response.get_json() == {"id": row.id, "duplicate": False}
    assert (row.raw, row.source, row.envelope_to) == (raw, "webhook", f"play+tok@{DOMAIN}")
    assert enqueued == [row.id]


def test_raw_with_basic_auth_stores(client, sqlite_inbound):
    response = client.post(
        "/inbound/raw",
        data=message(),
        headers=basic("anyone", SECRET),
        content_type="application/octet-stream",
    )
    assert response.status_code == 200 and len(stored(sqlite_inbound)) == 1


@pytest.mark.parametrize(
    "headers",
    [{"X-PBEM-Secret": "wrong"}, {"X-PBEM-Secret": "r\xe4w"}, basic("u", "wrong"), {}],
    ids=["wrong header", "non-ascii header", "wrong password", "none"],
)
def test_raw_bad_auth_is_401_and_stores_nothing(client, sqlite_inbound, enqueued, headers):
    response = client.post(
        "/inbound/raw", data=message(), headers=headers, content_type="message/rfc822"
    )
    assert response.status_code == 401
    assert "Basic" in response.headers["WWW-Authenticate"]
    assert stored(sqlite_inbound) == [] and enqueued == []


def test_raw_without_secret_answers_loopback_only(client, app, sqlite_inbound):
    app.config["INBOUND_SECRET"] = ""
    remote = client.post(
        "/inbound/raw",
        data=message("<r@x>"),
        content_type="message/rfc822",
        environ_base={"REMOTE_ADDR": "203.0.113.9"},
    )
    proxied = client.post(
        "/inbound/raw",
        data=message("<p@x>"),
        content_type="message/rfc822",
        headers={"X-Forwarded-For": "203.0.113.9"},
    )
    local = client.post("/inbound/raw", data=message("<l@x>"), content_type="message/rfc822")
    assert (remote.status_code, proxied.status_code, local.status_code) == (403, 403, 200)
    assert [row.message_id for row in stored(sqlite_inbound)] == ["<l@x>"]


def test_raw_posted_twice_is_stored_once(client, sqlite_inbound, enqueued):
    first = post_raw(client, message()).get_json()
    second = post_raw(client, message()).get_json()
    assert second == {"id": first["id"], "duplicate": True}
    assert len(stored(sqlite_inbound)) == 1 and enqueued == [first["id"]]


def test_raw_malformed_requests_are_400(client, sqlite_inbound):
    wrong_type = client.post(
        "/inbound/raw", data=message(), headers={"X-PBEM-Secret": SECRET}, content_type="text/plain"
    )
    empty = post_raw(client, b"")
    assert (wrong_type.status_code, empty.status_code) == (400, 400)
    assert stored(sqlite_inbound) == []


def test_raw_oversize_is_413(client, sqlite_inbound, enqueued):
    response = post_raw(client, b"x" * (10 * 1024 * 1024 + 1))
    assert response.status_code == 413 and response.is_json
    assert stored(sqlite_inbound) == [] and enqueued == []


DELIVERIES = {
    "raw": lambda client, raw: post_raw(client, raw),
    "mailgun": lambda client, raw: post_form(client, "/inbound/mailgun", mailgun_fields(raw)),
    "postmark": lambda client, raw: client.post(
        "/inbound/postmark", json={"RawEmail": raw.decode("latin-1")}, headers=AUTH
    ),
    "sendgrid": lambda client, raw: post_form(
        client, f"/inbound/sendgrid?key={SECRETS['sendgrid_secret']}", {"email": raw}
    ),
}


@pytest.mark.parametrize("deliver", DELIVERIES.values(), ids=DELIVERIES.keys())
def test_database_down_is_503_with_retry_after(tmp_path, enqueued, deliver):
    """Every provider retries a 503; Mailgun's token is claimed in the database too, so it
    must not fail before (it answered 500)."""
    settings = inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db")
    from pbem.models import Base

    Base.metadata.drop_all(engine_for(settings.database_url))
    app = create_app(settings, enqueued.append)
    app.config["INBOUND_SECRET"] = SECRET
    response = deliver(app.test_client(), message())
    assert response.status_code == 503 and response.headers["Retry-After"] == "60"
    assert enqueued == []


def test_enqueue_failure_still_answers_200_and_stores(sqlite_inbound):
    def broker_down(_inbound_id):
        raise ConnectionError("broker down")

    app = create_app(sqlite_inbound, broker_down)
    app.config["INBOUND_SECRET"] = SECRET
    assert post_raw(app.test_client(), message()).status_code == 200
    assert len(stored(sqlite_inbound)) == 1


# --- Mailgun -----------------------------------------------------------------------------


def mailgun_fields(raw: bytes, token: str = "tok-1", timestamp: int | None = None, key=None):
    timestamp = str(int(time.time()) if timestamp is None else timestamp)
    key = SECRETS["mailgun_signing_key"] if key is None else key
    signature = hmac.new(key.encode(), (timestamp + token).encode(), "sha256").hexdigest()
    return {
        "recipient": f"play+tok@{DOMAIN}".encode(),
        "sender": b"ann@example.org",
        "timestamp": timestamp.encode(),
        "token": token.encode(),
        "signature": signature.encode(),
        "body-mime": raw,
    }


def post_form(client, url: str, fields: dict[str, bytes]):
    body, content_type = multipart(fields)
    return client.post(url, data=body, content_type=content_type)


def test_mailgun_good_signature_stores_exact_bytes(client, sqlite_inbound, enqueued):
    raw = message(body=b"caf\xe9 \xff\xfe\r\n")  # not UTF-8: must survive form decoding
    response = post_form(client, "/inbound/mailgun", mailgun_fields(raw))
    [row] = stored(sqlite_inbound)
    assert response.status_code == 200 and response.get_json()["id"] == row.id
    assert (row.raw, row.source, row.envelope_to) == (raw, "mailgun", f"play+tok@{DOMAIN}")
    assert enqueued == [row.id]


def test_mailgun_urlencoded_form_is_accepted(client, sqlite_inbound):
    from urllib.parse import urlencode

    raw = message(body=b"caf\xe9\r\n")
    body = urlencode(mailgun_fields(raw)).encode()
    response = client.post(
        "/inbound/mailgun", data=body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    assert [row.raw for row in stored(sqlite_inbound)] == [raw]


@pytest.mark.parametrize(
    "forge",
    [
        lambda raw: mailgun_fields(raw, key="not-the-key"),
        lambda raw: {**mailgun_fields(raw), "signature": b"0" * 64},
        lambda raw: {**mailgun_fields(raw), "token": b"other-token"},
        lambda raw: mailgun_fields(raw, timestamp=int(time.time()) - 16 * 60),
        lambda raw: mailgun_fields(raw, timestamp=int(time.time()) + 16 * 60),
    ],
    ids=["wrong key", "forged signature", "token swapped", "stale", "future"],
)
def test_mailgun_bad_signature_or_timestamp_is_403(client, sqlite_inbound, enqueued, forge):
    # signed when the test runs: made at collection, "future" came within the window later
    fields = forge(b"Subject: x\r\n\r\nx")
    assert post_form(client, "/inbound/mailgun", fields).status_code == 403
    assert stored(sqlite_inbound) == [] and enqueued == []


@contextlib.contextmanager
def database_lost_at_the_inbound_insert(settings):
    """The database goes away when the message is about to be stored, and stays away."""
    engine = engine_for(settings.database_url)
    down = []

    def execute(conn, cursor, statement, parameters, context, executemany):
        if statement.startswith("INSERT INTO inbound_mail"):
            down.append(statement)
        if down:
            raise OperationalError(statement, parameters, Exception("server closed the connection"))

    event.listen(engine, "before_cursor_execute", execute)
    try:
        yield down
    finally:
        event.remove(engine, "before_cursor_execute", execute)


def test_mailgun_retry_after_a_lost_store_is_taken(client, sqlite_inbound, enqueued):
    """The database fails after the token is checked: nothing is kept, neither the message nor
    the token, so Mailgun's retry of the same post is stored (it got 403 and the mail was lost)."""
    fields = mailgun_fields(message("<retried@x>"))
    with database_lost_at_the_inbound_insert(sqlite_inbound) as down:
        response = post_form(client, "/inbound/mailgun", fields)
    assert down and response.status_code == 503
    again = post_form(client, "/inbound/mailgun", fields)
    assert again.status_code == 200 and again.get_json()["duplicate"] is False
    assert [row.message_id for row in stored(sqlite_inbound)] == ["<retried@x>"]


def test_mailgun_replayed_token_is_refused(client, sqlite_inbound):
    fields = mailgun_fields(message("<first@x>"))
    assert post_form(client, "/inbound/mailgun", fields).status_code == 200
    # an attacker reuses the captured signature with another body
    forged = {**fields, "body-mime": message("<forged@x>")}
    response = post_form(client, "/inbound/mailgun", forged)
    assert response.status_code == 403 and response.get_json()["error"] == "token already used"
    assert [row.message_id for row in stored(sqlite_inbound)] == ["<first@x>"]


def test_mailgun_replay_is_refused_by_another_web_process(sqlite_inbound, enqueued):
    """Used tokens live in the database, so a second web process refuses the replay too."""
    first = create_app(sqlite_inbound, enqueued.append).test_client()
    second = create_app(sqlite_inbound, enqueued.append).test_client()
    fields = mailgun_fields(message("<once@x>"), token="shared")
    assert post_form(first, "/inbound/mailgun", fields).status_code == 200
    forged = {**fields, "body-mime": message("<again@x>")}
    assert post_form(second, "/inbound/mailgun", forged).status_code == 403
    assert [row.message_id for row in stored(sqlite_inbound)] == ["<once@x>"]


def test_mailgun_token_is_released_when_nothing_was_stored(tmp_path, enqueued):
    settings = inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db", max_message_bytes=400)
    client = create_app(settings, enqueued.append).test_client()
    too_big = post_form(client, "/inbound/mailgun", mailgun_fields(b"x" * 401, token="t"))
    retry = post_form(client, "/inbound/mailgun", mailgun_fields(message(), token="t"))
    assert (too_big.status_code, retry.status_code) == (413, 200)


def test_mailgun_unconfigured_key_refuses_everything(tmp_path, enqueued):
    settings = inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db", mailgun_signing_key="")
    client = create_app(settings, enqueued.append).test_client()
    response = post_form(client, "/inbound/mailgun", mailgun_fields(message(), key=""))
    assert response.status_code == 403 and stored(settings) == []


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"", "multipart/form-data; boundary=b0undary"),
        (
            b'--b0undary\r\nContent-Disposition: form-data; name="x"\r\n\r\ncut',
            "multipart/form-data; boundary=b0undary",
        ),
        (
            b"--b0undary\r\nno-disposition: 1\r\n\r\nx\r\n--b0undary--\r\n",
            "multipart/form-data; boundary=b0undary",
        ),
        (b"garbage", "multipart/form-data"),
        (b"{}", "application/json"),
        (b"token=a&timestamp=1", "application/x-www-form-urlencoded"),
    ],
    ids=["empty", "truncated", "no disposition", "no boundary", "json", "missing fields"],
)
def test_mailgun_malformed_posts_are_400(client, sqlite_inbound, body, content_type):
    response = client.post("/inbound/mailgun", data=body, content_type=content_type)
    assert response.status_code == 400 and response.is_json
    assert stored(sqlite_inbound) == []


# --- Postmark ----------------------------------------------------------------------------

POSTMARK = {
    "FromName": "Ann",
    "From": "ann@example.org",
    "To": f"play+tok@{DOMAIN}",
    "ToFull": [{"Email": f"play+tok@{DOMAIN}", "Name": ""}],
    "OriginalRecipient": f"play+tok@{DOMAIN}",
    "Subject": "Re: your move, café",
    "MessageID": "22c74902-a0c1-4511-804f-341342852c90",
    "Date": "Thu, 5 Apr 2012 16:59:01 +0200",
    "TextBody": "e2 e4\n\n> quoted\n",
    "HtmlBody": "<p>e2 e4</p>",
    "Headers": [
        {"Name": "Message-ID", "Value": "<orig@example.org>"},
        {"Name": "In-Reply-To", "Value": "<game-1-5@pbem.test>"},
        {"Name": "Received", "Value": "by a"},
        {"Name": "Received", "Value": "by b"},
        {"Name": "MIME-Version", "Value": "1.0"},
    ],
}
AUTH = basic(SECRETS["postmark_user"], SECRETS["postmark_password"])


def test_postmark_raw_email_is_stored_as_sent(client, sqlite_inbound):
    raw = message().decode("latin-1")
    response = client.post("/inbound/postmark", json={**POSTMARK, "RawEmail": raw}, headers=AUTH)
    [row] = stored(sqlite_inbound)
    assert response.status_code == 200
    assert (row.raw, row.source, row.envelope_to) == (
        raw.encode("utf-8"),
        "postmark",
        f"play+tok@{DOMAIN}",
    )


def test_postmark_without_raw_email_is_rebuilt(client, sqlite_inbound):
    assert client.post("/inbound/postmark", json=POSTMARK, headers=AUTH).status_code == 200
    [row] = stored(sqlite_inbound)
    rebuilt = email.message_from_bytes(row.raw, policy=default_policy)
    assert row.message_id == "<orig@example.org>"
    assert rebuilt["Subject"] == "Re: your move, café"
    assert rebuilt["In-Reply-To"] == "<game-1-5@pbem.test>"
    assert rebuilt.get_all("Received") == ["by a", "by b"]
    assert rebuilt["From"] == "ann@example.org"
    assert rebuilt.get_body(("plain",)).get_content() == "e2 e4\r\n\r\n> quoted\r\n"
    assert rebuilt.get_body(("html",)).get_content().strip() == "<p>e2 e4</p>"
    assert b"\r\n" in row.raw


def test_postmark_rebuilt_twice_is_stored_once(client, sqlite_inbound):
    post = {k: v for k, v in POSTMARK.items() if k != "Headers"}  # no Message-ID header
    first = client.post("/inbound/postmark", json=post, headers=AUTH).get_json()
    again = client.post("/inbound/postmark", json=post, headers=AUTH).get_json()
    assert again == {"id": first["id"], "duplicate": True}
    [row] = stored(sqlite_inbound)
    assert row.message_id == f"<{POSTMARK['MessageID']}@inbound.postmarkapp.com>"


def test_postmark_odd_values_are_stored(client, sqlite_inbound):
    odd = {
        **POSTMARK,
        "From": "not an <address",
        "Subject": "two\r\nlines\x00",
        "TextBody": None,
        "HtmlBody": "",
        "Headers": [
            {"Name": "Subject", "Value": "first"},
            {"Name": "Subject", "Value": "second"},
            {"Name": "Bad:Name", "Value": "x"},
            {"Name": "X-Empty"},
            "not a dict",
        ],
    }
    assert client.post("/inbound/postmark", json=odd, headers=AUTH).status_code == 200
    assert len(stored(sqlite_inbound)) == 1


@pytest.mark.parametrize(
    "headers",
    [basic("pm-user", "wrong"), basic("someone", "pm-pass"), {}, {"Authorization": "Bearer x"}],
    ids=["wrong password", "wrong user", "none", "not basic"],
)
def test_postmark_bad_auth_is_401(client, sqlite_inbound, headers):
    response = client.post("/inbound/postmark", json=POSTMARK, headers=headers)
    assert response.status_code == 401 and stored(sqlite_inbound) == []


def test_postmark_unconfigured_credentials_refuse_everything(tmp_path, enqueued):
    settings = inbound_settings(
        tmp_path, f"sqlite:///{tmp_path}/t.db", postmark_user="", postmark_password=""
    )
    client = create_app(settings, enqueued.append).test_client()
    response = client.post("/inbound/postmark", json=POSTMARK, headers=basic("", ""))
    assert response.status_code == 401 and stored(settings) == []


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b"\xff\xfe"])
def test_postmark_malformed_json_is_400(client, sqlite_inbound, body):
    response = client.post(
        "/inbound/postmark", data=body, headers=AUTH, content_type="application/json"
    )
    assert response.status_code == 400 and stored(sqlite_inbound) == []


# --- SendGrid ----------------------------------------------------------------------------


def sendgrid_fields(raw: bytes, envelope: bytes | None = None) -> dict[str, bytes]:
    if envelope is None:
        envelope = json.dumps({"to": [f"play+tok@{DOMAIN}"], "from": "ann@example.org"}).encode()
    return {
        "to": f"Game <play+other@{DOMAIN}>".encode(),
        "from": b"ann@example.org",
        "envelope": envelope,
        "charsets": b'{"to":"UTF-8"}',
        "email": raw,
    }


def test_sendgrid_good_key_stores_exact_bytes(client, sqlite_inbound, enqueued):
    raw = message(body=b"caf\xe9\r\n")
    response = post_form(client, "/inbound/sendgrid?key=sg-secret", sendgrid_fields(raw))
    [row] = stored(sqlite_inbound)
    assert response.status_code == 200
    assert (row.raw, row.source, row.envelope_to) == (raw, "sendgrid", f"play+tok@{DOMAIN}")
    assert enqueued == [row.id]


def test_sendgrid_bad_envelope_falls_back_to_to(client, sqlite_inbound):
    fields = sendgrid_fields(message(), envelope=b"{broken")
    assert post_form(client, "/inbound/sendgrid?key=sg-secret", fields).status_code == 200
    assert stored(sqlite_inbound)[0].envelope_to == f"Game <play+other@{DOMAIN}>"


@pytest.mark.parametrize("query", ["?key=wrong", "", "?key=", "?key=sg-secret-and-more"])
def test_sendgrid_bad_key_is_403(client, sqlite_inbound, query):
    response = post_form(client, f"/inbound/sendgrid{query}", sendgrid_fields(message()))
    assert response.status_code == 403 and stored(sqlite_inbound) == []


def test_sendgrid_without_raw_email_is_400(client, sqlite_inbound):
    fields = {k: v for k, v in sendgrid_fields(message()).items() if k != "email"}
    assert post_form(client, "/inbound/sendgrid?key=sg-secret", fields).status_code == 400


# --- over a real socket ------------------------------------------------------------------


@pytest.fixture
def live_url(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def http_post(url: str, body: bytes, headers: dict[str, str]):
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_webhooks_over_a_real_socket(live_url, sqlite_inbound, enqueued):
    raw = message("<sock@x>")
    headers = {"Content-Type": "message/rfc822", "X-PBEM-Secret": SECRET}
    status, answer = http_post(f"{live_url}/inbound/raw", raw, headers)
    assert status == 200 and answer["duplicate"] is False
    # the row is committed by the time the 200 arrives
    assert [row.raw for row in stored(sqlite_inbound)] == [raw]

    body, content_type = multipart(mailgun_fields(message("<mg@x>", body=b"\xe9\r\n")))
    status, answer = http_post(f"{live_url}/inbound/mailgun", body, {"Content-Type": content_type})
    assert status == 200
    status, answer = http_post(f"{live_url}/inbound/mailgun", body, {"Content-Type": content_type})
    assert status == 403
    status, _ = http_post(f"{live_url}/inbound/raw", raw, {**headers, "X-PBEM-Secret": "no"})
    assert status == 401
    assert [row.message_id for row in stored(sqlite_inbound)] == ["<sock@x>", "<mg@x>"]
    assert len(enqueued) == 2


# --- health and unsubscribe --------------------------------------------------------------


def test_health(client):
    response = client.get("/health")
    assert (response.status_code, response.get_data(as_text=True).strip()) == (200, "ok")


def test_health_reports_an_unreachable_database(tmp_path, enqueued):
    from pbem.config import Settings

    settings = Settings(var_dir=tmp_path, database_url="postgresql+psycopg://x@127.0.0.1:1/x")
    response = create_app(settings, enqueued.append).test_client().get("/health")
    assert response.status_code == 503


@pytest.fixture
def seat_token(sqlite_inbound) -> str:
    with transaction(sqlite_inbound.database_url) as session:
        player = Player(address="ann@example.org", name="Ann")
        game = Game(kind="honga", seed=1)
        session.add(Seat(game=game, player=player, position=0, name="Ann", token="tok-ann"))
    return "tok-ann"


def _unsubscribed(settings) -> bool:
    with transaction(settings.database_url) as session:
        return session.query(Player).one().unsubscribed


def _seat_mail(settings) -> str | None:
    with transaction(settings.database_url) as session:
        return session.query(Seat).one().mail


def test_unsubscribe_page_changes_nothing(client, sqlite_inbound, seat_token):
    response = client.get(f"/unsubscribe/{seat_token}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'method="post"' in page and f'action="/unsubscribe/{seat_token}"' in page
    for choice in ("turns", "digest", "leave", "stop"):
        assert f'value="{choice}"' in page
    assert 'name="viewport"' in page  # readable on a phone
    assert _unsubscribed(sqlite_inbound) is False and _seat_mail(sqlite_inbound) is None


def test_one_click_moves_the_games_mail_to_the_digest(client, sqlite_inbound, seat_token):
    """RFC 8058 one-click is the least drastic choice: this game only in the digest."""
    response = client.post(
        f"/unsubscribe/{seat_token}",
        data={"List-Unsubscribe": "One-Click"},
    )
    assert response.status_code == 200
    assert "only appears in your digest" in response.get_data(as_text=True)
    assert _seat_mail(sqlite_inbound) == "digest"
    assert _unsubscribed(sqlite_inbound) is False


@pytest.mark.parametrize(("choice", "mail"), [("turns", "turns"), ("digest", "digest")])
def test_the_page_offers_less_mail_for_this_game(client, sqlite_inbound, seat_token, choice, mail):
    assert client.post(f"/unsubscribe/{seat_token}", data={"choice": choice}).status_code == 200
    assert _seat_mail(sqlite_inbound) == mail


def test_stop_everything_unsubscribes(client, sqlite_inbound, seat_token):
    client.post(f"/unsubscribe/{seat_token}", data={"choice": "stop"})
    assert _unsubscribed(sqlite_inbound) is True


def test_the_digests_one_click_stops_the_digest_alone(client, sqlite_inbound, seat_token):
    with transaction(sqlite_inbound.database_url) as session:
        token = session.query(Player).one().token
    page = client.get(f"/unsubscribe/{token}").get_data(as_text=True)
    assert 'value="no-digest"' in page and 'value="leave"' not in page
    client.post(f"/unsubscribe/{token}", data={"List-Unsubscribe": "One-Click"})
    with transaction(sqlite_inbound.database_url) as session:
        player = session.query(Player).one()
        assert (player.digest_every, player.unsubscribed) == ("off", False)


def test_unsubscribe_unknown_token_is_404(client, seat_token):
    assert client.get("/unsubscribe/nope").status_code == 404
    assert client.post("/unsubscribe/nope").status_code == 404
