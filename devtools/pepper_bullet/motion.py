"""ALMotion for the qiBullet bridge: pepper_sim's KinematicMotion on the simulated clock.

KinematicMotion already has NAOqi's semantics (validation, blocking angleInterpolation
with lists of times, concurrent tasks on disjoint joints, kills, moveTo/stopMove,
stiffness, recording). Here its eased joint angles and base pose become the physics'
targets at every step, and the sensor readings come from the simulation.
"""
from pepper_sim.motion import KinematicMotion

from pepper_bullet.physics import SIMULATED_JOINTS


class BulletMotion(KinematicMotion):
    """ALMotion whose joints and base are those of a :class:`physics.PepperPhysics`.

    ``getAngles(names, True)`` and ``getRobotPosition(True)`` read the simulation's
    sensors; with False they return the commanded values, as on NAOqi. Record times are
    simulated seconds.
    """

    def __init__(self, physics):
        KinematicMotion.__init__(self, clock=physics.clock)
        self._physics = physics

    def targets(self, now):
        """(angles, stiffness, pose) commanded at simulated time ``now`` (s): the physics
        thread's target source."""
        with self._cond:
            angles = dict((joint, self._current_angle(joint, now))
                          for joint in SIMULATED_JOINTS)
            return angles, dict(self._stiffness), self._current_pose(now)

    def getAngles(self, names, useSensors):
        """Angles (rad) of a joint, chain ("Body") or list: measured by the simulation
        when ``useSensors``, else commanded."""
        if not useSensors:
            return KinematicMotion.getAngles(self, names, useSensors)
        self._record("getAngles", (names, useSensors))
        return [float(angle) for angle in
                self._physics.measured(self._resolve(names, "getAngles"))]

    def getRobotPosition(self, useSensors):
        """[x m, y m, theta rad] in the world frame: the simulated base's when
        ``useSensors``, else the commanded odometry."""
        if not useSensors:
            return KinematicMotion.getRobotPosition(self, useSensors)
        self._record("getRobotPosition", (useSensors,))
        return [float(value) for value in self._physics.pose()]
