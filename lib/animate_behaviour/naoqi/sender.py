"""The sender: every ALMotion command of a round goes out through it, one call at a time
(worker -> sender -> ALMotion), the groups' way home when the animation stops included. It also asks ALMotion what a call needs (joints free, no move running, where the
joints and the base are), and waits for a call, stopping it when its worker must."""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.naoqi.own_call import JointCall, TurnCall, task_ids

# Why a call was not sent: another task holds what it needs.
BUSY = "busy"
# How long (s) past its planned end a call that was stopped may take to return before its
# worker gives up on it (a dead connection): the worker then sends nothing more.
CALL_GRACE = 5.0


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

    def send_joints(self, names, angles, times, wake, name, veto=None):
        """Start angleInterpolation(names, angles, times, absolute) unless another task
        holds one of the joints (asked last thing, so that as little time as possible is
        left for another app to start before our call arrives), or ``veto()`` (no round
        trip: the worker's own reasons, asked after that) gives a reason not to. The task
        list read just before, to find the call's task, answers the first when it lists
        nothing but our own running calls (the usual case: nobody else moves);
        areResourcesAvailable is asked only when it lists another task. Returns (the
        JointCall, None), or (None, BUSY or the veto's reason) when it was not sent;
        raises RuntimeError if ALMotion cannot say."""
        call = JointCall(self._motion, "angleInterpolation",
                         (list(names), angles, [list(times)] * len(names), True),
                         wake, name, self._clock)

        def refusal(listed):
            if self._only_ours(listed) or self.joints_free(names):
                return None
            return BUSY
        return self._send(call, refusal, veto)

    def send_turn(self, theta, wake, name, veto=None):
        """Start moveTo(0, 0, theta) (rad) unless a move runs or ``veto()`` gives a
        reason not to. Returns (the TurnCall, None), or (None, BUSY or the veto's reason)
        when it was not sent; raises RuntimeError if ALMotion cannot say."""
        call = TurnCall(self._motion, "moveTo", (0.0, 0.0, theta), wake, name, self._clock)
        return self._send(call, lambda _listed: BUSY if self.move_active() else None, veto)

    def run_joints(self, names, angles, times):
        """angleInterpolation, returning when it does (taking every group home)."""
        self._motion.angleInterpolation(list(names), angles, times, True)

    def _only_ours(self, listed):
        """Whether ``listed`` (the task ids just read, or None) holds only tasks of our
        own identified calls: then no other app's task holds (or, where NAOqi lists
        them, waits for) any joint, and areResourcesAvailable need not be asked."""
        return listed is not None and listed <= set(call.task_id for call in self._identified)

    def _send(self, call, refusal, veto):
        """Send ``call`` unless ``refusal(listed)`` (``listed``: the task ids read just
        before, or None) or then ``veto()`` (if given; the last look, just before the
        call leaves: Pepper's own state may have changed during the round trips) gives
        why not, one call at a time: the new id in getTaskList is then never another
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
            refused = refusal(listed)
            if refused is None and veto is not None:
                refused = veto()
            if refused is not None:
                return None, refused
            call.start(listed)
            if not call.identified:
                # Asked after the turn, so that the next call's task search usually
                # starts once ALMotion has the turn; not guaranteed (libqi may handle the
                # two out of order, a thread in process may run late), so its answer is
                # unused and nothing is decided by it.
                self.move_active()
            elif call.task_id is not None:
                self._identified.append(call)
            elif not call.done.is_set():
                self._unidentified.append(call)
            return call, None

    def wait(self, call, planned, stop_reason, who):
        """Wait until ``call`` returns, stopping it once ``stop_reason()`` (asked each
        time the call's wake is set) gives a reason. A stopped call that has not returned
        CALL_GRACE s after its ``planned`` duration (s) is abandoned. Returns the reason
        it was stopped for (or that came as it returned), else None; ``who`` names its
        part in the log."""
        stopped_for = None
        while not call.done.is_set():
            call.wake.clear()
            # Asked after each clear, even when the call has just returned: what woke us
            # may have come with its return (a rest kills our task and announces itself
            # on another thread), and the clear took its wake-up.
            if stopped_for is None:
                stopped_for = stop_reason()
                if stopped_for is not None:
                    self._stop(call, who)
            if call.done.is_set():
                break
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
