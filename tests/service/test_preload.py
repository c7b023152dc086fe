"""What a worker loads before it forks its pool (:mod:`pbem.preload`): every mail template in
every language, so that a pool process's first mails compile none."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from celery import signals

from engine.lexicon import LANGUAGES
from worker import celery_app

REPO = Path(__file__).resolve().parents[2]

#: a fresh process: preloaded, then bots play 30 mails of HONGA through accept and the pipeline
_FIRST_MAILS = """
import sys
from pathlib import Path
from pbem import bench, i18n, migrate, preload
from pbem.config import Settings

preload.everything()
environment = i18n.mail_environment()
templates = [name for name in environment.list_templates() if name.startswith("mail/")]
before = set(environment.compiled)
url = f"sqlite:///{sys.argv[1]}/first.db"
migrate.upgrade(url)
bench.run(Settings(var_dir=Path(sys.argv[1]), database_url=url, domain="bench.test"), 30, 3)
print(len(templates), len(before), len(set(environment.compiled) - before))
"""


def test_a_preloaded_process_compiles_no_template_at_its_first_mails(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", _FIRST_MAILS, str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout.split()
    templates, preloaded, compiled_later = map(int, out[-3:])
    assert templates > 20
    assert preloaded == templates * len(LANGUAGES)  # each compiled in each language
    assert compiled_later == 0


def test_the_worker_preloads_before_it_forks_its_pool():
    assert celery_app._preload in [ref() for _key, ref in signals.worker_init.receivers]
