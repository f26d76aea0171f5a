"""The tests' hand-moved clock: robot seconds pass only when the test moves them on (the
unit tests of the planners, the expression and the recovery, which step through time
themselves). Runs of the engine, whose threads decide when they wait, use the other
clock, pepper_sim.virtual_clock.VirtualClock: time passes there once every thread of the
run waits. These two are the tests' clocks.

The clock has foundation.clock's interface (now, elapsed, event, wait, thread), its events
wake waiters without polling, and it comes in two kinds:

* ``ManualClock()``: a wait returns once its event is set or the test has moved time
  (``time``, ``set``) past its deadline (a stand-in's call ends when the test passes its
  last key);
* ``ManualClock(stepping=True)``: each wait lasts its timeout, moving time on by it (a wait
  until woken lasts 0 s), and is recorded in ``waits``: one thread's waits, stepped
  through in order, e.g. a recovery's.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.foundation.clock import Thread, monotonic


class ManualEvent(object):
    """threading.Event's interface on a ManualClock: ``set`` wakes its clock's waits."""

    def __init__(self, clock):
        self._clock = clock
        self._set = False

    def is_set(self):
        return self._set

    def set(self):
        with self._clock.changed:
            self._set = True
            self._clock.changed.notify_all()

    def clear(self):
        self._set = False

    def wait(self, timeout=None):
        """Wait in wall time (a join, a call's thread starting): robot time stays."""
        deadline = None if timeout is None else monotonic() + timeout
        with self._clock.changed:
            while not self._set:
                left = None if deadline is None else deadline - monotonic()
                if left is not None and left <= 0:
                    break
                self._clock.changed.wait(left)
            return self._set


class ManualClock(object):
    """Robot seconds (``time``, from ``start``) that pass only when the test moves them,
    or, ``stepping``, in each wait."""

    def __init__(self, stepping=False, start=1000.0):
        self.changed = threading.Condition()
        self._time = float(start)
        self._stepping = stepping
        self.waits = []  # stepping: each wait's timeout (None: until woken)
        self.begun = 0  # waits begun so far (their deadlines taken from the time then)

    @property
    def time(self):
        return self._time

    @time.setter
    def time(self, value):
        self.set(value)

    def set(self, now):
        """Move robot time to ``now``: the waits due by then end."""
        with self.changed:
            self._time = now
            self.changed.notify_all()

    def now(self):
        return self._time

    @staticmethod
    def elapsed(start, now):
        return now - start

    def event(self):
        return ManualEvent(self)

    def wait(self, event, seconds):
        """Wait for ``event`` at most ``seconds`` robot seconds (None: until set); True if
        it was set."""
        if self._stepping:
            self.waits.append(seconds)
            if seconds is not None:
                self.set(self._time + seconds)
            return event.is_set()
        with self.changed:
            deadline = None if seconds is None else self._time + seconds
            self.begun += 1
            self.changed.notify_all()
            while not event.is_set() and (deadline is None or self._time < deadline):
                self.changed.wait()
            return event.is_set()

    def waits_begun(self, count, timeout):
        """Wait (wall s, at most ``timeout``) until ``count`` waits have begun: a thread
        that has not reached its wait yet would take its deadline from a time the test has
        moved on since. True if they have."""
        deadline = monotonic() + timeout
        with self.changed:
            while self.begun < count:
                left = deadline - monotonic()
                if left <= 0:
                    return False
                self.changed.wait(left)
            return True

    def thread(self, target, name):
        return Thread(self.event(), target, name)
