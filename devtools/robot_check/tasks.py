"""ALMotion's task list as the check reads it, and the check's own calls.

NAOqi 2.5 documents getTaskList's rows as "Name, MotionID". A row of another shape is
still read for its id when it holds exactly one whole number, so that a robot whose rows
differ is reported as such while the other facts are still tried.
"""
import time

from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_TRIED

# Wall s before the task list is read again for a new task, doubled at each read.
FIRST_WAIT = 0.001


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def documented(row):
    """Whether ``row`` is [name, motionId, ...]."""
    return (isinstance(row, list) and len(row) >= 2 and isinstance(row[0], str)
            and _whole(row[1]))


def row_id(row):
    """The task id of a getTaskList row, or None if it shows none."""
    if documented(row):
        return row[1]
    numbers = [item for item in row if _whole(item)] if isinstance(row, list) else []
    return numbers[0] if len(numbers) == 1 else None


def shape(answers):
    """(result, observed) of the task list's shape from every answer of getTaskList."""
    for answer in answers:
        if not isinstance(answer, list):
            return CONTRADICTED, "getTaskList returned %r, not a list" % (answer,)
    rows = [row for answer in answers for row in answer]
    if not rows:
        return NOT_TRIED, "no task was listed in %d readings" % len(answers)
    other = [row for row in rows if not documented(row)]
    if other:
        return CONTRADICTED, "%d of %d rows are not [name, motionId, ...], e.g. %r" % (
            len(other), len(rows), other[0])
    lengths = sorted(set(len(row) for row in rows))
    return CONFIRMED, "%d rows in %d readings, all [name, motionId%s], e.g. %r" % (
        len(rows), len(answers), ", ..." if lengths != [2] else "", rows[0])


class TaskList(object):
    """getTaskList read through one object, which keeps every answer (``answers``)."""

    def __init__(self, motion):
        self._motion = motion
        self.answers = []

    def rows(self):
        answer = self._motion.getTaskList()
        self.answers.append(answer)
        return answer if isinstance(answer, list) else []

    def ids(self):
        return set(row_id(row) for row in self.rows()) - set([None])

    def new_row(self, before, call, window):
        """The row of the one task listed that is not in ``before`` (ids), read until one
        appears, ``call`` (Sent) returns or ``window`` s pass; None when none appeared,
        or several (another task started too: which one is ``call``'s is not known)."""
        deadline = time.monotonic() + window
        wait = FIRST_WAIT
        while True:
            new = [row for row in self.rows() if row_id(row) not in before | set([None])]
            if new:
                return new[0] if len(new) == 1 else None
            left = deadline - time.monotonic()
            if left <= 0 or call.wait(min(wait, left)):
                return None
            wait *= 2


class Sent(object):
    """An ALMotion call sent with ``_async=True``; ``task``: its task id once found."""

    def __init__(self, motion, method, *args):
        self.method = method
        self.task = None
        self.sent = time.monotonic()
        self._future = getattr(motion, method)(*args, _async=True)

    def wait(self, seconds):
        """Wait at most ``seconds`` for it to return; whether it has."""
        if seconds > 0 and not self._future.isFinished():
            self._future.wait(int(seconds * 1000))
        return self._future.isFinished()

    @property
    def done(self):
        return self._future.isFinished()

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
