"""The arm trials: ALMotion's task rules tried on one joint (facts.JOINT), a few degrees
at low speed and back to where it was, with its stiffness as it was (docs/naoqi.md,
"ALMotion tasks: postponement, task lists, killing")."""
import math
import time

from robot_check.facts import CONFIRMED, CONTRADICTED, JOINT, NOT_TRIED
from robot_check.tasks import Sent, TaskList, row_id, shape

STEP = math.radians(5.0)  # how far from where it was the joint goes
TOLERANCE = math.radians(0.5)  # a commanded angle this close to a target is at it
SET_ANGLES_SPEED = 0.05  # setAngles' fraction of the joint's maximum speed
POLL = 0.05  # s between two readings of a joint on its way
FACTS = ("task_list_shape", "busy_joint_postponed", "postponed_listed",
         "task_ids_increase", "kill_by_id", "set_angles_books_nothing")


class ArmTrials(object):
    """Tries FACTS on ``motion`` (an ALMotion proxy) into ``findings`` (facts.Findings),
    timed by ``timing`` (timing.Timing)."""

    def __init__(self, motion, findings, timing):
        self._motion = motion
        self._findings = findings
        self._timing = timing
        self._tasks = TaskList(motion)
        self._ours = []  # every call sent (Sent)

    def run(self):
        why = self._cannot_move()
        if why is not None:
            self._findings.not_tried(FACTS, why)
            return
        start = self._angle()
        stiffness = self._motion.getStiffnesses(JOINT)[0]
        # Toward the middle of the joint's range, far from its limits.
        minimum, maximum = self._motion.getLimits(JOINT)[0][:2]
        step = STEP if start < (minimum + maximum) / 2.0 else -STEP
        try:
            if stiffness < 1.0:
                self._motion.setStiffnesses(JOINT, 1.0)
            for trial, keys in ((self._kill, ("kill_by_id",)),
                                (self._postpone, ("busy_joint_postponed", "postponed_listed")),
                                (self._set_angles, ("set_angles_books_nothing",))):
                try:
                    trial(start, step)
                except RuntimeError as err:
                    self._findings.not_tried(keys, "ALMotion failed: %s" % err)
                self._stop_ours()  # each trial starts with no call of ours running
        finally:
            self._stop_ours()
            self._back(start)
            if stiffness < 1.0:
                self._motion.setStiffnesses(JOINT, stiffness)
        self._findings.record("task_list_shape", *shape(self._tasks.answers))
        self._record_ids()

    def _cannot_move(self):
        if not self._motion.robotIsWakeUp():
            return "Pepper is not awake (robotIsWakeUp() is False): wake it and run again"
        if not self._motion.areResourcesAvailable([JOINT]):
            return "another task holds %s: run the check with no app moving the arm" % JOINT
        return None

    def _angle(self):
        return self._motion.getAngles(JOINT, False)[0]

    def _send(self, target, seconds):
        call = Sent(self._motion, "angleInterpolation", [JOINT], [float(target)],
                    [float(seconds)], True)
        self._ours.append(call)
        return call

    def _identify(self, call, before):
        """``call``'s task id from the task list (None if it cannot be told)."""
        row = self._tasks.new_row(before, call, self._timing.grace)
        call.task = None if row is None else row_id(row)
        return call.task

    def _kill(self, start, step):
        key = start + step
        before = self._tasks.ids()
        call = self._send(key, self._timing.slow_call)
        task = self._identify(call, before)
        if task is None:
            self._findings.record("kill_by_id", NOT_TRIED, "the call's task was not found "
                                  "alone in getTaskList (none, or another task started too)")
            return
        answer = self._motion.killTask(task)
        if not call.wait(self._timing.grace):
            self._findings.record("kill_by_id", CONTRADICTED, "killTask(%d) returned %r; the "
                                  "call still ran %.0f s later" % (task, answer,
                                                                   self._timing.grace))
            return
        took = time.monotonic() - call.sent
        stopped = self._angle()
        listed = task in self._tasks.ids()
        time.sleep(self._timing.settle)
        later = self._angle()
        observed = ("killTask(%d) returned %r; the call %s %.2f s after it was sent (planned "
                    "%.0f s); %s then %.4f rad from its key, %.4f rad %.1f s later; task %s"
                    % (task, answer, call.outcome(), took, self._timing.slow_call, JOINT,
                       abs(key - stopped), abs(key - later), self._timing.settle,
                       "still listed" if listed else "no longer listed"))
        killed = abs(key - stopped) > TOLERANCE and abs(later - stopped) <= TOLERANCE
        self._findings.record("kill_by_id", CONFIRMED if killed and not listed
                              else CONTRADICTED, observed)

    def _postpone(self, start, step):
        before = self._tasks.ids()
        first = self._send(start + step, self._timing.slow_call)
        first_id = self._identify(first, before)
        if first_id is None:
            self._findings.not_tried(("busy_joint_postponed", "postponed_listed"),
                                     "the first call's task was not found alone in "
                                     "getTaskList (none, or another task started too)")
            return
        second = self._send(start, self._timing.short_call)
        row = self._tasks.new_row(before | set([first_id]), second, self._timing.listing)
        second.task = None if row is None else row_id(row)
        early = second.done  # returned while the first held the joint
        self._motion.killTask(first_id)  # else it ends by itself, slowly
        first.wait(self._timing.slow_call + self._timing.grace)
        second.wait(self._timing.short_call + self._timing.grace)
        if early:
            waited = CONTRADICTED, ("refused: the second call %s while the first (task %d) "
                                    "held %s" % (second.outcome(), first_id, JOINT))
        elif not second.done or second.failed:
            waited = CONTRADICTED, ("the second call waited while the first held %s, then %s"
                                    % (JOINT, second.outcome() if second.done else
                                       "had not returned %.0f s after it"
                                       % (self._timing.short_call + self._timing.grace)))
        else:
            waited = CONFIRMED, ("the second call waited while the first (task %d) held %s, "
                                 "then %s" % (first_id, JOINT, second.outcome()))
        self._findings.record("busy_joint_postponed", *waited)
        if waited[0] != CONFIRMED:
            self._findings.record("postponed_listed", NOT_TRIED,
                                  "the second call was not postponed")
        elif row is not None:
            self._findings.record("postponed_listed", CONFIRMED,
                                  "listed while it waited: %r" % (row,))
        else:
            self._findings.record("postponed_listed", CONTRADICTED,
                                  "no new task in getTaskList for %.1f s while it waited"
                                  % self._timing.listing)

    def _set_angles(self, start, step):
        if not self._motion.areResourcesAvailable([JOINT]):
            self._findings.record("set_angles_books_nothing", NOT_TRIED,
                                  "another task held %s before setAngles" % JOINT)
            return
        target = start + step
        self._motion.setAngles([JOINT], [float(target)], SET_ANGLES_SPEED)
        free = self._motion.areResourcesAvailable([JOINT])
        angle = self._angle()
        rows = self._tasks.rows()
        self._reach(target)
        self._motion.setAngles([JOINT], [float(start)], SET_ANGLES_SPEED)
        self._reach(start)
        self._findings.record(
            "set_angles_books_nothing", CONFIRMED if free is True else CONTRADICTED,
            "areResourcesAvailable([%s]) = %r right after setAngles (%.2f of its maximum "
            "speed), the joint %.4f rad from its target; getTaskList then: %r"
            % (JOINT, free, SET_ANGLES_SPEED, abs(target - angle), rows))

    def _reach(self, target):
        """Wait until the joint is commanded at ``target``, at most ``grace`` s."""
        deadline = time.monotonic() + self._timing.grace
        while abs(self._angle() - target) > TOLERANCE and time.monotonic() < deadline:
            time.sleep(POLL)

    def _stop_ours(self):
        """Kill our calls still running, by their ids; wait for those without one."""
        for call in self._ours:
            if not call.done and call.task is not None:
                self._motion.killTask(call.task)
        for call in self._ours:
            call.wait(self._timing.slow_call + self._timing.grace)

    def _back(self, start):
        if abs(self._angle() - start) > TOLERANCE:
            self._motion.angleInterpolation([JOINT], [float(start)], [self._timing.back],
                                            True)

    def _record_ids(self):
        ids = [call.task for call in self._ours if call.task is not None]
        if len(ids) < 2:
            self._findings.not_tried(("task_ids_increase",), "fewer than two of the "
                                     "check's tasks were found in getTaskList: %r" % ids)
            return
        rising = all(later > earlier for earlier, later in zip(ids, ids[1:]))
        self._findings.record("task_ids_increase", CONFIRMED if rising else CONTRADICTED,
                              "%s, in the order the calls were sent" % ids)
