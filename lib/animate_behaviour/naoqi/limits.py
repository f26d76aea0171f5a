"""The joints' limits as the robot says them: ``ALMotion.getLimits``, which supersedes
pepper.urdf's (planning.joints) on a live robot."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.planning import joints


def read_limits(motion, names, logger):
    """Read ``ALMotion.getLimits`` for each joint; fall back to the URDF table.

    Returns a dict joint -> JointLimit. A joint whose limits cannot be read (the
    service refuses, or returns something malformed) keeps its URDF limits and the
    fallback is logged once at warning level.
    """
    limits = {}
    failed = []
    for joint in names:
        try:
            reply = motion.getLimits(joint)
            minimum, maximum, max_velocity = [float(value) for value in reply[0][:3]]
        except (RuntimeError, TypeError, ValueError, IndexError) as err:
            failed.append("%s (%s)" % (joint, err))
            limits[joint] = joints.URDF_LIMITS[joint]
            continue
        if not minimum < maximum or max_velocity <= 0.0:
            failed.append("%s (nonsensical limits %r)" % (joint, reply[0]))
            limits[joint] = joints.URDF_LIMITS[joint]
            continue
        limits[joint] = joints.JointLimit(minimum, maximum, max_velocity)
    if failed:
        logger.warning("ALMotion.getLimits did not answer for %s; using pepper.urdf limits"
                       % ", ".join(failed))
    return limits
