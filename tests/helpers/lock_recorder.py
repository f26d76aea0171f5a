"""Records which of the package's locks each thread holds while it takes another, so that
a test can hold the lock order against the one docs/architecture.md names.

``recording(monkeypatch)`` replaces the ``threading`` module the package's modules see
with one whose Lock, RLock and Condition are recorded (everything else is threading's
own), until the test ends. A lock is named by where it was made: "module.Class". Every
lock taken while others are held adds an edge (held -> taken); an order is a set of such
edges, and an inversion two locks taken in both orders (a deadlock waiting to happen)."""
from __future__ import absolute_import, division, print_function

import collections
import sys
import threading


class Recorder(object):
    """The edges seen: {(held, taken): count}, across threads."""

    def __init__(self):
        self._lock = threading.Lock()
        self._local = threading.local()
        self.edges = collections.Counter()

    def held(self):
        held = getattr(self._local, "held", None)
        if held is None:
            held = self._local.held = []
        return held

    def taking(self, name):
        held = self.held()
        with self._lock:
            for other in set(held):
                if other != name:
                    self.edges[(other, name)] += 1

    def inversions(self):
        """The pairs of locks taken in both orders."""
        return sorted(set(tuple(sorted(pair)) for pair in self.edges
                          if (pair[1], pair[0]) in self.edges))


class RecordedLock(object):
    """``inner`` (a threading lock) whose acquisitions ``recorder`` records as ``name``."""

    def __init__(self, recorder, name, inner):
        self._recorder = recorder
        self.name = name
        self._inner = inner

    def acquire(self, blocking=True, timeout=-1):
        self._recorder.taking(self.name)
        if timeout == -1:
            acquired = self._inner.acquire(blocking)
        else:
            acquired = self._inner.acquire(blocking, timeout)
        if acquired:
            self._recorder.held().append(self.name)
        return acquired

    def release(self):
        self._recorder.held().remove(self.name)
        self._inner.release()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc_info):
        self.release()

    def __getattr__(self, name):
        # An RLock's _is_owned, _release_save and _acquire_restore, for its Condition.
        return getattr(self._inner, name)


def _maker(recorder, factory, depth=1):
    def make(*args):
        caller = sys._getframe(depth)
        name = caller.f_globals.get("__name__", "?").replace("animate_behaviour.", "")
        owner = caller.f_locals.get("self")
        if owner is not None:
            name += "." + type(owner).__name__
        return RecordedLock(recorder, name, factory(*args))
    return make


class RecordedThreading(object):
    """The threading module, but for recorded locks."""

    def __init__(self, recorder):
        self.Lock = _maker(recorder, threading.Lock)
        self.RLock = _maker(recorder, threading.RLock)
        rlock = _maker(recorder, threading.RLock, depth=2)

        def condition(lock=None):
            return threading.Condition(lock if lock is not None else rlock())
        self.Condition = condition

    def __getattr__(self, name):
        return getattr(threading, name)


def recording(monkeypatch):
    """Record every lock the package's modules make from now on; the Recorder."""
    recorder = Recorder()
    fake = RecordedThreading(recorder)
    for name, module in list(sys.modules.items()):
        if name.startswith("animate_behaviour") and getattr(module, "threading", None) \
                is threading:
            monkeypatch.setattr(module, "threading", fake)
    return recorder
