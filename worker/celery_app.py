"""The Celery app: broker from the settings, beat schedule for the sweeper and the scans.

The digest and deadline scans run every few minutes on the real clock; what is due is stored
in the database (each player's next digest, each seat's next alarm), never in a countdown.

Embedded default: kombu's filesystem transport under ``var/broker/`` (a real worker process,
no server), its messages written whole (``worker.file_broker``). At scale: ``CELERY_BROKER_URL`` /
``REDIS_URL``, kombu's Redis transport (``redis://``, ``rediss://``) with a channel that
survives Redis going away while tasks are in flight (``worker.redis_broker``).
"""

from __future__ import annotations

from celery import Celery, signals
from kombu import Queue

from pbem import preload
from pbem.config import load
from worker import redis_broker

DIGEST_TASKS = ("worker.tasks.digest", "worker.tasks.digest_batch")

settings = load()
if settings.send_lease <= settings.task_time_limit:
    # a send task still running when its lease runs out has its mails handed out again
    raise ValueError(
        f"PBEM_SEND_LEASE ({settings.send_lease} s) must be longer than PBEM_TASK_TIME_LIMIT "
        f"({settings.task_time_limit} s)"
    )
settings.var_dir.mkdir(parents=True, exist_ok=True)  # beat keeps its schedule there

app = Celery("pbem", broker=settings.broker_url, include=["worker.tasks"])
app.conf.update(
    # the digest's batches have a queue of their own: a Monday morning's thousands of digests
    # wait there while a worker alternates between them and the mails players write
    task_queues=(Queue("celery"), Queue("digest")),
    task_routes={name: {"queue": "digest"} for name in DIGEST_TASKS},
    task_ignore_result=True,
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_soft_time_limit=settings.task_soft_time_limit,
    task_time_limit=settings.task_time_limit,
    task_always_eager=settings.task_always_eager,
    broker_connection_retry_on_startup=True,
    beat_schedule_filename=str(settings.var_dir / "celerybeat-schedule"),
    beat_schedule={
        "sweep": {"task": "worker.tasks.sweep", "schedule": 60.0},
        "digest": {"task": "worker.tasks.digest", "schedule": 180.0},
        "deadlines": {"task": "worker.tasks.deadlines", "schedule": 180.0},
    },
)
if settings.broker_url.startswith("filesystem"):
    queue_dir = settings.broker_dir / "queue"
    processed_dir = settings.broker_dir / "processed"
    control_dir = settings.broker_dir / "control"
    for folder in (queue_dir, processed_dir, control_dir):
        folder.mkdir(parents=True, exist_ok=True)
    app.conf.broker_transport = "worker.file_broker:Transport"
    app.conf.broker_transport_options = {
        "data_folder_in": str(queue_dir),
        "data_folder_out": str(queue_dir),
        "processed_folder": str(processed_dir),
        "control_folder": str(control_dir),
        "polling_interval": 0.1,
        "store_processed": False,
    }
elif settings.broker_url.startswith(redis_broker.SCHEMES):
    app.conf.update(redis_broker.configuration(settings.broker_url))


@signals.worker_init.connect
def _preload(**_kwargs) -> None:
    """Before the pool forks: every pool process starts with what its first mails would load
    (:mod:`pbem.preload`), a process started again after a crash or a time limit too."""
    preload.everything()
