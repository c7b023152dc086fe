"""Fixtures for Stone Age scenarios: loaded dice (the helpers are in stoneage_helpers)."""

from __future__ import annotations

import pytest

from engine.stoneage import rules


@pytest.fixture
def dice(monkeypatch):
    """A list: append the dice the next rolls must show, in order."""
    queue: list[int] = []

    def loaded(state, n):
        assert len(queue) >= n, "test forgot to load dice"
        out = queue[:n]
        del queue[:n]
        return out

    monkeypatch.setattr(rules, "roll", loaded)
    return queue
