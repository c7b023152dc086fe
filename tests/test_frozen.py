"""Frozen log events: shared by every later state, so they must refuse every change."""

from __future__ import annotations

import copy
import json
import pickle

import orjson
import pytest

from engine.frozen import FrozenDict, FrozenList, freeze, frozen_json

EVENT = {"n": 3, "type": "roll", "player": "p1", "to": ["p1"], "paid": {"wood": 2}, "x": None}

CHANGES = [
    lambda e: e.__setitem__("n", 4),
    lambda e: e.__delitem__("n"),
    lambda e: e.update(n=4),
    lambda e: e.setdefault("new", 1),
    lambda e: e.pop("n"),
    lambda e: e.popitem(),
    lambda e: e.clear(),
    lambda e: e.__ior__({"n": 4}),
    lambda e: e["to"].append("p2"),
    lambda e: e["to"].extend(["p2"]),
    lambda e: e["to"].insert(0, "p2"),
    lambda e: e["to"].__setitem__(0, "p2"),
    lambda e: e["to"].__delitem__(0),
    lambda e: e["to"].__iadd__(["p2"]),
    lambda e: e["to"].__imul__(2),
    lambda e: e["to"].pop(),
    lambda e: e["to"].remove("p1"),
    lambda e: e["to"].clear(),
    lambda e: e["to"].sort(),
    lambda e: e["to"].reverse(),
    lambda e: e["paid"].__setitem__("wood", 3),
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_frozen_event_refuses_every_change(change):
    event = freeze(EVENT)
    with pytest.raises(TypeError):
        change(event)
    assert event == EVENT


def test_a_frozen_event_reads_and_serializes_as_plain_json():
    event = freeze(EVENT)
    assert isinstance(event, dict) and isinstance(event["to"], list)
    assert event == EVENT and event["to"] == ["p1"] and "p1" in event["to"]
    assert orjson.loads(orjson.dumps(event)) == EVENT
    assert json.loads(json.dumps(event)) == EVENT
    assert type(dict(event)) is dict  # a plain copy is anybody's to change


def test_frozen_json_keeps_only_what_json_keeps():
    event = frozen_json({"dice": (1, 2), "nested": [{"a": [1]}]})
    assert type(event["dice"]) is FrozenList and event["dice"] == [1, 2]
    assert type(event["nested"][0]) is FrozenDict and type(event["nested"][0]["a"]) is FrozenList
    with pytest.raises(TypeError):
        frozen_json({1: "a key that is not text"})
    with pytest.raises(TypeError):
        frozen_json({"cards": {"a", "b"}})


def test_copies_and_pickles_stay_frozen_and_equal():
    event = freeze(EVENT)
    for again in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert again == EVENT and type(again) is FrozenDict and type(again["to"]) is FrozenList
