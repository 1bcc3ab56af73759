"""A small thread-safe memo for text functions the rules and the window both call.

The rules run on a worker thread for a large rating (``rating.rule_runs``); the window
then asks the same questions of the same texts (how many own words, which AIP
dimensions, which sentences) and must not compute them again on its own thread:
``peek`` answers only from what was already computed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_MISSING = object()


class Memo(Generic[K, V]):
    """``fn(key)`` remembered for the last ``size`` keys (least recently used dropped)."""

    def __init__(self, fn: Callable[[K], V], size: int = 32) -> None:
        self._fn = fn
        self._size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = Lock()
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __call__(self, key: K) -> V:
        found = self.peek(key, _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[return-value]
        value = self._fn(key)  # outside the lock: two threads may both compute, both agree
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self._size:
                self._values.popitem(last=False)
        return value

    def peek(self, key: K, default: object = None) -> V | object:
        """The remembered value, or ``default`` without computing anything."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        return default

    def cache_clear(self) -> None:
        with self._lock:
            self._values.clear()
