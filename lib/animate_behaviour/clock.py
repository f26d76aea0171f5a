"""The engine's time source: seconds and interruptible waits.

The engine measures how long ALMotion calls take, how long joints have been free and how
long a motor has been cool on a clock object with three methods: ``now()`` (a time in
s), ``elapsed(start, now)`` (robot seconds between two ``now()`` values) and
``wait(event, seconds)`` (block until ``event`` is set or ``seconds`` robot seconds have
passed; True if set). On the robot robot seconds are wall seconds (:data:`REAL_TIME`);
against a simulated NAOqi running faster than real time (tests, benchmarks) the engine
and the simulation share a :class:`ScaledClock`, so they agree on what a second is.
"""
from __future__ import absolute_import, division, print_function

import time

_monotonic = getattr(time, "monotonic", time.time)  # Python 2.7 has no monotonic clock


class ScaledClock(object):
    """Wall time where one robot second lasts ``time_scale`` wall seconds (0.01 plays a
    100 s trajectory in 1 s)."""

    def __init__(self, time_scale=1.0):
        if not 0.0 < time_scale < float("inf"):
            raise ValueError("time_scale must be a positive number, got %r" % (time_scale,))
        self._time_scale = float(time_scale)

    @property
    def time_scale(self):
        """Wall seconds per robot second (read-only: a clock shared by a simulation and the
        engine must not change under them)."""
        return self._time_scale

    @staticmethod
    def now():
        return _monotonic()

    def elapsed(self, start, now):
        return (now - start) / self._time_scale

    def wait(self, event, seconds):
        return event.wait(max(0.0, seconds) * self._time_scale)


REAL_TIME = ScaledClock(1.0)
