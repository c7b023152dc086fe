"""A lower layer never imports a higher one: the engines are pure (nothing under engine/ imports
the service, a database, mail or web), and the service never imports the worker (its Celery
tasks are handed in as enqueue functions)."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ENGINE = REPO / "engine"
FORBIDDEN = {
    "pbem",
    "worker",
    "flask",
    "celery",
    "sqlalchemy",
    "redis",
    "smtplib",
    "email",
    "jinja2",
    "aiosmtpd",
    "alembic",
    "psycopg",
    "requests",
    "socket",
    "sqlite3",
}


def imported(path: Path) -> list[str]:
    """Every module an absolute import of ``path`` may name (``from a import b``: a and a.b)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return names


def imports(root: Path, forbidden: set[str]) -> list[str]:
    """``file: module`` for every absolute import under ``root`` of a forbidden package."""
    return [
        f"{path.relative_to(root)}: {n}"
        for path in root.rglob("*.py")
        for n in imported(path)
        if n.split(".")[0] in forbidden
    ]


def test_engine_imports_nothing_of_the_service():
    assert imports(ENGINE, FORBIDDEN) == []


def test_the_service_imports_nothing_of_the_worker():
    assert imports(REPO / "pbem", {"worker"}) == []


def test_the_commands_of_each_kind_of_mail_never_import_the_walk():
    """pbem.pipeline imports the modules of the commands, never the other way round."""
    found = [
        f"{name}: {n}"
        for name in (
            "common_commands",
            "seat_commands",
            "player_commands",
            "service_commands",
            "help_texts",
        )
        for n in imported(REPO / "pbem" / f"{name}.py")
        if n == "pbem.pipeline"
    ]
    assert found == []
