"""JSON values that refuse every change: the events of a game's log.

An event never changes once logged, so every later state can hold the same event objects
instead of a copy of them: copying a state then costs the size of its board, not of its whole
history. Freezing is what makes the sharing safe: a list or dict shared between two states
could otherwise be changed through one of them.
"""

from __future__ import annotations

from typing import Any

import orjson


def _refuse(self, *args, **kwargs):
    raise TypeError("a logged event never changes")


class FrozenDict(dict):
    """A dict that refuses every change; equal to, and serialized as, a plain dict."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return FrozenDict, (dict(self),)


class FrozenList(list):
    """A list that refuses every change; equal to, and serialized as, a plain list."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self):
        return FrozenList, (list(self),)


_SCALARS = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """``value`` (plain JSON data) with every dict and list in it frozen."""
    if isinstance(value, dict):
        return FrozenDict({k: v if type(v) in _SCALARS else freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList([v if type(v) in _SCALARS else freeze(v) for v in value])
    return value


def frozen_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, only JSON types), frozen."""
    return freeze(orjson.loads(orjson.dumps(value)))
