"""The arm trials: ALMotion's task rules tried on one joint (facts.JOINT), 5 degrees from
where it was and back, never faster than MAX_SPEED, with its stiffness as it was
(docs/naoqi.md, "ALMotion tasks: postponement, task lists, killing").

Each trial decides its fact from what it saw, and says what that was: a trial whose
observations cannot tell a fact's alternatives apart leaves it "not decided"."""
from __future__ import absolute_import, division, print_function

import math

from animate_behaviour.planning.trajectory import PEAK_TO_MEAN_SPEED
from robot_check import timing as timings
from robot_check.facts import CONFIRMED, CONTRADICTED, JOINT, NOT_DECIDED
from robot_check.tasks import Sent, TaskList, row_id, shape

STEP = math.radians(5.0)  # how far from where it was the joint goes
TOLERANCE = math.radians(0.5)  # a commanded angle this close to a target is at it
MAX_SPEED = math.radians(5.0)  # rad/s: no move of the check's is faster
# A joint that goes on after a kill must have shown this many TOLERANCEs within the
# settle time for the kill trial to decide.
SEVERAL = 3
# The kill trial reads the joint at these fractions of its call, then kills it.
KILL_LOOK = 0.2
KILL_AT = 0.4
POLL = 0.05  # robot s between two readings of a joint on its way
FACTS = ("task_list_shape", "busy_joint_postponed", "postponed_listed",
         "task_ids_increase", "kill_by_id", "set_angles_books_nothing")
POSTPONEMENT = ("busy_joint_postponed", "postponed_listed")


def slowest(distance, seconds):
    """The duration of a call over ``distance`` rad: ``seconds``, or longer so that its
    peak speed (an eased call peaks at PEAK_TO_MEAN_SPEED times its mean) is at most
    MAX_SPEED."""
    return max(seconds, PEAK_TO_MEAN_SPEED * abs(distance) / MAX_SPEED)


def cannot_move(motion, joint=JOINT):
    """Why the check may not move ``joint`` on ``motion`` now (None: it may)."""
    if not motion.robotIsWakeUp():
        return "Pepper is not awake (robotIsWakeUp() is False): wake it and run again"
    if not motion.areResourcesAvailable([joint]):
        return "another task holds %s: run the check with no app moving it" % joint
    return None


def joint_angle(motion, joint=JOINT, sensors=False):
    """``joint``'s angle: commanded, or read by its sensor."""
    return motion.getAngles(joint, sensors)[0]


def back(motion, joint, start, timing, sensors=False):
    """Bring ``joint`` back to ``start`` (rad) if its angle (commanded, or read by its
    sensor) is further than TOLERANCE from it, never faster than MAX_SPEED."""
    distance = abs(joint_angle(motion, joint, sensors) - start)
    if distance > TOLERANCE:
        motion.angleInterpolation([joint], [float(start)],
                                  [slowest(distance, timing.back)], True)


class Held(object):
    """``joint`` held for trials, as a context manager: ``start`` (where it was), ``step``
    (``distance`` toward the middle of its range, far from its limits), ``max_velocity``;
    its stiffness raised to 1 if lower, and on leaving the joint brought back to ``start``
    and its stiffness set back."""

    def __init__(self, motion, timing, joint=JOINT, distance=STEP):
        self._motion = motion
        self._timing = timing
        self._joint = joint
        self.start = joint_angle(motion, joint)
        self._stiffness = motion.getStiffnesses(joint)[0]
        minimum, maximum, self.max_velocity = motion.getLimits(joint)[0][:3]
        self.step = distance if self.start < (minimum + maximum) / 2.0 else -distance

    def __enter__(self):
        if self._stiffness < 1.0:
            self._motion.setStiffnesses(self._joint, 1.0)
        return self

    def __exit__(self, *exc_info):
        try:
            back(self._motion, self._joint, self.start, self._timing)
        finally:
            if self._stiffness < 1.0:
                self._motion.setStiffnesses(self._joint, self._stiffness)
        return False


class ArmTrials(object):
    """Tries FACTS on ``motion`` (an ALMotion proxy) into ``findings`` (facts.Findings),
    timed by ``timing`` (timing.Timing). ``lost()`` says whether the connection to the
    robot is gone (an ALMotion error then stops the check instead of one trial).
    ``moved``: whether the joint was commanded."""

    def __init__(self, motion, findings, timing, lost):
        self._motion = motion
        self._findings = findings
        self._timing = timing
        self._clock = timings.clock(timing)
        self._lost = lost
        self._tasks = TaskList(motion, self._clock)
        self._ours = []  # every call sent (Sent)
        self.moved = False

    def run(self):
        why = cannot_move(self._motion)
        if why is not None:
            self._findings.not_tried(FACTS, why)
            return
        with Held(self._motion, self._timing) as held:
            try:
                for trial, keys in ((self._kill, ("kill_by_id",)),
                                    (self._postpone, POSTPONEMENT),
                                    (self._set_angles, ("set_angles_books_nothing",))):
                    self._findings.start(keys)
                    try:
                        trial(held.start, held.step, held.max_velocity)
                    except RuntimeError as err:
                        if self._lost():
                            raise
                        self._findings.not_decided(keys, "ALMotion failed: %s" % err)
                    self._stop_ours()  # each trial starts with no call of ours running
            finally:
                self._stop_ours()  # before Held brings the joint back
        self._findings.start(("task_list_shape", "task_ids_increase"))
        self._findings.record("task_list_shape", *shape(self._tasks.answers))
        self._record_ids()

    def _angle(self):
        return joint_angle(self._motion)

    def _send(self, target, seconds):
        self.moved = True
        call = Sent(self._clock, self._motion, "angleInterpolation", [JOINT], [float(target)],
                    [float(seconds)], True)
        self._ours.append(call)
        return call

    def _identify(self, call, before):
        """``call``'s task id from the task list (None if it cannot be told)."""
        row = self._tasks.new_row(before, call, self._timing.grace)
        call.task = None if row is None else row_id(row)
        return call.task

    def _since(self, start):
        """Robot s from ``start`` (wall s) to now."""
        return self._clock.elapsed(start, self._clock.now())

    def _pause(self, seconds):
        self._clock.wait(self._clock.event(), seconds)

    def _look(self, call, at):
        """(wall s, the joint's angle) ``at`` robot s after ``call`` was sent, or sooner if
        it returns before."""
        call.wait(at - self._since(call.sent))
        return self._clock.now(), self._angle()

    # -- killTask(our id) ends our call and its joint stops ------------------------------------

    def _kill(self, start, step, _max_velocity):
        """A call of the joint killed by its id while it turns; the joint then watched for
        ``settle`` s. A joint that went on at the speed it had before the kill would have
        turned SEVERAL tolerances in that time, or the trial does not decide."""
        key, seconds = start + step, self._timing.kill_call
        before = self._tasks.ids()
        call = self._send(key, seconds)
        task = self._identify(call, before)
        if task is None:
            self._findings.record("kill_by_id", NOT_DECIDED, "the call's task was not found "
                                  "alone in getTaskList (none, or another task started too)")
            return
        looked, early = self._look(call, KILL_LOOK * seconds)
        killed_at, late = self._look(call, KILL_AT * seconds)
        if call.done:
            self._findings.record("kill_by_id", NOT_DECIDED, "the call %s %.2f s after it "
                                  "was sent (planned %.1f s), before the check could kill "
                                  "it" % (call.outcome(), call.took(), seconds))
            return
        answer = self._motion.killTask(task)
        into = self._clock.elapsed(call.sent, killed_at)
        if not call.wait(self._timing.grace):
            self._findings.record("kill_by_id", CONTRADICTED, "killTask(%d) returned %r "
                                  "%.2f s into the call; the call still ran %.0f s later"
                                  % (task, answer, into, self._timing.grace))
            return
        stopped = self._angle()
        listed = task in self._tasks.ids()
        self._pause(self._timing.settle)
        later = self._angle()
        speed = abs(late - early) / max(self._clock.elapsed(looked, killed_at), 1e-9)
        would = min(speed * self._timing.settle, abs(key - late))
        observed = ("killTask(%d) returned %r %.2f s into the call (planned %.1f s), %s "
                    "turning at %.3f rad/s; the call %s %.2f s after the kill; the joint then "
                    "%.4f rad short of its key and %.4f rad further %.1f s later (going on, "
                    "it would have turned %.4f rad; tolerance %.4f); task %s"
                    % (task, answer, into, seconds, JOINT, speed, call.outcome(),
                       call.took(killed_at), abs(key - stopped), abs(later - stopped),
                       self._timing.settle, would, TOLERANCE,
                       "still listed" if listed else "no longer listed"))
        if (abs(later - stopped) > TOLERANCE or listed or answer is not True
                or abs(key - stopped) <= TOLERANCE):
            result = CONTRADICTED
        elif would < SEVERAL * TOLERANCE:
            result = NOT_DECIDED
            observed += ("; not decided: going on would have turned under %d tolerances"
                         % SEVERAL)
        else:
            result = CONFIRMED
        self._findings.record("kill_by_id", result, observed)

    # -- a second call on a busy joint: postponed, preempted or refused ------------------------

    def _postpone(self, start, step, _max_velocity):
        """A slow first call, a second on the same joint ``wait`` s before the first is
        killed by its id; the task list read while the second waits."""
        before = self._tasks.ids()
        first = self._send(start + step, self._timing.slow_call)
        first_id = self._identify(first, before)
        if first_id is None:
            self._findings.not_decided(POSTPONEMENT, "the first call's task was not found "
                                       "alone in getTaskList (none, or another task "
                                       "started too)")
            return
        second = self._send(start, self._timing.short_call)
        row = self._tasks.new_row(before | set([first_id]), second, self._timing.wait)
        listings, listed_at = self._tasks.readings, self._tasks.last
        second.task = None if row is None else row_id(row)
        first.wait(self._timing.wait - self._since(second.sent))
        killed_at = self._clock.now()
        answer = None if first.done else self._motion.killTask(first_id)
        first.wait(self._timing.grace)
        if first.done:
            second.wait(self._timing.short_call + self._timing.grace - self._since(first.ended))
        at_key = second.done and abs(self._angle() - start) <= TOLERANCE
        result, observed = self._postponement(first, second, first_id, killed_at, answer,
                                              at_key)
        self._findings.record("busy_joint_postponed", result, observed)
        if result != CONFIRMED:
            self._findings.record("postponed_listed", NOT_DECIDED, "the second call was not "
                                  "seen postponed (busy_joint_postponed), so no listing was "
                                  "known to be taken while it waited")
        elif row is not None:
            self._findings.record("postponed_listed", CONFIRMED, "listed %.2f s after it was "
                                  "sent, while it waited: %r"
                                  % (self._clock.elapsed(second.sent, listed_at), row))
        else:
            self._findings.record("postponed_listed", CONTRADICTED, "no new task in %d "
                                  "listings of getTaskList while it waited, the last %.2f s "
                                  "after it was sent" % (listings, self._clock.elapsed(
                                      second.sent, listed_at)))

    def _postponement(self, first, second, first_id, killed_at, answer, at_key):
        """(result, observed) of busy_joint_postponed from the two calls (Sent), when the
        first was killed (wall s) and what killTask answered (None: not sent, the first had
        returned), and whether the joint ended at the second's key."""
        clock, planned = self._clock, self._timing.short_call
        if first.done and first.ended <= second.sent:
            return NOT_DECIDED, ("the first call (task %d) %s %.2f s after it was sent, "
                                 "before the second was sent" % (first_id, first.outcome(),
                                                                 first.took()))
        second_said = ("the second %s %.2f s after it was sent (planned %.1f s)"
                       % (second.outcome(), second.took(), planned) if second.done
                       else "the second had not returned")
        if first.done and first.ended < killed_at:
            return CONTRADICTED, ("preempted: the first call (task %d) %s %.2f s after the "
                                  "second was sent, before any kill (killTask not sent); %s"
                                  % (first_id, first.outcome(), first.took(second.sent),
                                     second_said))
        if second.done and second.ended < killed_at:
            return CONTRADICTED, ("refused: %s, while the first (task %d) still ran"
                                  % (second_said, first_id))
        if answer is not True:
            return NOT_DECIDED, ("killTask(%d) returned %r %.2f s after the second call was "
                                 "sent, the first still running: whether the first still "
                                 "held the joint cannot be told" % (
                                     first_id, answer, clock.elapsed(second.sent, killed_at)))
        if not first.done:
            return NOT_DECIDED, ("killTask(%d) returned True, but the first call had not "
                                 "returned %.0f s later" % (first_id, self._timing.grace))
        held = first.took(second.sent)  # how long the first held the joint after
        if not second.done:
            return CONTRADICTED, ("the first call (task %d) %s %.2f s after the second was "
                                  "sent, killed; %s %.0f s after that" % (
                                      first_id, first.outcome(), held, second_said,
                                      planned + self._timing.grace))
        started = second.took() - planned  # robot s after it was sent, from its return
        said = ("the first call (task %d) %s %.2f s after the second was sent, on killTask "
                "= True; %s: it started about %.2f s after it was sent"
                % (first_id, first.outcome(), held, second_said, started))
        if second.failed or not at_key:
            return CONTRADICTED, "dropped: %s%s" % (said, "" if second.failed else
                                                    ", short of its key")
        if started < held / 2.0:
            return CONTRADICTED, "ran alongside the first: %s" % said
        return CONFIRMED, "postponed: %s, when the first ended" % said

    # -- setAngles books nothing -----------------------------------------------------------------

    def _set_angles(self, start, step, max_velocity):
        if not self._motion.areResourcesAvailable([JOINT]):
            self._findings.record("set_angles_books_nothing", NOT_DECIDED,
                                  "another task held %s before setAngles" % JOINT)
            return
        self._back(start)  # where an earlier trial may have left it
        target = start + step
        fraction = MAX_SPEED / max_velocity
        self.moved = True
        self._motion.setAngles([JOINT], [float(target)], fraction)
        free = self._motion.areResourcesAvailable([JOINT])
        angle = self._angle()
        rows = self._tasks.rows()
        self._reach(target)
        self._motion.setAngles([JOINT], [float(start)], fraction)
        self._reach(start)
        observed = ("areResourcesAvailable([%s]) = %r right after setAngles (%.4f of its "
                    "maximum speed, %.3f rad/s), the joint %.4f rad from its target; "
                    "getTaskList then: %r" % (JOINT, free, fraction, MAX_SPEED,
                                              abs(target - angle), rows))
        if free is not True:
            result = CONTRADICTED
        elif abs(target - angle) <= TOLERANCE:
            result = NOT_DECIDED
            observed += "; not decided: the joint had arrived, so no booking would show"
        else:
            result = CONFIRMED
        self._findings.record("set_angles_books_nothing", result, observed)

    def _reach(self, target):
        """Wait until the joint is commanded at ``target``, at most ``grace`` s."""
        began = self._clock.now()
        while (abs(self._angle() - target) > TOLERANCE
               and self._since(began) < self._timing.grace):
            self._pause(POLL)

    # -- cleaning up -----------------------------------------------------------------------------

    def _stop_ours(self):
        """Kill our calls still running, by their ids; wait for those without one."""
        for call in self._ours:
            if not call.done and call.task is not None:
                self._motion.killTask(call.task)
        for call in self._ours:
            call.wait(self._timing.slow_call + self._timing.grace)

    def _back(self, start):
        back(self._motion, JOINT, start, self._timing)

    def _record_ids(self):
        ids = [call.task for call in self._ours if call.task is not None]
        if len(ids) < 2:
            self._findings.not_decided(("task_ids_increase",), "fewer than two of the "
                                       "check's tasks were found in getTaskList: %r" % ids)
            return
        rising = all(later > earlier for earlier, later in zip(ids, ids[1:]))
        self._findings.record("task_ids_increase", CONFIRMED if rising else CONTRADICTED,
                              "%s, in the order the calls were sent" % ids)
