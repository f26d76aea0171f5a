"""ALMotion's task list as the check reads it, and the check's own calls.

NAOqi 2.5 documents getTaskList's rows as "Name, MotionID". A row of another shape is
still read for its id when it holds exactly one whole number, so that a robot whose rows
differ is reported as such while the other facts are still tried.
"""
from __future__ import absolute_import, division, print_function

import numbers

from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_DECIDED

try:
    TEXT = (str, unicode)  # noqa: F821  (Python 2: libqi 1.8.3 may give either)
except NameError:
    TEXT = (str,)

# Robot s before the task list is read again for a new task, doubled at each read.
FIRST_WAIT = 0.001


def _whole(value):
    # libqi 1.8.3 gives Python 2 every integer as a long.
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def documented(row):
    """Whether ``row`` is [name, motionId, ...]."""
    return (isinstance(row, list) and len(row) >= 2 and isinstance(row[0], TEXT)
            and _whole(row[1]))


def row_id(row):
    """The task id of a getTaskList row, or None if it shows none."""
    if documented(row):
        return int(row[1])
    numbers_seen = [item for item in row if _whole(item)] if isinstance(row, list) else []
    return int(numbers_seen[0]) if len(numbers_seen) == 1 else None


def shape(answers):
    """(result, observed) of the task list's shape from every answer of getTaskList."""
    for answer in answers:
        if not isinstance(answer, list):
            return CONTRADICTED, "getTaskList returned %r, not a list" % (answer,)
    rows = [row for answer in answers for row in answer]
    if not rows:
        return NOT_DECIDED, "no task was listed in %d readings" % len(answers)
    other = [row for row in rows if not documented(row)]
    if other:
        return CONTRADICTED, "%d of %d rows are not [name, motionId, ...], e.g. %r" % (
            len(other), len(rows), other[0])
    lengths = sorted(set(len(row) for row in rows))
    return CONFIRMED, "%d rows in %d readings, all [name, motionId%s], e.g. %r" % (
        len(rows), len(answers), ", ..." if lengths != [2] else "", rows[0])


class TaskList(object):
    """getTaskList read through one object, which keeps every answer (``answers``) and
    times its readings on ``clock`` (timing.clock)."""

    def __init__(self, motion, clock):
        self._motion = motion
        self._clock = clock
        self.answers = []
        self.readings = 0  # new_row's last search: how many listings it read
        self.last = None  # and when it asked for the last one (wall s)

    def rows(self):
        answer = self._motion.getTaskList()
        self.answers.append(answer)
        return answer if isinstance(answer, list) else []

    def ids(self):
        return set(row_id(row) for row in self.rows()) - set([None])

    def new_row(self, before, call, window):
        """The row of the one task listed that is not in ``before`` (ids), read until one
        appears, ``call`` (Sent) returns or ``window`` robot s pass; None when none
        appeared, or several (another task started too: which one is ``call``'s is not
        known)."""
        deadline = self._clock.now() + window * self._clock.time_scale
        wait = FIRST_WAIT
        self.readings = 0
        while True:
            self.last = self._clock.now()
            new = [row for row in self.rows() if row_id(row) not in before | set([None])]
            self.readings += 1
            if new:
                return new[0] if len(new) == 1 else None
            left = self._clock.elapsed(self._clock.now(), deadline)
            if left <= 0 or call.wait(min(wait, left)):
                return None
            wait *= 2


class Sent(object):
    """An ALMotion call sent with ``_async=True``, timed on ``clock`` (timing.clock):
    ``sent`` and, once it has returned, ``ended`` (wall s, clock.now()); ``task``: its
    task id once found."""

    def __init__(self, clock, motion, method, *args):
        self.method = method
        self.task = None
        self.ended = None
        self._clock = clock
        self._done = clock.event()
        self.sent = clock.now()
        self._future = getattr(motion, method)(*args, _async=True)
        self._future.addCallback(self._end)

    def _end(self, _future):
        self.ended = self._clock.now()
        self._done.set()

    def wait(self, seconds):
        """Wait at most ``seconds`` robot s for it to return; whether it has."""
        if seconds > 0:
            self._clock.wait(self._done, seconds)
        return self._done.is_set()

    @property
    def done(self):
        return self._done.is_set()

    def took(self, since=None):
        """Robot s from ``since`` (wall s; default: when it was sent) to its return."""
        return self._clock.elapsed(self.sent if since is None else since, self.ended)

    def outcome(self):
        """How it ended, in words (once done)."""
        if self.failed:  # its first line: libqi may append a traceback
            return "raised %r" % (self._future.error().splitlines() or [""])[0]
        return "returned %r" % (self.value(),)

    @property
    def failed(self):
        """Whether it ended with an error (once done)."""
        return self._future.hasError()

    def value(self):
        """What it returned (once done without an error)."""
        return self._future.value()
