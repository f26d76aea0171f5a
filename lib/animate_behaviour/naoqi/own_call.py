"""One ALMotion call of ours (:class:`OwnCall`): sent, its task found, stopped by its id,
without touching anything that is not ours. naoqi.sender sends them one at a time.

Over libqi the call is made with ``_async=True`` and its future says when it returns;
an in-process object (the tests' stand-ins) has no futures, so there the call blocks a
thread of its own.

``killTasksUsingResources`` also kills (or drops) another app's task waiting for the same
joints, so the package never uses it: right after a call starts, the new id in
``getTaskList`` ([name, motionId] rows) is the call's task, and stopping it is
``killTask(id)``. When the id cannot be told (another task started in the same instant,
or the robot does not list tasks), the call cannot be stopped early: it is bounded by
maxCallDuration anyway, and the caller waits for it. The id is taken only once our call
has been sent and two listings a moment apart agree on one new id, so another app's task
created in the same instant is not taken for ours unless NAOqi registered ours more than
that moment after it: getTaskList says nothing else (no caller, no joints) that would
tell them apart. (NAOqi's task rules: docs/naoqi.md, "ALMotion tasks: postponement, task
lists, killing".)
"""
from __future__ import absolute_import, division, print_function

# getTaskList polls made to find a new call's task id, and the wall time (s) before the
# first retry, doubled at each one: NAOqi may create the task a moment after it receives
# the call (and a loaded machine may run the call's thread late). The first listing goes
# at once: the sooner two listings agree, the narrower the window in which another app's
# task (a speech gesture, say) appearing too makes ours unidentifiable.
IDENTIFY_TRIES = 8
IDENTIFY_WAIT = 0.001


def task_ids(motion):
    """The ids of ALMotion's current tasks; raises RuntimeError if it cannot list them."""
    try:
        return set(row[1] for row in motion.getTaskList())
    except (TypeError, IndexError) as err:
        raise RuntimeError("ALMotion.getTaskList returned something else than [name, id] "
                           "rows (%s)" % err)


def is_remote(service):
    """Whether ``service`` is a libqi proxy (its methods take ``_async=True``) rather than
    an in-process object."""
    return hasattr(service, "metaObject")


class OwnCall(object):
    """``getattr(motion, method)(*args)``, timed on ``clock`` (foundation.clock).
    ``wake`` (an event of the clock's: its worker's) is set when it returns; so is
    ``done``, first. After it is done: ``result`` or ``error`` (the exception it raised; a
    RuntimeError with libqi's message for a remote call's error), ``started`` and
    ``returned`` (clock times it was sent and returned; ``elapsed`` the robot seconds
    between them), ``task_id`` (its ALMotion task, or None), ``stopped`` (whether
    ``stop`` was tried). Subclasses say how it is stopped."""

    # Whether the call's task is looked for in getTaskList (to stop it by its id).
    identified = True

    def __init__(self, motion, method, args, wake, name, clock):
        self.method = method
        self.result = None
        self.error = None
        self.started = None
        self.returned = None
        self.task_id = None
        self.stopped = False
        self._clock = clock
        self.done = clock.event()
        self.wake = wake
        self._motion = motion
        self._args = args
        self._name = name

    def start(self, known_ids=None):
        """Send the call; with ``known_ids`` (the task ids listed just before), find its
        task id."""
        self.started = self._clock.now()
        if is_remote(self._motion):
            future = getattr(self._motion, self.method)(*self._args, _async=True)
            future.addCallback(self._returned)  # at once if it has returned already
        else:
            sending = self._clock.event()
            self._clock.thread(lambda: self._run(sending), self._name).start()
            if not sending.wait(IDENTIFY_WAIT * 2 ** IDENTIFY_TRIES):
                return  # its thread has not even started: too late to tell its task
        if known_ids is not None:
            self._identify(known_ids)

    def _run(self, sending):
        try:
            method = getattr(self._motion, self.method)
            sending.set()  # the call leaves now: its task may be looked for
            self.result = method(*self._args)
        except Exception as err:  # noqa: handed to the worker, which reports or re-raises it
            self.error = err
        finally:
            self._finish()

    def _returned(self, future):
        if future.hasError():
            self.error = RuntimeError(future.error())
        else:
            self.result = future.value()
        self._finish()

    def _finish(self):
        self.returned = self._clock.now()
        self.done.set()  # before the wake-up: whoever it wakes finds the call done
        self.wake.set()

    def _identify(self, known_ids):
        wait = IDENTIFY_WAIT
        candidate = None
        for _try in range(IDENTIFY_TRIES):
            try:
                new = task_ids(self._motion) - known_ids
            except RuntimeError:
                return
            if len(new) > 1:
                return  # another task started too: which one is ours is not certain
            if new:
                if new == set([candidate]):
                    self.task_id = candidate
                    return
                candidate = new.pop()
                wait = IDENTIFY_WAIT
            if self.done.wait(wait):
                return  # the call already ended
            wait *= 2

    @property
    def elapsed(self):
        return self._clock.elapsed(self.started, self.returned)

    def stop(self):
        """Stop the call if it still runs and can be told apart from another app's;
        returns whether a stop was sent. Raises RuntimeError if ALMotion refuses."""
        raise NotImplementedError


class JointCall(OwnCall):
    """An angleInterpolation: stopped by killing its own task, never by the joints it
    uses (that would kill another app's task waiting for them too)."""

    def stop(self):
        if self.done.is_set() or self.task_id is None or self.stopped:
            return False
        self.stopped = True
        self._motion.killTask(self.task_id)
        return True


class TurnCall(OwnCall):
    """A moveTo: stopped with stopMove, only while a move runs (ours: a newer moveTo
    replaces any other, and we send none while another app's runs)."""

    identified = False

    def stop(self):
        if self.done.is_set() or self.stopped:
            return False
        self.stopped = True
        if not self._motion.moveIsActive():
            return False
        self._motion.stopMove()
        return True
