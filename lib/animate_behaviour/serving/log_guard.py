"""Keeping what callers send from flooding or forging the log.

Anyone on Pepper's network can call the service with anything. Two rules keep that out
of the log's way: a value is only ever logged through :func:`shown` (one printable
line, cut to a short bound, its original length noted), and a refusal that may repeat
is logged through a :class:`Throttle` (the first few per period, then one line counting
the rest), so a flood of bad calls can neither rotate the log file's history away nor
drown NAOqi's log.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.foundation.clock import REAL_TIME, monotonic
from animate_behaviour.foundation.compat import BYTES_TYPE, LONG_TYPES, is_text

# Characters of a value's escaped text shown in one log line.
SHOWN_LIMIT = 80
# Refusals of one kind logged per period, and the period (s).
BURST = 5
PERIOD = 60.0

# How text is escaped inside our quotes; a repr is already quoted and escaped, so only
# what is still unprintable in it is escaped again.
_TEXT_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_REPR_ESCAPES = {}


def _escape_char(char, escapes):
    """One character as printable ASCII, like repr: \\n, \\x1b, \\u202e, \\U0001f600."""
    if char in escapes:
        return escapes[char]
    code = ord(char)
    if 0x20 <= code < 0x7f:
        return str(char)
    if code < 0x100:
        return "\\x%02x" % code
    if code < 0x10000:
        return "\\u%04x" % code
    return "\\U%08x" % code


def _printable(chars, limit, escapes):
    """(escaped text, whether it was cut) for an iterable of one-character strings,
    at most ``limit`` characters long; an escape sequence is never split."""
    pieces = []
    used = 0
    for char in chars:
        piece = _escape_char(char, escapes)
        if used + len(piece) > limit:
            return "".join(pieces), True
        pieces.append(piece)
        used += len(piece)
    return "".join(pieces), False


def shown(value, limit=SHOWN_LIMIT):
    """``value`` as one printable ASCII line of at most about ``limit`` characters.

    Text is quoted like repr (the same on Python 2.7 and 3: no u prefix), with newlines,
    control and non-ASCII characters escaped; longer text is cut and its length noted:
    ``'aaaa...'... (102400 characters)``. Only the first ``limit`` characters are
    looked at, so a 100 KB value costs no more than a short one. Anything else is shown
    through its repr, escaped and cut the same way.
    """
    if is_text(value):
        text, cut = _printable(value[:limit + 1], limit, _TEXT_ESCAPES)
        text, unit = "'%s'" % text, "characters"
    elif BYTES_TYPE is not None and isinstance(value, BYTES_TYPE):  # Python 3 only
        text, cut = _printable((chr(byte) for byte in value[:limit + 1]), limit, _TEXT_ESCAPES)
        text, unit = "b'%s'" % text, "bytes"
    else:
        return _shown_repr(value, limit)
    if cut or len(value) > limit:
        return "%s... (%d %s)" % (text, len(value), unit)
    return text


def _shown_repr(value, limit):
    try:
        # Python 2's longs (all of libqi 1.8.3's integers) without repr's L.
        whole = str(value) if isinstance(value, LONG_TYPES) else repr(value)
    except Exception as err:  # noqa: a caller's object may raise anything from __repr__
        return "<%s whose repr raised %s>" % (type(value).__name__, type(err).__name__)
    text, cut = _printable(whole[:limit + 1], limit, _REPR_ESCAPES)
    if cut or len(whole) > limit:
        return "%s... (repr of %d characters)" % (text, len(whole))
    return text


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
        """Log ``message`` (already made safe with :func:`shown`) unless ``kind`` has had
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
