"""Fixtures of the outbound tests: settings, a SQLite session, realistic contexts per kind."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from pbem.config import Settings
from pbem.db import make_engine
from pbem.models import Base

FAKE_GAME = "nosuchgame"  # no board template: the includes are ignored


@pytest.fixture
def settings(tmp_path):
    return Settings(
        var_dir=tmp_path / "var",
        database_url=f"sqlite:///{tmp_path}/t.db",
        smtp_url="",
        domain="pbem.test",
        base_url="https://pbem.test",
    )


@pytest.fixture
def session(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        yield session
    engine.dispose()


@pytest.fixture
def contexts() -> dict[str, dict]:
    """One realistic context for every kind of mail."""
    view = {"you": "ann", "players": ["ann", "bob", "cy"], "hand": ["3 wood"]}
    return {
        "turn": {
            "game": FAKE_GAME,
            "game_title": "HONGA",
            "game_id": 12,
            "player": "ann",
            "events": [
                "bob placed two workers on the forest and took 3 wood, leaving the "
                "forest empty for this round.",
                "cy passed.",
            ],
            "view": view,
            "your_turn": True,
            "legal": [f"take {n} wood" for n in range(45)],
            "help": "take N wood: take N wood from the forest\npass: do nothing this round",
            "version": 7,
            "waiting_for": ["ann"],
        },
        "error": {
            "game_title": "HONGA",
            "game_id": 12,
            "line": "tkae 3 wood",
            "reason": "tkae is not a command; did you mean take?",
            "legal": ["take 1 wood", "take 2 wood", "pass"],
            "help": "take N wood: take N wood from the forest",
            "version": 7,
        },
        "invite": {
            "inviter": "bob",
            "game_title": "Stone Age",
            "game_id": 13,
            "players": ["bob", "ann", "cy"],
            "options": {"mammoth": True, "rounds": 8},
        },
        "notice": {
            "subject": "Your games",
            "paragraphs": ["Game 12 (HONGA): active.", "Game 13 (Stone Age): inviting."],
        },
        "relay": {
            "from_name": "bob",
            "text": "Good luck, everybody!",
            "game_title": "HONGA",
            "game_id": 12,
        },
        "over": {
            "game_title": "HONGA",
            "game_id": 12,
            "game": FAKE_GAME,
            "events": ["cy took the last mammoth."],
            "result": {
                "scores": {"ann": 31, "bob": 27, "cy": 27},
                "ranking": ["ann", ["bob", "cy"]],
            },
            "view": view,
        },
        "digest": {
            "player": "ann",
            "games": [
                {
                    "game_id": 12,
                    "title": "HONGA",
                    "status": "in play",
                    "your_turn": False,
                    "waiting_for": ["bob"],
                    "since": "Mon, Dec 7, 18:00",
                    "timing": ["bob has until Mon, Dec 14, 18:00 (UTC) to move."],
                    "muted": False,
                    "autopilot": False,
                    "last_events": ["ann took 2 wood.", "bob passed."],
                    "version": 9,
                    "reply_address": "play+abc@pbem.test",
                },
                {
                    "game_id": 14,
                    "title": "Hengist",
                    "status": "in play",
                    "your_turn": True,
                    "waiting_for": ["ann"],
                    "since": None,
                    "timing": [],
                    "muted": True,
                    "autopilot": False,
                    "last_events": [],
                    "version": 3,
                    "reply_address": "play+def@pbem.test",
                },
            ],
        },
    }
