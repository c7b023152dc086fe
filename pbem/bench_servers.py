"""Throwaway PostgreSQL and Redis servers for ``make bench`` and the fault tests.

Each server gets its own free port on 127.0.0.1 and its own data directory, so it can be
stopped, killed and started again without touching the machine's shared services. PostgreSQL
refuses to run as root: as root, the cluster belongs to the ``postgres`` user and lives in a
folder of the system's temporary directory (a test's tmp dir is private to root).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _pg_bin() -> Path:
    """PBEM_PG_BIN, or the newest PostgreSQL installed the Debian way."""
    if os.environ.get("PBEM_PG_BIN"):
        return Path(os.environ["PBEM_PG_BIN"])
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    return found[-1] if found else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _pg_bin()
REDIS_SERVER = os.environ.get("PBEM_REDIS_SERVER", "redis-server")


class Unavailable(RuntimeError):
    """The server's programs are not installed here."""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _wait(check, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {seconds} s")
        time.sleep(0.05)


# Run by a watchdog process: once the process that started a server is gone (a test run killed
# before its teardown), the server is killed too and its folder removed.
_WATCHDOG = """
import os, shutil, signal, sys, time
parent, pidfile, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3]
while os.path.exists(f"/proc/{parent}"):
    time.sleep(0.5)
try:
    os.kill(int(open(pidfile).readline()), signal.SIGQUIT)
    time.sleep(1)
except (OSError, ValueError):
    pass
if folder:
    shutil.rmtree(folder, ignore_errors=True)
"""


def _watch(pidfile: Path, folder: Path | None = None) -> subprocess.Popen:
    """A watchdog that kills the server in ``pidfile`` when this process dies."""
    return subprocess.Popen(
        [sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(pidfile), str(folder or "")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


class Postgres:
    """A private PostgreSQL cluster: ``start``, ``stop`` (fast: sessions are cut), ``url``.

    ``durable=False`` turns fsync off (fault tests: a clean stop still keeps everything);
    the benchmark keeps the defaults so its commit rate is the real one.
    """

    def __init__(self, folder: Path, durable: bool = True):
        if not (PG_BIN / "initdb").exists():
            raise Unavailable(f"PostgreSQL programs not found in {PG_BIN}")
        self.port = free_port()
        self.user = None
        if os.geteuid() == 0:
            self.user = pwd.getpwnam("postgres")
            self.owned = Path(tempfile.mkdtemp(prefix="pbem-postgres-"))
            os.chown(self.owned, self.user.pw_uid, self.user.pw_gid)
            folder = self.owned
        else:
            self.owned = None
            folder.mkdir(parents=True, exist_ok=True)
        self.data = folder / "data"
        self.log = folder / "postgres.log"
        self.options = [
            f"-p {self.port}",
            f"-k {folder}",
            "-c listen_addresses=127.0.0.1",
            "-c max_connections=200",
        ]
        if not durable:
            self.options += ["-c fsync=off", "-c synchronous_commit=off"]
        self._run(
            PG_BIN / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8"
        )
        self.watchdog = _watch(self.data / "postmaster.pid", self.owned)

    def _run(self, *command) -> None:
        owner = {"user": self.user.pw_uid, "group": self.user.pw_gid} if self.user else {}
        subprocess.run(
            [str(c) for c in command],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            **owner,
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        self._run(
            PG_BIN / "pg_ctl", "-D", self.data, "-l", self.log, "-o", " ".join(self.options),
            "-w", "start",
        )  # fmt: skip

    def stop(self) -> None:
        """Stop at once: open sessions are terminated, new connections refused."""
        self._run(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def running(self) -> bool:
        return listening(self.port)

    def pid(self) -> int:
        """The server's main process (its sessions are its child processes)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def create_database(self, name: str, template: str = "") -> str:
        """A new database (empty, or a copy of ``template``); its SQLAlchemy URL."""
        import psycopg

        copy = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(self.url().replace("+psycopg", ""), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"{copy}')
        return self.url(name)

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(PG_BIN / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        self.watchdog.kill()
        self.watchdog.wait()
        if self.owned is not None:
            shutil.rmtree(self.owned, ignore_errors=True)


class Redis:
    """A private Redis keeping nothing on disk: ``start``, ``kill`` (SIGKILL), ``url``.

    With ``tls`` (its certificate, key and CA files) it speaks only TLS, at ``rediss://``."""

    def __init__(self, folder: Path, tls: tuple[Path, Path, Path] | None = None):
        if shutil.which(REDIS_SERVER) is None:
            raise Unavailable(f"{REDIS_SERVER} not found")
        self.port = free_port()
        self.folder = folder
        self.tls = tls
        folder.mkdir(parents=True, exist_ok=True)
        self.process: subprocess.Popen | None = None
        self.watchdog = _watch(folder / "redis.pid")

    def url(self, database: int = 0) -> str:
        return f"{'rediss' if self.tls else 'redis'}://127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        listen = ["--port", str(self.port)]
        if self.tls:
            certificate, key, authority = map(str, self.tls)
            listen = [
                "--port", "0", "--tls-port", str(self.port), "--tls-cert-file", certificate,
                "--tls-key-file", key, "--tls-ca-cert-file", authority, "--tls-auth-clients", "no",
            ]  # fmt: skip
        command = [
            REDIS_SERVER, *listen, "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--dir", str(self.folder),
            "--logfile", str(self.folder / "redis.log"),
            "--pidfile", str(self.folder / "redis.pid"),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        _wait(lambda: listening(self.port), f"Redis listening on {self.port}")

    def kill(self) -> None:
        """Gone at once, with everything it held (nothing is kept on disk)."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def close(self) -> None:
        self.kill()
        self.watchdog.kill()
        self.watchdog.wait()


def cpu_seconds(root: int) -> float:
    """CPU seconds (user + system) of process ``root``, its living descendants and the
    children they waited for, from ``/proc`` (Linux); 0 where there is no ``/proc``."""
    stats = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = entry.read_text().rsplit(")", 1)[1].split()
            stats[int(entry.parent.name)] = (int(fields[1]), sum(map(int, fields[11:15])))
    tree, found = {root}, True
    while found:
        found = {pid for pid, (parent, _ticks) in stats.items() if parent in tree} - tree
        tree |= found
    return sum(stats[pid][1] for pid in tree if pid in stats) / os.sysconf("SC_CLK_TCK")
