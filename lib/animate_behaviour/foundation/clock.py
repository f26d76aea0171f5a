"""The package's time source: seconds, events, and waits that never poll.

Everything that waits goes through a clock object: ``now()`` (a monotonic time in s),
``elapsed(start, now)`` (robot seconds between two ``now()`` values), ``event()`` (a new
event, set/clear/is_set/wait like threading's), ``wait(event, seconds)`` (block until
``event`` is set or ``seconds`` robot seconds have passed, None: until set; True if set)
and ``thread(target, name)`` (a daemon thread whose end ``join(timeout)`` waits for on
an event of the clock's: threading's timed join polls on Python 2.7 too).
On the robot robot seconds are wall seconds (:data:`REAL_TIME`); against a simulated
NAOqi running faster than real time (tests, benchmarks) the package and the simulation
share a :class:`ScaledClock`, so they agree on what a second is.

Why not plain ``threading``: Python 2.7's timed waits poll (``Event.wait(t)`` sleeps 1 ms,
doubling up to 50 ms, until the deadline), so every waiting thread would wake up to 20
times a second on Pepper's Atom and answer a stop up to 50 ms late. Where libqi's Python
bindings load (on NAOqi, and in both test lanes) an event is a :class:`Wakeup`: a
``qi.Promise`` whose future is waited in libqi's C++, which sleeps until it is set or the
deadline comes. Elsewhere (``libqi=False``, or no ``qi``) events are threading's.
"""
from __future__ import absolute_import, division, print_function

import ctypes
import math
import threading
import time

# Waits longer than this (ms) are cut to it: libqi takes an int32 of milliseconds.
_MAX_WAIT_MS = 2 ** 31 - 2
CLOCK_MONOTONIC = 1  # Linux's clock id


def _libc_monotonic():
    """CLOCK_MONOTONIC through clock_gettime (glibc has it in libc since 2.17, librt
    before); None where neither library loads (not Linux)."""
    class Timespec(ctypes.Structure):
        _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]

    for library in ("libc.so.6", "librt.so.1"):
        try:
            clock_gettime = ctypes.CDLL(library, use_errno=True).clock_gettime
        except (OSError, AttributeError):
            continue
        clock_gettime.argtypes = [ctypes.c_int, ctypes.POINTER(Timespec)]

        def monotonic(clock_gettime=clock_gettime):
            reading = Timespec()
            if clock_gettime(CLOCK_MONOTONIC, ctypes.byref(reading)) != 0:
                raise OSError(ctypes.get_errno(), "clock_gettime(CLOCK_MONOTONIC) failed")
            return reading.tv_sec + reading.tv_nsec * 1e-9
        return monotonic
    return None


def _monotonic_source():
    """A monotonic clock function. Python 2.7 has no time.monotonic, and time.time follows
    the robot's clock when NTP corrects it, which would skew every elapsed time (call
    lengths, quiet times, cool-down): time.time only where there is no monotonic clock."""
    if hasattr(time, "monotonic"):
        return time.monotonic
    libc = _libc_monotonic()
    if libc is not None:
        return libc
    return time.time


monotonic = _monotonic_source()


def _qi_promise():
    """qi.Promise where libqi's Python bindings load, else None (no ``qi`` to import, or
    one without Promise). Read once, into ``_PROMISE``: a ScaledClock made with
    ``libqi=True`` builds its events (:class:`Wakeup`) on it, or uses threading's events
    where it is None."""
    try:
        import qi
    except ImportError:
        return None
    return getattr(qi, "Promise", None)


_PROMISE = _qi_promise()


class Wakeup(object):
    """threading.Event's interface on a qi.Promise (``promise_type``): ``wait`` blocks in
    libqi's C++, without polling, until ``set`` or the timeout. A cleared Wakeup takes a
    new promise, since a promise is set only once."""

    def __init__(self, promise_type):
        self._promise_type = promise_type
        self._lock = threading.Lock()
        self._promise = promise_type()
        self._set = False

    def is_set(self):
        return self._set

    def set(self):
        with self._lock:
            if self._set:
                return
            self._set = True
            promise = self._promise
        promise.setValue(None)

    def clear(self):
        with self._lock:
            if self._set:
                self._set = False
                self._promise = self._promise_type()

    def wait(self, timeout=None):
        """Block until set or ``timeout`` s (None: no limit); True if it was set."""
        with self._lock:
            if self._set:
                return True
            future = self._promise.future()
        if timeout is None:
            future.wait()
        else:
            future.wait(int(min(_MAX_WAIT_MS, max(0.0, math.ceil(timeout * 1000.0)))))
        return future.isFinished()


class ScaledClock(object):
    """Wall time where one robot second lasts ``time_scale`` wall seconds (0.01 plays a
    100 s trajectory in 1 s). ``libqi``: make events libqi's when its bindings load
    (False: threading's, as where they do not)."""

    def __init__(self, time_scale=1.0, libqi=True):
        if not 0.0 < time_scale < float("inf"):
            raise ValueError("time_scale must be a positive number, got %r" % (time_scale,))
        self._time_scale = float(time_scale)
        self._promise = _PROMISE if libqi else None

    @property
    def time_scale(self):
        """Wall seconds per robot second (read-only: a clock shared by a simulation and the
        package must not change under them)."""
        return self._time_scale

    @staticmethod
    def now():
        return monotonic()

    def elapsed(self, start, now):
        return (now - start) / self._time_scale

    def event(self):
        """A new event for ``wait``."""
        return Wakeup(self._promise) if self._promise is not None else threading.Event()

    def wait(self, event, seconds):
        """Wait for ``event`` at most ``seconds`` robot seconds (None: until it is set)."""
        if seconds is None:
            return event.wait()
        return event.wait(max(0.0, seconds) * self._time_scale)

    def thread(self, target, name):
        """A daemon thread (not started) running ``target()``."""
        return Thread(self.event(), target, name)


class Thread(object):
    """A daemon thread running ``target()``; ``finished`` (an event) is set when it returns,
    however it ends, and ``join`` waits on it."""

    def __init__(self, finished, target, name):
        self.finished = finished
        self._target = target
        self._thread = threading.Thread(target=self._run, name=name)
        self._thread.daemon = True

    def start(self):
        self._thread.start()

    @property
    def daemon(self):
        return self._thread.daemon

    def is_alive(self):
        return self._thread.is_alive() and not self.finished.is_set()

    def join(self, timeout=None):
        """Whether the thread has ended (or never started) within ``timeout`` wall
        seconds (None: no limit)."""
        if self._thread.ident is None:
            return True
        if not self.finished.wait(timeout):
            return False
        self._thread.join()  # it is returning: no timed wait needed
        return True

    def _run(self):
        try:
            self._target()
        finally:
            self.finished.set()


class Ticker(object):
    """A thread of ``clock`` calling ``step()`` until closed, waiting after each call the
    robot seconds it returns (None: until woken) or until ``wake()``."""

    def __init__(self, clock, step, name):
        self._clock = clock
        self._step = step
        self._wake = clock.event()
        self._stopping = False
        self._thread = clock.thread(self._run, name)

    def start(self):
        self._thread.start()

    def wake(self):
        """Call ``step()`` again now."""
        self._wake.set()

    def close(self, timeout):
        """Stop; whether the thread ended within ``timeout`` wall seconds."""
        self._stopping = True
        self._wake.set()
        return self._thread.join(timeout)

    def _run(self):
        tick(self._clock, self._step, self._wake, lambda: self._stopping)


def tick(clock, step, wake, stopping):
    """Call ``step()`` until ``stopping()``, waiting after each call the robot seconds it
    returns (None: until woken) or until ``wake`` (an event of ``clock``'s) is set."""
    while True:
        # Cleared before it looks whether to stop: a stop's wake-up, set after the stop,
        # is then either seen here or left set for the wait.
        wake.clear()
        if stopping():
            return
        clock.wait(wake, step())


REAL_TIME = ScaledClock(1.0)
