"""The round's breath as both arms' workers ask it, each from its own thread: a
planning.breath.Breath with a lock over each look."""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.planning.breath import Breath


class SharedBreath(Breath):
    """A Breath (``pace``, ``seed``: as Breath's) that threads may share. The pace is read
    outside the lock, only when a breath must be drawn: it reads the live signal, whose
    sources take locks of their own (docs/architecture.md, "Locks")."""

    def __init__(self, pace, seed):
        Breath.__init__(self, pace, seed)
        self._lock = threading.Lock()

    def _enter(self, start, end):
        self._lock.acquire()
        while self.needs(end):
            self._lock.release()
            pace = self.pace()
            self._lock.acquire()
            self.draw(pace, end)
        self.forget(start)

    def _leave(self):
        self._lock.release()
