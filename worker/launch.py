"""The `pbem` command and the service's processes, wired to the Celery tasks.

The service never imports the worker (a lower layer never imports a higher one): this is the
one place where the tasks are handed to it, as :class:`pbem.cli.Worker`.
"""

from __future__ import annotations

import sys

from pbem import cli
from worker.tasks import process_inbound, send_many

WORKER = cli.Worker(inbound=process_inbound.delay, sends=send_many.delay)


def main(argv: list[str] | None = None) -> int:
    """`pbem ...`: the operator's commands, `pbem web`, `pbem smtp`."""
    return cli.main(argv, WORKER)


if __name__ == "__main__":
    sys.exit(main())
