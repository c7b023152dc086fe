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


def imports(root: Path, forbidden: set[str]) -> list[str]:
    """``file: module`` for every absolute import under ``root`` of a forbidden package."""
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            found += [
                f"{path.relative_to(root)}: {n}" for n in names if n.split(".")[0] in forbidden
            ]
    return found


def test_engine_imports_nothing_of_the_service():
    assert imports(ENGINE, FORBIDDEN) == []


def test_the_service_imports_nothing_of_the_worker():
    assert imports(REPO / "pbem", {"worker"}) == []


def test_the_commands_of_each_kind_of_mail_never_import_the_walk():
    """pbem.pipeline imports the modules of the commands, never the other way round."""
    found = []
    for name in [
        "common_commands",
        "seat_commands",
        "player_commands",
        "service_commands",
        "help_texts",
    ]:
        for node in ast.walk(ast.parse((REPO / "pbem" / f"{name}.py").read_text())):
            named = []
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                named = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            found += [f"{name}: {n}" for n in named if n == "pbem.pipeline"]
    assert found == []
