"""The wheel carries every file the service reads, and a copy installed from it runs outside the
checkout: ``pbem migrate``, the worker's turn mails (templates, catalogues, word lists, the
picture's font), the SMTP receiver and the web pages."""

from __future__ import annotations

import contextlib
import json
import mailbox
import os
import shutil
import smtplib
import subprocess
import sys
import time
import urllib.request
import zipfile
from email import message_from_bytes
from email.message import EmailMessage
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.e2e.test_whole_games import free_port, wait_for_port

REPO = Path(__file__).resolve().parent.parent
#: the checkout's folders that are packages of the wheel, and where the wheel puts them
PACKAGES = {"engine": "engine", "pbem": "pbem", "worker": "worker", "templates": "pbem/templates"}
#: files of those folders that only the checkout needs: the translators' template
CHECKOUT_ONLY = {"pbem/locale/pbem.pot"}
#: settings an installed copy must not inherit from the environment running the tests
SETTINGS = ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "SMTP_URL")

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]


def project_files() -> list[str]:
    """The project's files as the developer has them: tracked, or new and not ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    )
    return [name for name in listed.stdout.decode().split("\0") if (REPO / name).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel ``pip wheel .`` builds, built from a copy of the project's files (a build in
    the checkout leaves ``build/`` there, whose stale files a later wheel would carry)."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    for name in project_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, source / name)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", root / "dist", source],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    (path,) = (root / "dist").glob("pbem-*.whl")
    return path


def _needed(requirements: list[str]) -> set[str]:
    """The distributions ``requirements`` need, with what those need in turn (the extras named
    included), as installed here."""
    followed: set[tuple[str, str]] = set()  # (distribution, extra)
    pending = [(line, "") for line in requirements]
    while pending:
        line, extra = pending.pop()
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        for wanted in {"", *requirement.extras}:
            if (name, wanted) not in followed:
                followed.add((name, wanted))
                pending += [(needed, wanted) for needed in metadata.requires(name) or []]
    return {name for name, _extra in followed}


def _link_dependencies(required: list[str], folder: Path) -> None:
    """Links in ``folder`` to the installed files of the distributions ``required`` need, and
    nothing else: an installed copy finds what a clean install of the wheel would give it."""
    folder.mkdir()
    for name in _needed(required):
        distribution = metadata.distribution(name)
        tops = {file.parts[0] for file in distribution.files or []}
        for top in tops - {"..", "__pycache__"}:
            (folder / top).symlink_to(distribution.locate_file(top))


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A virtualenv outside the checkout with the wheel installed in it, its ``bin/``.

    The wheel is installed without its dependencies: those it requires, as this environment
    has them, are linked into a folder on the new one's path (a ``.pth`` file); nothing else
    of this environment is there, neither what the wheel does not require nor the editable
    install of the checkout."""
    root = tmp_path_factory.mktemp("installed")
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        required = message_from_bytes(archive.read(name)).get_all("Requires-Dist") or []
    _link_dependencies(required, root / "dependencies")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", root / "venv"], check=True)
    python = root / "venv" / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "dependencies.pth").write_text(f"{root / 'dependencies'}\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel],
        check=True,
        capture_output=True,
    )
    return root / "venv" / "bin"


def test_the_wheel_holds_every_file_of_the_packages_and_nothing_else(wheel):
    expected = set()
    for name in project_files():
        top, _, rest = name.partition("/")
        if top in PACKAGES and name not in CHECKOUT_ONLY:
            expected.add(f"{PACKAGES[top]}/{rest}")
    shipped = {
        name
        for name in zipfile.ZipFile(wheel).namelist()
        if not name.split("/")[0].endswith(".dist-info")
    }
    assert shipped == expected
    assert {"pbem/templates/mail/turn.html", "pbem/locale/de/LC_MESSAGES/pbem.po"} <= shipped
    assert {"engine/words/everyday.txt", "pbem/pictures/fonts/DejaVuSansCondensed.ttf"} <= shipped
    assert "pbem/migrations/versions/0001_initial_tables.py" in shipped


def _environment(**settings: str) -> dict[str, str]:
    """This environment without the service's settings and Python's search path, plus
    ``settings``."""
    inherited = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("PBEM_", "PYTHON")) and name not in SETTINGS
    }
    return {**inherited, "PBEM_DOMAIN": "pbem.test", **settings}


def _outbox(folder: Path, count: int, seconds: float = 60) -> list:
    """The mails in the Maildir ``folder`` once it holds ``count`` of them."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (folder / "new").is_dir() and len(os.listdir(folder / "new")) >= count:
            return list(mailbox.Maildir(folder, create=False))
        time.sleep(0.2)
    raise AssertionError(f"{folder} holds fewer than {count} mails")


_WHERE = """
import json
from importlib import resources
import engine, pbem, worker
from engine import word_lists
from pbem import i18n
print(json.dumps({
    "files": [engine.__file__, pbem.__file__, worker.__file__, str(i18n.TEMPLATES_DIR),
              str(i18n.catalogue_path("de")), str(word_lists.WORDS)],
    "german": type(i18n.translations("de")).__name__,
    "words": len(word_lists.load().everyday),
}))
"""


def test_the_installed_copy_migrates_and_serves_from_outside_the_checkout(installed, tmp_path):
    where = subprocess.run(
        [installed / "python", "-c", _WHERE],
        cwd=tmp_path,
        env=_environment(),
        capture_output=True,
        text=True,
    )
    assert where.returncode == 0, where.stderr
    found = json.loads(where.stdout)
    venv = str(installed.parent)
    assert all(path.startswith(venv) for path in found["files"]), found
    assert found["german"] == "GNUTranslations" and found["words"] > 1000

    smtp_port, web_port = free_port(), free_port()
    env = _environment(PBEM_SMTP_PORT=str(smtp_port), PBEM_WEB_PORT=str(web_port))
    migrated = subprocess.run(
        [installed / "pbem", "migrate"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert migrated.returncode == 0, migrated.stderr
    assert (tmp_path / "var" / "pbem.db").is_file()  # the embedded default: var/ where it runs

    worker = [installed / "python", "-m", "celery", "-A", "worker.celery_app", "worker"]
    commands = {
        "worker": [*worker, "--concurrency", "1", "--without-gossip", "--without-mingle"],
        "smtp": [installed / "pbem", "smtp"],
        "web": [installed / "pbem", "web"],
    }
    with contextlib.ExitStack() as stack:
        processes = {}
        for name, command in commands.items():
            log = stack.enter_context(open(tmp_path / f"{name}.log", "wb"))
            processes[name] = subprocess.Popen(
                command, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT
            )
            stack.callback(processes[name].wait, 30)
            stack.callback(processes[name].terminate)
        wait_for_port(smtp_port, processes["smtp"])
        wait_for_port(web_port, processes["web"])

        created = subprocess.run(
            [installed / "pbem", "new", "honga", "ann@x.test", "bob@x.test", "--start"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )
        assert created.returncode == 0, created.stderr
        turn = _outbox(tmp_path / "var" / "outbox", 2)  # sent by the worker
        parts = {part.get_content_type() for part in turn[0].walk()}
        assert {"text/plain", "text/html", "image/png"} <= parts
        assert "HONGA" in turn[0]["Subject"]

        request = EmailMessage()
        request["From"], request["To"] = "ana@x.test", "play@pbem.test"
        request["Subject"] = "Partida"
        request.set_content("Hola:\n\nnueva honga con bob@x.test\n\nUn saludo, Ana\n")
        with smtplib.SMTP("127.0.0.1", smtp_port) as smtp:
            smtp.send_message(request)
        answers = [m for m in _outbox(tmp_path / "var" / "outbox", 4) if m["To"] == "ana@x.test"]
        assert [m["Content-Language"] for m in answers] == ["es"]

        game_id = created.stdout.strip()
        base = f"http://127.0.0.1:{web_port}"
        for path in ("/mailbox/", f"/game/{game_id}", f"/game/{game_id}/picture.png"):
            with urllib.request.urlopen(base + path, timeout=30) as page:
                assert page.status == 200, path
