"""The base trial, only with --move-base: whether moveTo blocks until the pose is reached
(docs/naoqi.md, "ALMotion tasks: postponement, task lists, killing", "The base"). A turn
of THETA on the spot and back; nothing else moves the base.

A moveTo that blocks is seen moving while its call runs, and done when it returns; one
that returns at once is seen still moving (or not turned) when it returns. A call that
returned before the check could look at the move once does not decide."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.planning.trajectory import wrap_angle
from robot_check import timing as timings
from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_DECIDED, NOT_TRIED
from robot_check.tasks import Sent

KEY = "move_to_blocks"
THETA = 0.05  # rad
HEADING_TOLERANCE = 0.005  # rad: a turn back smaller than this is not sent
POLL = 0.01  # robot s between two looks at the move while moveTo runs


class BaseTrial(object):
    """Turn THETA with moveTo and back on ``motion`` (ALMotion); the finding goes to
    ``findings``. ``moved``: whether moveTo was sent."""

    def __init__(self, motion, findings, timing):
        self._motion = motion
        self._findings = findings
        self._timing = timing
        self._clock = timings.clock(timing)
        self.moved = False

    def run(self):
        motion, clock = self._motion, self._clock
        if not motion.robotIsWakeUp():
            self._findings.record(KEY, NOT_TRIED, "Pepper is not awake (robotIsWakeUp() is "
                                  "False): wake it and run again")
            return
        if motion.moveIsActive():
            self._findings.record(KEY, NOT_TRIED, "another app's move was running")
            return
        heading = self._heading()
        self.moved = True
        call = Sent(clock, motion, "moveTo", 0.0, 0.0, THETA)
        try:
            seen = 0  # moveIsActive() answers True received while the call still ran
            while not call.done and clock.elapsed(call.sent, clock.now()) < self._timing.grace:
                active = motion.moveIsActive()
                seen += bool(active and not call.done)
                call.wait(POLL)
            if not call.done:
                self._findings.record(KEY, NOT_DECIDED, "moveTo had not returned %.0f s "
                                      "after it was sent" % self._timing.grace)
                return
            active = motion.moveIsActive()
            turned = wrap_angle(self._heading() - heading)
        finally:
            turn_back(motion, call, heading)
        self._decide(call, seen, active, turned)

    def _decide(self, call, seen, active, turned):
        if call.failed or call.value() is False:
            self._findings.record(KEY, NOT_DECIDED, "moveTo %s: refused or interrupted "
                                  "(ALMotion refuses to move with the charging flap open)"
                                  % call.outcome())
            return
        observed = ("moveTo(0, 0, %.2f) %s %.2f s after it was sent, the move seen active "
                    "%d times while it ran; then the base turned %.3f rad, moveIsActive() %r"
                    % (THETA, call.outcome(), call.took(), seen, turned, active))
        if active or turned < THETA / 2.0:
            result = CONTRADICTED
        elif not seen:
            result = NOT_DECIDED
            observed += ("; not decided: it returned before the check saw the move once, so "
                         "a move that ended as it returned cannot be told from one that had")
        else:
            result = CONFIRMED
        self._findings.record(KEY, result, observed)

    def _heading(self):
        return heading_of(self._motion)


def heading_of(motion):
    """The base's heading (rad, odometry)."""
    return motion.getRobotPosition(True)[2]


def turn_back(motion, call, heading):
    """After the check's moveTo ``call`` (tasks.Sent; sent when no other move ran, so a
    move still active is ours): stop it, and turn the base back to ``heading`` (rad) if it
    is further than HEADING_TOLERANCE from it."""
    if not call.done or motion.moveIsActive():
        motion.stopMove()
    back = wrap_angle(heading - heading_of(motion))
    if abs(back) > HEADING_TOLERANCE:
        motion.moveTo(0.0, 0.0, back)
