"""The sender: every ALMotion command of a round goes out through it, one call at a time
(worker -> sender -> ALMotion), the groups' way home when the animation stops included. It also asks ALMotion what a call needs (joints free, no move running, where the
joints and the base are), and waits for a call, stopping it when its worker must."""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.naoqi.own_call import JointCall, TurnCall, is_remote, task_ids

# Why a call was not sent: another task holds what it needs.
BUSY = "busy"
# How long (s) past its planned end a call that was stopped may take to return before its
# worker gives up on it (a dead connection): the worker then sends nothing more.
CALL_GRACE = 5.0
# Task listings a stop reads to find its call's task when no call came since it, and the
# wall time (s) before the second, doubled at each: NAOqi may register the task a moment
# after the call arrives (a stop just after a send), and a loaded machine may run an
# in-process call's thread late.
FIND_TRIES = 8
FIND_WAIT = 0.001


def running(calls):
    """The calls of ``calls`` that have not returned yet."""
    return [call for call in calls if not call.done.is_set()]


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
        # Our calls sent since the last listing, oldest first (their tasks are the ids
        # new in the next), and those whose call left too late to be told by it (while
        # one runs, its task may appear in any listing: no new id is taken for ours).
        self._pending = []
        self._late = []
        self._highest = None  # the highest task id listed so far
        self._ours = set()  # the ids of our calls' tasks, as far as listed

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

    def _asking_commanded(self, names):
        """getAngles(names, False) asked now; returns a function giving its answer (or
        raising RuntimeError). Over libqi it is asked without waiting, so that the task
        listing that follows goes meanwhile: the two round trips overlap."""
        if not is_remote(self._motion):
            try:
                answer = self.angles(names, False)
            except RuntimeError as err:
                failure = err

                def failed():
                    raise failure
                return failed
            return lambda: answer
        future = self._motion.getAngles(list(names), False, _async=True)

        def answered():
            future.wait()
            if future.hasError():
                raise RuntimeError(future.error())
            return future.value()
        return answered

    def position(self):
        """[x, y, theta] of the base from odometry (m, m, rad)."""
        return [float(value) for value in self._motion.getRobotPosition(True)]

    # -- calls ----------------------------------------------------------------------------

    def send_joints(self, names, angles, times, wake, name, veto=None, look=None):
        """Start angleInterpolation(names, angles, times, absolute) unless another task
        holds one of the joints (asked last thing, so that as little time as possible is
        left for another app to start before our call arrives), or ``veto()`` (no round
        trip: the worker's own reasons, asked after that) gives a reason not to. The task
        list read just before (which also finds the task of the calls sent since the
        last one) answers the first when it lists nothing but our own calls (the usual
        case: nobody else moves); areResourcesAvailable is asked only when it lists
        another task. ``look`` (if given): (joints, ``judge``), where ``judge(commanded)``,
        asked first, gives a reason not to send from those joints' commanded angles
        (``commanded()`` gives them or raises RuntimeError): they are asked just before
        the listing, and over libqi the two round trips overlap. Returns (the JointCall,
        None), or (None, BUSY or the reason given) when it was not sent; raises
        RuntimeError if ALMotion cannot say."""
        call = JointCall(self._motion, "angleInterpolation",
                         (list(names), angles, [list(times)] * len(names), True),
                         wake, name, self._clock)

        def refusal(listed, commanded):
            if commanded is not None:
                looked = look[1](commanded)
                if looked is not None:
                    return looked
            if self._only_ours(listed) or self.joints_free(names):
                return None
            return BUSY
        return self._send(call, refusal, veto, None if look is None else look[0])

    def send_turn(self, theta, wake, name, veto=None):
        """Start moveTo(0, 0, theta) (rad) unless a move runs or ``veto()`` gives a
        reason not to. Returns (the TurnCall, None), or (None, BUSY or the veto's reason)
        when it was not sent; raises RuntimeError if ALMotion cannot say."""
        call = TurnCall(self._motion, "moveTo", (0.0, 0.0, theta), wake, name, self._clock)
        return self._send(call, lambda _listed, _commanded: BUSY if self.move_active()
                          else None, veto)

    def run_joints(self, names, angles, times):
        """angleInterpolation, returning when it does (taking every group home)."""
        self._motion.angleInterpolation(list(names), angles, times, True)

    def _only_ours(self, listed):
        """Whether ``listed`` (the task ids just read, or None) holds only tasks of our
        own calls: then no other app's task holds (or, where NAOqi lists them, waits for)
        any joint, and areResourcesAvailable need not be asked."""
        return listed is not None and listed <= self._ours

    def _list(self):
        """The task ids ALMotion lists now (a round trip; lock held), or None if it
        cannot list them. The ids above the highest listed before are the tasks started
        since: those of our calls sent since (``_pending``), in the order sent, as task
        ids increase in that order (robot check), when there are as many; when fewer,
        the first calls' (the others are not registered yet, and wait for the next
        listing, as all do when none is new). When more are new and one joint call of
        ours is pending, it was sent right after the listing before (a turn is not), so
        the lowest is its task: another app's started after ours (a speech gesture
        waiting for our joints, say), unless it started in the round trip before ours
        arrived. More beside a turn, or while a call sent late may still appear: which
        is ours is not certain, and those calls cannot be stopped early."""
        try:
            listed = task_ids(self._motion)
        except RuntimeError:
            return None  # the robot cannot list tasks: our calls cannot be stopped early
        new = sorted(task for task in listed
                     if self._highest is None or task > self._highest)
        self._pending = running(self._pending)
        self._late = running(self._late)
        if new and self._pending:
            if self._late:
                found = []
            elif len(new) <= len(self._pending):
                found = new  # the first calls' (registered in the order sent)
            elif len(self._pending) == 1 and self._pending[0].identified:
                found = new[:1]
            else:
                found = []
            for call, task in zip(self._pending, found):
                call.task_id = task
                self._ours.add(task)
            if not found:
                for call in self._pending:
                    call.uncertain = True
            self._pending = self._pending[len(found):] if found else []
        if new:
            self._highest = new[-1]
        self._ours &= listed
        return listed

    def _send(self, call, refusal, veto, looked_at=None):
        """Send ``call`` unless ``refusal(listed, commanded)`` (``listed``: the task ids
        read just before, or None; ``commanded``: a function giving the commanded angles
        of the joints ``looked_at``, asked before the listing, or None) or then ``veto()``
        (if given; the last look, just before the call leaves: Pepper's own state may
        have changed during the round trips) gives why not, one call at a time, each
        joint call after a listing: the ids new in the next are then those of the calls
        sent since, a turn's (stopped by stopMove, not by its id; sent with no listing
        before it) among them."""
        with self._lock:
            commanded = None if looked_at is None else self._asking_commanded(looked_at)
            listed = self._list() if call.identified else None
            refused = refusal(listed, commanded)
            if refused is None and veto is not None:
                refused = veto()
            if refused is not None:
                return None, refused
            call.start()
            if call.uncertain or (call.identified and listed is None):
                # Its task may show in any later listing (unlisted before it, or sent
                # late): while it runs, no new id is taken for ours.
                self._late.append(call)
            else:
                self._pending.append(call)
            return call, None

    def _find(self, call):
        """Find ``call``'s task if it is still to be found: a listing, and again after
        FIND_WAIT s, doubled each time, FIND_TRIES in all, while none is new (NAOqi may
        register a task a moment after the call arrives) and the call runs."""
        wait = FIND_WAIT
        with self._lock:
            for _try in range(FIND_TRIES):
                if call not in self._pending or self._list() is None:
                    return
                if call not in self._pending or call.done.wait(wait):
                    return
                wait *= 2

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
        if call.identified:
            self._find(call)
        try:
            if not call.stop() and call.identified and not call.done.is_set():
                self._log.info("%s: its running call cannot be told apart from another "
                               "app's task, so it is left to end" % who)
        except RuntimeError as err:
            self._log.error("stopping ALMotion.%s (%s) failed: %s" % (call.method, who, err))
