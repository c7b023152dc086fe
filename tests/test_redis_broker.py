"""A ``rediss://`` broker is served by the worker's Redis transport (``worker.redis_broker``)
over TLS with the certificate checked, against a Redis of the test's own that speaks only TLS
(its certificate signed by a CA made here, which no system trusts)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.bench_servers import Redis, Unavailable
from tests.conftest import _required

REPO = Path(__file__).resolve().parent.parent

#: one message through the Celery app's broker connection, as the worker and the service use it
ROUND_TRIP = """
from worker.celery_app import app
with app.connection_for_write() as connection:
    print(connection.transport_cls)
    queue = connection.SimpleQueue("tls-round-trip")
    queue.put({"sent": "over TLS"})
    message = queue.get(timeout=10)
    message.ack()
    print(message.payload["sent"])
"""


def _openssl(*args: str, folder: Path) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)


@pytest.fixture(scope="module")
def tls_redis(tmp_path_factory):
    """(the Redis, its CA file), a certificate for 127.0.0.1 signed by that CA."""
    folder = tmp_path_factory.mktemp("tls-redis")
    if shutil.which("openssl") is None:
        _required("openssl")
    subject = ["-newkey", "rsa:2048", "-nodes", "-subj"]
    _openssl("req", "-x509", *subject, "/CN=pbem test CA", "-keyout", "ca.key", "-out",
             "ca.pem", "-days", "1", folder=folder)  # fmt: skip
    _openssl("req", *subject, "/CN=127.0.0.1", "-keyout", "redis.key", "-out", "redis.csr",
             folder=folder)  # fmt: skip
    (folder / "names").write_text("subjectAltName=IP:127.0.0.1\n")
    _openssl("x509", "-req", "-in", "redis.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-out", "redis.pem", "-days", "1", "-extfile", "names",
             folder=folder)  # fmt: skip
    try:
        redis = Redis(folder, tls=(folder / "redis.pem", folder / "redis.key", folder / "ca.pem"))
    except Unavailable as exc:
        _required(str(exc))
    redis.start()
    yield redis, folder / "ca.pem"
    redis.close()


def _round_trip(url: str, tmp_path: Path) -> subprocess.CompletedProcess:
    environment = {**os.environ, "CELERY_BROKER_URL": url, "PBEM_VAR": str(tmp_path / "var")}
    return subprocess.run(
        [sys.executable, "-c", ROUND_TRIP],
        env=environment,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "options", ["ssl_ca_certs={ca}", "ssl_cert_reqs=none"], ids=["the URL's CA", "no check"]
)
def test_rediss_goes_through_the_worker_transport_over_tls_as_the_url_options_say(
    tls_redis, tmp_path, options
):
    """Checked against the CA the URL names, or not checked when the operator says so; TLS
    either way (the Redis speaks nothing else)."""
    redis, authority = tls_redis
    done = _round_trip(f"{redis.url()}?{options.format(ca=authority)}", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["worker.redis_broker:Transport", "over", "TLS"]


def test_rediss_without_tls_options_checks_the_certificate_against_the_system_cas(
    tls_redis, tmp_path
):
    """kombu's own transport had connected without checking the certificate; under a named
    transport it would have spoken in the clear: the Redis, speaking TLS only, refuses that."""
    redis, _authority = tls_redis
    refused = _round_trip(redis.url(), tmp_path)
    assert refused.returncode != 0
    assert "CERTIFICATE_VERIFY_FAILED" in refused.stderr
