"""Settings from the environment, with embedded defaults that need no servers.

Defaults: a SQLite file and a filesystem Celery broker under ``var/`` (``PBEM_VAR``; relative to
the folder a process starts in, the checkout for ``make run``), outbound mail written to the
Maildir ``var/outbox/``. At scale the same code runs with ``DATABASE_URL`` (PostgreSQL),
``CELERY_BROKER_URL`` or ``REDIS_URL`` (Redis) and ``SMTP_URL`` (a real relay).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent  # the checkout, where the benchmarks run


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


@dataclass(frozen=True)
class Settings:
    """Everything the service reads from its environment, read once."""

    var_dir: Path = field(default_factory=lambda: Path(_env("PBEM_VAR", "var")).resolve())
    database_url: str = ""
    broker_url: str = ""
    smtp_url: str = field(default_factory=lambda: _env("SMTP_URL"))
    domain: str = field(default_factory=lambda: _env("PBEM_DOMAIN", "pbem.localhost"))
    base_url: str = field(default_factory=lambda: _env("PBEM_BASE_URL", "http://127.0.0.1:8000"))
    web_listen_host: str = field(default_factory=lambda: _env("PBEM_WEB_HOST", "127.0.0.1"))
    web_listen_port: int = field(default_factory=lambda: int(_env("PBEM_WEB_PORT", "8000")))
    smtp_listen_host: str = field(default_factory=lambda: _env("PBEM_SMTP_HOST", "127.0.0.1"))
    smtp_listen_port: int = field(default_factory=lambda: int(_env("PBEM_SMTP_PORT", "2525")))
    max_message_bytes: int = field(
        default_factory=lambda: int(_env("PBEM_MAX_MESSAGE_BYTES", str(10 * 1024 * 1024)))
    )
    # what one sender may start in a day (mail to the service address)
    max_new_games_per_day: int = field(
        default_factory=lambda: int(_env("PBEM_MAX_NEW_GAMES_PER_DAY", "10"))
    )
    max_invitations_per_day: int = field(
        default_factory=lambda: int(_env("PBEM_MAX_INVITATIONS_PER_DAY", "30"))
    )
    mailgun_signing_key: str = field(default_factory=lambda: _env("MAILGUN_SIGNING_KEY"))
    postmark_user: str = field(default_factory=lambda: _env("POSTMARK_INBOUND_USER"))
    postmark_password: str = field(default_factory=lambda: _env("POSTMARK_INBOUND_PASSWORD"))
    sendgrid_secret: str = field(default_factory=lambda: _env("SENDGRID_INBOUND_SECRET"))
    # seconds a Celery task may run: the soft limit interrupts it (the mail is failed and its
    # sender told), the hard one kills what ignores that
    task_soft_time_limit: int = field(
        default_factory=lambda: int(_env("PBEM_TASK_SOFT_TIME_LIMIT", "60"))
    )
    task_time_limit: int = field(default_factory=lambda: int(_env("PBEM_TASK_TIME_LIMIT", "90")))
    # seconds an outbox row claimed for sending is left to its worker: longer than a send task
    # may run (the hard limit above), or the sweeper could hand a live worker's mail out again;
    # after it, a mail whose worker died before recording it is sent again
    send_lease: int = field(default_factory=lambda: int(_env("PBEM_SEND_LEASE", "120")))
    # tasks run in the calling process (operator scripts and tests only; `make run` never sets it)
    task_always_eager: bool = field(default_factory=lambda: _env("PBEM_EAGER") == "1")

    def __post_init__(self):
        if not self.database_url:
            url = _env("DATABASE_URL") or f"sqlite:///{self.var_dir / 'pbem.db'}"
            object.__setattr__(self, "database_url", url)
        if not self.broker_url:
            url = _env("CELERY_BROKER_URL") or _env("REDIS_URL") or "filesystem://"
            object.__setattr__(self, "broker_url", url)

    @property
    def service_address(self) -> str:
        """Where new games are asked for and service commands go."""
        return f"play@{self.domain}"

    def reply_address(self, token: str) -> str:
        """The secret per-seat reply address set as Reply-To on every game mail."""
        return f"play+{token}@{self.domain}"

    @property
    def outbox_dir(self) -> Path:
        """The Maildir that receives outbound mail when no SMTP_URL is set."""
        return self.var_dir / "outbox"

    @property
    def broker_dir(self) -> Path:
        """Folder of the filesystem Celery broker (embedded default)."""
        return self.var_dir / "broker"


def load() -> Settings:
    """Settings from the current environment."""
    return Settings()
