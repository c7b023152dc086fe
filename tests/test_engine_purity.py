"""The engines are pure: nothing under engine/ imports the service, a database, mail or web."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
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


def test_engine_imports_nothing_of_the_service():
    found = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            found += [
                f"{path.relative_to(ENGINE)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN
            ]
    assert found == []
