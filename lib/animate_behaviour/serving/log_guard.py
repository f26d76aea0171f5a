"""Keeping what callers send from flooding or forging the log.

Anyone on Pepper's network can call the service with anything. Two rules keep that out
of the log's way: a value is only ever logged through foundation.shown (one printable
line, cut to a short bound, its original length noted), and a refusal that may repeat
is logged through a :class:`Throttle` (the first few per period, then one line counting
the rest), so a flood of bad calls can neither rotate the log file's history away nor
drown NAOqi's log.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.foundation.clock import REAL_TIME, monotonic

# Refusals of one kind logged per period, and the period (s).
BURST = 5
PERIOD = 60.0

class _Window(object):
    """One kind's current period: when it began, lines logged and lines counted."""

    def __init__(self, start, number):
        self.start = start
        self.number = number
        self.logged = 0
        self.suppressed = 0


def start_daemon_timer(delay, function):
    """Call ``function`` in ``delay`` seconds from a daemon thread, waiting on the clock
    (threading.Timer polls on Python 2.7); the Throttle's default."""
    never = REAL_TIME.event()

    def later():
        REAL_TIME.wait(never, delay)
        function()
    timer = REAL_TIME.thread(later, "animateBehaviour.throttle")
    timer.start()
    return timer


class Throttle(object):
    """Logs the first ``burst`` lines of each kind per ``period`` seconds at error level,
    then counts the rest and logs one summary line per period with the count.

    The summary comes when the period ends (a timer made by ``start_timer(delay,
    function)``, :func:`start_daemon_timer` by default), or earlier if a line of that
    kind arrives after the period. ``clock`` and ``start_timer`` are injectable so tests
    need no sleeping. Thread-safe.
    """

    def __init__(self, logger, burst=BURST, period=PERIOD, clock=monotonic,
                 start_timer=None):
        if burst < 1 or not period > 0:
            raise ValueError("Throttle needs burst >= 1 and period > 0 s, not burst=%r, "
                             "period=%r" % (burst, period))
        self._log = logger
        self._burst = burst
        self._period = period
        self._clock = clock
        self._start_timer = start_timer or start_daemon_timer
        self._lock = threading.Lock()
        self._windows = {}
        self._numbers = 0

    def error(self, kind, message):
        """Log ``message`` (already made safe with foundation.shown) unless ``kind`` has had
        its ``burst`` lines this period; return whether it was logged."""
        lines = []
        with self._lock:
            now = self._clock()
            window = self._windows.get(kind)
            if window is not None and now - window.start >= self._period:
                lines.extend(self._close(kind, window, now))
                window = None
            if window is None:
                self._numbers += 1
                window = self._windows[kind] = _Window(now, self._numbers)
            logged = window.logged < self._burst
            if logged:
                window.logged += 1
                lines.append(message)
            else:
                window.suppressed += 1
                if window.suppressed == 1:
                    number = window.number
                    self._start_timer(max(window.start + self._period - now, 0.0),
                                      lambda: self._period_ended(kind, number))
        for line in lines:
            self._log.error(line)
        return logged

    def _period_ended(self, kind, number):
        with self._lock:
            window = self._windows.get(kind)
            if window is None or window.number != number:
                return  # a later line already closed that period
            lines = self._close(kind, window, self._clock())
        for line in lines:
            self._log.error(line)

    def _close(self, kind, window, now):
        del self._windows[kind]
        if not window.suppressed:
            return []
        return ["%s: %d more like this in %.0f s not logged (at most %d every %g s are)"
                % (kind, window.suppressed, now - window.start, self._burst, self._period)]
