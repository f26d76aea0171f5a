"""The round's monitor (both lanes): heat reads and BackgroundMovement checks on one
thread of a round's scope, each outliving the other's failures; and the scope that owns
a round's threads."""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.engine import monitor
from animate_behaviour.engine.scope import Scope
from animate_behaviour.foundation.clock import ScaledClock
from animate_behaviour.naoqi import life

TIMEOUT = 10.0  # wall seconds


class Log(object):
    def __init__(self):
        self.errors = []

    def error(self, message):
        self.errors.append(message)


class Counting(object):
    """Counts calls of ``call()``; ``reached(n)`` is set at the n-th; raises ``error``."""

    def __init__(self, error=None, result=None):
        self.count = 0
        self._error = error
        self._result = result
        self._reached = {}
        self._lock = threading.Lock()

    def reached(self, count):
        with self._lock:
            event = self._reached.setdefault(count, threading.Event())
            if self.count >= count:
                event.set()
            return event

    def call(self):
        with self._lock:
            self.count += 1
            if self.count in self._reached:
                self._reached[self.count].set()
        if self._error is not None:
            raise self._error
        return self._result


class Heat(object):
    def __init__(self, reads):
        self.read = reads.call


class Keeper(object):
    def __init__(self, checks):
        self.keep_suspended = checks.call


def started(clock, heat, keeper, notify, log):
    """(the monitor, the scope it runs in)."""
    scope = Scope(clock)
    watcher = monitor.Monitor(clock, heat, keeper, life.LIFE_PERIOD, notify, log, scope.stop)
    scope.spawn("test.monitor", watcher.run, watcher.wake)
    return watcher, scope


def test_a_failing_background_movement_check_never_stops_the_heat_reads():
    reads, checks, notified, log = Counting(result=True), Counting(
        error=RuntimeError("ALAutonomousLife is gone")), Counting(), Log()
    _watcher, scope = started(ScaledClock(0.01), Heat(reads), Keeper(checks), notified.call,
                              log)
    try:
        assert reads.reached(3).wait(TIMEOUT)  # a read every HEAT_PERIOD robot s
        assert notified.reached(3).wait(TIMEOUT)  # each read said a heat changed
    finally:
        assert scope.close(TIMEOUT) == []
    assert log.errors[0] == "monitor: RuntimeError: ALAutonomousLife is gone"


def test_a_life_check_asked_for_comes_at_once_and_close_ends_the_thread():
    reads, checks, log = Counting(error=RuntimeError("no ALMemory")), Counting(), Log()
    clock = ScaledClock(10.0)  # periods of 50 and 100 wall s: far longer than the test
    watcher, scope = started(clock, Heat(reads), Keeper(checks), lambda: None, log)
    try:
        assert checks.reached(1).wait(TIMEOUT)  # at the start
        watcher.check_life_soon()  # an AutonomousLife/State event came
        assert checks.reached(2).wait(TIMEOUT)
    finally:
        assert scope.close(TIMEOUT) == []
    assert log.errors[0] == "monitor: RuntimeError: no ALMemory"


def test_a_scope_stops_its_threads_together_and_names_those_still_running():
    clock = ScaledClock(10.0)
    scope = Scope(clock)
    woken, stuck, released = threading.Event(), threading.Event(), threading.Event()

    def stops():
        scope.stop.wait()  # a worker's wait, interrupted by its wake-up on close

    def hangs():
        stuck.set()
        released.wait(TIMEOUT)  # a call that never returns: close's wake-up never reaches it

    scope.spawn("test.stops", stops, woken.set)
    scope.spawn("test.hangs", hangs, lambda: None)
    assert stuck.wait(TIMEOUT)
    try:
        # Only the hanging one is sure to be still running 0.1 s on, however busy the
        # machine: the other may still be on its way out.
        assert "test.hangs" in scope.close(0.1)
        assert scope.stop.is_set() and woken.is_set()
    finally:
        released.set()
    assert scope.close(TIMEOUT) == []  # what it waited for has ended since
