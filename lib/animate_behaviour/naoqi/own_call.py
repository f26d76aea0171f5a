"""Our ALMotion calls, end to end: :class:`Sender` sends them one at a time, finds their
tasks and stops them, without touching anything that is not ours. Every ALMotion command
of a round goes out through it (worker -> sender -> ALMotion); the engine itself only wakes
the robot and takes it home.

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

import threading

# getTaskList polls made to find a new call's task id, and the wall time (s) before the
# first retry, doubled at each one: NAOqi may create the task a moment after it receives
# the call (and a loaded machine may run the call's thread late). The first listing goes
# at once: the sooner two listings agree, the narrower the window in which another app's
# task (a speech gesture, say) appearing too makes ours unidentifiable.
IDENTIFY_TRIES = 8
IDENTIFY_WAIT = 0.001
# How long (s) past its planned end a call that was stopped may take to return before its
# worker gives up on it (a dead connection): the worker then sends nothing more.
CALL_GRACE = 5.0


def task_ids(motion):
    """The ids of ALMotion's current tasks; raises RuntimeError if it cannot list them."""
    try:
        return set(row[1] for row in motion.getTaskList())
    except (TypeError, IndexError) as err:
        raise RuntimeError("ALMotion.getTaskList returned something else than [name, id] "
                           "rows (%s)" % err)


def running(calls):
    """The calls of ``calls`` that have not returned yet."""
    return [call for call in calls if not call.done.is_set()]


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


class Sender(object):
    """Sends our calls to ``motion`` (an ALMotion proxy or stand-in), one at a time, and
    waits for them on ``clock``; logs through ``log``. Also the round's questions to
    ALMotion about what a call needs (joints free, no move running, where the joints
    and the base are). Thread-safe: every worker of a round sends through one Sender."""

    def __init__(self, motion, clock, log):
        self._motion = motion
        self._clock = clock
        self._log = log
        self._lock = threading.Lock()
        self._unidentified = []  # our calls sent for identification, task not found
        self._identified = []  # our calls whose task was found, until they return

    # -- questions (each a round trip; raise RuntimeError) --------------------------------

    def joints_free(self, names):
        """Whether no other task holds any of the joints ``names``."""
        return self._motion.areResourcesAvailable(list(names))

    def move_active(self):
        """Whether a move of the base runs (anyone's)."""
        return self._motion.moveIsActive()

    def angles(self, names, use_sensors):
        """The joints' angles (rad): measured, or as last commanded."""
        return self._motion.getAngles(list(names), use_sensors)

    def position(self):
        """[x, y, theta] of the base from odometry (m, m, rad)."""
        return [float(value) for value in self._motion.getRobotPosition(True)]

    # -- calls ----------------------------------------------------------------------------

    def send_joints(self, names, angles, times, wake, name):
        """Start angleInterpolation(names, angles, times, absolute) unless another task
        holds one of the joints (asked last thing, so that as little time as possible is
        left for another app to start before our call arrives). The task list read just
        before, to find the call's task, answers that too when it lists nothing but our
        own running calls (the usual case: nobody else moves); areResourcesAvailable is
        asked only when it lists another task. Returns the JointCall, or None if the
        joints are not free; raises RuntimeError if ALMotion cannot say."""
        call = JointCall(self._motion, "angleInterpolation",
                         (list(names), angles, [list(times)] * len(names), True),
                         wake, name, self._clock)
        return self._send(call, lambda listed: self._only_ours(listed)
                          or self.joints_free(names))

    def send_turn(self, theta, wake, name):
        """Start moveTo(0, 0, theta) (rad) unless a move runs. Returns the TurnCall, or
        None if a move runs; raises RuntimeError if ALMotion cannot say."""
        call = TurnCall(self._motion, "moveTo", (0.0, 0.0, theta), wake, name, self._clock)
        return self._send(call, lambda _listed: not self.move_active())

    def run_joints(self, names, angles, times):
        """angleInterpolation, returning when it does (taking every group home)."""
        self._motion.angleInterpolation(list(names), angles, times, True)

    def _only_ours(self, listed):
        """Whether ``listed`` (the task ids just read, or None) holds only tasks of our
        own identified calls: then no other app's task holds (or, where NAOqi lists
        them, waits for) any joint, and areResourcesAvailable need not be asked."""
        return listed is not None and listed <= set(call.task_id for call in self._identified)

    def _send(self, call, free):
        """Send ``call`` if ``free(listed)`` (``listed``: the task ids read just before,
        or None), one call at a time: the new id in getTaskList is then never another
        of our own calls (nor looked for while one of ours whose task was not found in
        time may still appear). A call not identified (a turn, stopped by stopMove) is
        only waited for until ALMotion has it, so that the next call's search does not
        take its task for its own."""
        with self._lock:
            listed = None
            # An earlier call of ours whose task was not found in time may still appear
            # in the list, and its id would pass for this call's: this one is then not
            # looked for either (it cannot be stopped early, but nothing else is killed).
            self._unidentified = running(self._unidentified)
            self._identified = running(self._identified)
            if call.identified and not self._unidentified:
                try:
                    listed = task_ids(self._motion)
                except RuntimeError:
                    pass  # the robot cannot list tasks: the call cannot be stopped early
            if not free(listed):
                return None
            call.start(listed)
            if not call.identified:
                self.move_active()  # its answer comes once ALMotion has the call: unused
            elif call.task_id is not None:
                self._identified.append(call)
            elif not call.done.is_set():
                self._unidentified.append(call)
            return call

    def wait(self, call, planned, stop_reason, who):
        """Wait until ``call`` returns, stopping it once ``stop_reason()`` (asked each
        time the call's wake is set) gives a reason. A stopped call that has not returned
        CALL_GRACE s after its ``planned`` duration (s) is abandoned. Returns the reason
        it was stopped for, else None; ``who`` names its part in the log."""
        stopped_for = None
        while not call.done.is_set():
            call.wake.clear()
            if call.done.is_set():
                break
            if stopped_for is None:
                stopped_for = stop_reason()
                if stopped_for is not None:
                    self._stop(call, who)
            wait = planned  # None: until it returns or a stop wakes us
            if stopped_for is not None:
                wait = (planned or 0.0) + CALL_GRACE - self._clock.elapsed(
                    call.started, self._clock.now())
                if wait <= 0:
                    self._log.error("ALMotion.%s (%s) did not return %.0f s after being "
                                    "stopped; abandoned" % (call.method, who, CALL_GRACE))
                    return stopped_for
            self._clock.wait(call.wake, wait)
        return stopped_for

    def _stop(self, call, who):
        try:
            if not call.stop() and call.identified and not call.done.is_set():
                self._log.info("%s: its running call cannot be told apart from another "
                               "app's task, so it is left to end" % who)
        except RuntimeError as err:
            self._log.error("stopping ALMotion.%s (%s) failed: %s" % (call.method, who, err))
