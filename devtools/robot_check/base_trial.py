"""The base trial, only with --move-base: whether moveTo blocks until the pose is reached
(docs/naoqi.md, "ALMotion tasks: postponement, task lists, killing", "The base"). A turn
of THETA on the spot and back; nothing else moves the base."""
from animate_behaviour.planning.trajectory import wrap_angle
from robot_check.facts import CONFIRMED, CONTRADICTED, NOT_TRIED
from robot_check.tasks import Sent

KEY = "move_to_blocks"
THETA = 0.05  # rad
HEADING_TOLERANCE = 0.005  # rad: a turn back smaller than this is not sent


def try_move_to(motion, findings, timing):
    """Turn THETA with moveTo and back on ``motion`` (ALMotion); the finding goes to
    ``findings``."""
    if motion.moveIsActive():
        findings.record(KEY, NOT_TRIED, "another app's move was running")
        return
    heading = _heading(motion)
    call = Sent(motion, "moveTo", 0.0, 0.0, THETA)
    try:
        if not call.wait(timing.grace):
            findings.record(KEY, NOT_TRIED, "moveTo had not returned %.0f s after it was "
                            "sent" % timing.grace)
            return
        active = motion.moveIsActive()
        turned = wrap_angle(_heading(motion) - heading)
    finally:
        # Ours: no other move ran when it was sent.
        if not call.done or motion.moveIsActive():
            motion.stopMove()
        back = wrap_angle(heading - _heading(motion))
        if abs(back) > HEADING_TOLERANCE:
            motion.moveTo(0.0, 0.0, back)
    if call.failed or call.value() is False:
        findings.record(KEY, NOT_TRIED, "moveTo %s: refused or interrupted (ALMotion "
                        "refuses to move with the charging flap open)" % call.outcome())
        return
    observed = ("moveTo(0, 0, %.2f) %s with the base turned %.3f rad; moveIsActive() "
                "then %r" % (THETA, call.outcome(), turned, active))
    reached = not active and turned >= THETA / 2.0
    findings.record(KEY, CONFIRMED if reached else CONTRADICTED, observed)


def _heading(motion):
    return motion.getRobotPosition(True)[2]
